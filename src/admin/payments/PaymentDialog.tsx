/**
 * 'Registrer innbetaling' on an invoice's page: amount in kroner with øre, the day it was paid
 * (not in the future), the method and a note. The server's refusal of a field shows under it and
 * the dialog keeps what was typed.
 */
import { yupResolver } from '@hookform/resolvers/yup';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { FieldValues, Resolver } from 'react-hook-form';
import { Form, SelectInput, TextInput, useDataProvider, useTranslate } from 'react-admin';
import { formatKroner, parseKroner, todayIso } from '../../common/format.ts';
import type { InvoiceDetails, StaffDataProvider } from '../../dataProvider/index.ts';
import { DateInput } from '../dates/DateInput.tsx';
import { withDateChecks } from '../dates/withDateChecks.ts';
import { DialogActionsRow } from './DialogActionsRow.tsx';
import { paymentSchema, STAFF_PAYMENT_METHODS, type PaymentValues } from './invoiceSchemas.ts';
import { submitInvoiceAction } from './submitInvoiceAction.ts';
import { useInvoiceAction } from './useInvoiceAction.ts';
import { useToast } from '../toast.tsx';
import { NO_RECORD } from './submitInvoiceAction.ts';

const resolver = withDateChecks(yupResolver(paymentSchema) as unknown as Resolver<FieldValues>, ['paid_on']);

export default function PaymentDialog({ invoice, open, onClose }: { invoice: InvoiceDetails; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const toast = useToast();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const { mutateAsync } = useInvoiceAction(invoice.id, dataProvider.invoicePayment);
  const methods = STAFF_PAYMENT_METHODS.map((method) => ({ id: method, name: translate(`app.payments.methods.${method}`) }));

  const save = (values: PaymentValues) => submitInvoiceAction(
    () => mutateAsync({
      amount: parseKroner(values.amount) ?? 0,
      paid_on: values.paid_on,
      method: values.method,
      ...(values.note?.trim() ? { note: values.note.trim() } : {}),
    }),
    { toast, done: 'app.payments.payment.done', onClose },
  );

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="payment-title" aria-describedby="payment-text" fullWidth maxWidth="sm">
      <DialogTitle id="payment-title">{translate('app.payments.payment.title', { number: invoice.number })}</DialogTitle>
      <Form
        resolver={resolver}
        record={NO_RECORD}
        // What is wrong shows under its field, and the keyboard is taken there; react-admin's
        // 'Skjemaet er ikke gyldig' toast would stay until dismissed and hold back the next one.
        disableInvalidFormNotification
        defaultValues={{ amount: '', paid_on: todayIso(), method: 'bank', note: '' }}
        onSubmit={(values: FieldValues) => save(values as PaymentValues)}
        noValidate
      >
        <DialogContent sx={{ pt: 0 }}>
          <DialogContentText id="payment-text" sx={{ mb: 2 }}>
            {translate('app.payments.payment.outstanding', { amount: formatKroner(invoice.outstanding) })}
          </DialogContentText>
          <TextInput
            source="amount"
            label="app.payments.payment.amount"
            helperText="app.payments.payment.amount_help"
            isRequired
            autoFocus
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
          />
          <DateInput source="paid_on" label="app.payments.payment.paid_on" isRequired />
          <SelectInput source="method" label="app.payments.payment.method" choices={methods} isRequired fullWidth />
          <TextInput source="note" label="app.payments.payment.note" multiline minRows={2} fullWidth />
        </DialogContent>
        <DialogActionsRow onClose={onClose} submit="app.payments.payment.submit" />
      </Form>
    </Dialog>
  );
}
