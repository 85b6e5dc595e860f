/**
 * 'Krediter' on an invoice's page: an amount in kroner (left empty, all that is outstanding) and
 * the reason, which the history and the credit note show.
 */
import { yupResolver } from '@hookform/resolvers/yup';
import type { FieldValues, Resolver } from 'react-hook-form';
import { TextInput, useDataProvider, useTranslate } from 'react-admin';
import { formatKroner, parseKroner } from '../../common/format.ts';
import type { InvoiceDetails, StaffDataProvider } from '../../dataProvider/index.ts';
import { InvoiceActionDialog } from './InvoiceActionDialog.tsx';
import { creditSchema, type CreditValues } from './invoiceSchemas.ts';
import { useInvoiceAction } from './useInvoiceAction.ts';
import '../../i18n/app/payments-pages-nb.ts';

const resolver = yupResolver(creditSchema) as unknown as Resolver<FieldValues>;

export default function CreditDialog({ invoice, open, onClose }: { invoice: InvoiceDetails; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const { mutateAsync } = useInvoiceAction(invoice.id, dataProvider.invoiceCredit);
  const call = (values: FieldValues) => {
    const { amount, reason } = values as CreditValues;
    const ore = amount ? parseKroner(amount) : null;
    return mutateAsync({ reason: reason.trim(), ...(ore === null ? {} : { amount: ore }) });
  };

  return (
    <InvoiceActionDialog
      id="credit"
      open={open}
      onClose={onClose}
      title={translate('app.payments.credit.title', { number: invoice.number })}
      text={translate('app.payments.credit.text', { amount: formatKroner(invoice.outstanding) })}
      resolver={resolver}
      defaultValues={{ amount: '', reason: '' }}
      submit="app.payments.credit.submit"
      done="app.payments.credit.done"
      call={call}
    >
      <TextInput
        source="amount"
        label="app.payments.credit.amount"
        helperText="app.payments.credit.amount_help"
        autoFocus
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
      />
      <TextInput source="reason" label="app.payments.credit.reason" isRequired multiline minRows={2} fullWidth />
    </InvoiceActionDialog>
  );
}
