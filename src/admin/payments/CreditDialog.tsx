/**
 * 'Krediter' on an invoice's page: an amount in kroner (left empty, all that is outstanding) and
 * the reason, which the history and the credit note show.
 */
import { yupResolver } from '@hookform/resolvers/yup';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { FieldValues, Resolver } from 'react-hook-form';
import { Form, TextInput, useDataProvider, useTranslate } from 'react-admin';
import { formatKroner, parseKroner } from '../../common/format.ts';
import type { InvoiceDetails, StaffDataProvider } from '../../dataProvider/index.ts';
import { DialogActionsRow } from './DialogActionsRow.tsx';
import { creditSchema, type CreditValues } from './invoiceSchemas.ts';
import { submitInvoiceAction } from './submitInvoiceAction.ts';
import { useInvoiceAction } from './useInvoiceAction.ts';
import { useToast } from '../toast.tsx';
import { NO_RECORD } from './submitInvoiceAction.ts';

const resolver = yupResolver(creditSchema) as unknown as Resolver<FieldValues>;

export default function CreditDialog({ invoice, open, onClose }: { invoice: InvoiceDetails; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const toast = useToast();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const { mutateAsync } = useInvoiceAction(invoice.id, dataProvider.invoiceCredit);

  const save = (values: CreditValues) => {
    const amount = values.amount ? parseKroner(values.amount) : null;
    return submitInvoiceAction(
      () => mutateAsync({ reason: values.reason.trim(), ...(amount === null ? {} : { amount }) }),
      { toast, done: 'app.payments.credit.done', onClose },
    );
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="credit-title" aria-describedby="credit-text" fullWidth maxWidth="sm">
      <DialogTitle id="credit-title">{translate('app.payments.credit.title', { number: invoice.number })}</DialogTitle>
      <Form
        resolver={resolver}
        record={NO_RECORD}
        defaultValues={{ amount: '', reason: '' }}
        onSubmit={(values: FieldValues) => save(values as CreditValues)}
        // As the payment dialog: the reason's message is under its field, not in a toast that stays.
        disableInvalidFormNotification
        noValidate
      >
        <DialogContent sx={{ pt: 0 }}>
          <DialogContentText id="credit-text" sx={{ mb: 2 }}>
            {translate('app.payments.credit.text', { amount: formatKroner(invoice.outstanding) })}
          </DialogContentText>
          <TextInput
            source="amount"
            label="app.payments.credit.amount"
            helperText="app.payments.credit.amount_help"
            autoFocus
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
          />
          <TextInput source="reason" label="app.payments.credit.reason" isRequired multiline minRows={2} fullWidth />
        </DialogContent>
        <DialogActionsRow onClose={onClose} submit="app.payments.credit.submit" />
      </Form>
    </Dialog>
  );
}
