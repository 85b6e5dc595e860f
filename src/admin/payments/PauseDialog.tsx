/**
 * 'Utsett purring' on an invoice's page: the last day reminders (and lapse) wait, at most a year
 * ahead, and why; the reason stands in the invoice's history. A pause already set is named, and a
 * new one replaces it.
 */
import { yupResolver } from '@hookform/resolvers/yup';
import type { FieldValues, Resolver } from 'react-hook-form';
import { TextInput, useDataProvider, useTranslate } from 'react-admin';
import { formatDate, todayIso } from '../../common/format.ts';
import type { InvoiceDetails, StaffDataProvider } from '../../dataProvider/index.ts';
import { DateInput } from '../dates/DateInput.tsx';
import { withDateChecks } from '../dates/withDateChecks.ts';
import { InvoiceActionDialog } from './InvoiceActionDialog.tsx';
import { pauseSchema, type PauseValues } from './invoiceSchemas.ts';
import { useInvoiceAction } from './useInvoiceAction.ts';
import '../../i18n/app/payments-pages-nb.ts';

const resolver = withDateChecks(yupResolver(pauseSchema) as unknown as Resolver<FieldValues>, ['until']);

/** Two weeks from today: a common wait while a member sorts out a payment. */
function inTwoWeeks(): string {
  const [year, month, day] = todayIso().split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + 14)).toISOString().slice(0, 10);
}

export default function PauseDialog({ invoice, open, onClose }: { invoice: InvoiceDetails; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const { mutateAsync } = useInvoiceAction(invoice.id, dataProvider.invoicePauseReminders);
  const call = (values: FieldValues) => {
    const { until, reason } = values as PauseValues;
    return mutateAsync({ until, reason: reason.trim() });
  };
  const paused =
    invoice.reminders_paused_until && invoice.reminders_paused_until >= todayIso()
      ? ` ${translate('app.payments.pause.paused', { date: formatDate(invoice.reminders_paused_until) })}`
      : '';

  return (
    <InvoiceActionDialog
      id="pause"
      open={open}
      onClose={onClose}
      title={translate('app.payments.pause.title', { number: invoice.number })}
      text={translate('app.payments.pause.text') + paused}
      resolver={resolver}
      defaultValues={{ until: inTwoWeeks(), reason: '' }}
      submit="app.payments.pause.submit"
      done="app.payments.pause.done"
      call={call}
    >
      <DateInput source="until" label="app.payments.pause.until" isRequired />
      <TextInput source="reason" label="app.payments.pause.reason" isRequired autoFocus multiline minRows={2} fullWidth />
    </InvoiceActionDialog>
  );
}
