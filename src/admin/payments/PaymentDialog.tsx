/**
 * 'Registrer innbetaling' on an invoice's page: amount in kroner with øre, the day it was paid
 * (not in the future), the method and a note. The server's refusal of a field shows under it and
 * the dialog keeps what was typed.
 */
import { yupResolver } from '@hookform/resolvers/yup';
import type { FieldValues, Resolver } from 'react-hook-form';
import { SelectInput, TextInput, useDataProvider, useTranslate } from 'react-admin';
import { formatKroner, parseKroner, todayIso } from '../../common/format.ts';
import type { InvoiceDetails, StaffDataProvider } from '../../dataProvider/index.ts';
import { DateInput } from '../dates/DateInput.tsx';
import { withDateChecks } from '../dates/withDateChecks.ts';
import { InvoiceActionDialog } from './InvoiceActionDialog.tsx';
import { paymentSchema, STAFF_PAYMENT_METHODS, type PaymentValues } from './invoiceSchemas.ts';
import { useInvoiceAction } from './useInvoiceAction.ts';
import '../../i18n/app/payments-pages-nb.ts';

const resolver = withDateChecks(yupResolver(paymentSchema) as unknown as Resolver<FieldValues>, ['paid_on']);

export default function PaymentDialog({ invoice, open, onClose }: { invoice: InvoiceDetails; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const { mutateAsync } = useInvoiceAction(invoice.id, dataProvider.invoicePayment);
  const methods = STAFF_PAYMENT_METHODS.map((method) => ({ id: method, name: translate(`app.payments.methods.${method}`) }));
  const call = (values: FieldValues) => {
    const { amount, paid_on: paidOn, method, note } = values as PaymentValues;
    return mutateAsync({ amount: parseKroner(amount) ?? 0, paid_on: paidOn, method, ...(note?.trim() ? { note: note.trim() } : {}) });
  };

  return (
    <InvoiceActionDialog
      id="payment"
      open={open}
      onClose={onClose}
      title={translate('app.payments.payment.title', { number: invoice.number })}
      text={translate('app.payments.payment.outstanding', { amount: formatKroner(invoice.outstanding) })}
      resolver={resolver}
      defaultValues={{ amount: '', paid_on: todayIso(), method: 'bank', note: '' }}
      submit="app.payments.payment.submit"
      done="app.payments.payment.done"
      call={call}
    >
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
    </InvoiceActionDialog>
  );
}
