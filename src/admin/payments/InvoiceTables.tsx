/**
 * The tables of an invoice's page: its lines, its history ('Historikk'), its payments
 * ('Innbetalinger') and its credits, each under its own heading, with an empty text when there is
 * nothing; and, only where there is any, 'Vipps': payments from Min side and the changes of the
 * charge on the member's agreement. Plain MUI tables: they show what the invoice's answer carries, no paging or sorting.
 */
import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { formatDate, formatKroner, formatTime } from '../../common/format.ts';
import type { InvoiceDetails } from '../../dataProvider/index.ts';
import { stateLabel } from './InvoiceState.tsx';
import '../../i18n/app/payments-pages-nb.ts';
import '../../i18n/app/payment-files-pages-nb.ts';
import '../../i18n/app/vipps-agreement-pages-nb.ts';

interface Column<T> {
  key: string;
  render: (row: T) => ReactNode;
  money?: boolean;
}

/** A heading and its table; the table's scrolling box is the region the heading names (one landmark per table). */
function Section<T extends { id: number }>({ name, rows, columns }: { name: string; rows: T[]; columns: Column<T>[] }) {
  const translate = useTranslate();
  const heading = `invoice-${name}-title`;
  return (
    <Paper sx={{ p: 2, mt: 3 }}>
      <Typography id={heading} variant="h6" component="h2" gutterBottom>
        {translate(`app.payments.${name}.title`)}
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{translate(`app.payments.${name}.empty`)}</Typography>
      ) : (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-labelledby={heading}>
          <Table size="small">
            <TableHead>
              <TableRow>
                {columns.map((column) => (
                  <TableCell key={column.key} align={column.money ? 'right' : 'left'}>
                    {translate(`app.payments.${name}.${column.key}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id}>
                  {columns.map((column) => (
                    <TableCell key={column.key} align={column.money ? 'right' : 'left'} sx={column.money ? { whiteSpace: 'nowrap' } : undefined}>
                      {column.render(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </Paper>
  );
}

const when = (at: string) => `${formatDate(at)} ${formatTime(at)}`;

/** A Vipps state in words: an ePayment's (our row's) or a charge's. */
function useVippsState() {
  const translate = useTranslate();
  return (kind: InvoiceDetails['vipps'][number]['kind'], state: string | null) =>
    state === null
      ? ''
      : kind === 'payment'
        ? translate(`app.payments.vipps.payment_states.${state}`, { _: state })
        : translate(`app.vipps_agreement.charge_states.${state}`, { _: state });
}
const period = (from: string, to: string) => `${formatDate(from)} – ${formatDate(to)}`;

export function InvoiceTables({ invoice }: { invoice: InvoiceDetails }) {
  const translate = useTranslate();
  const vippsState = useVippsState();
  return (
    <>
      <Section
        name="lines"
        rows={invoice.lines}
        columns={[
          { key: 'product', render: (line) => line.product_name },
          { key: 'description', render: (line) => line.description },
          { key: 'period', render: (line) => period(line.period_from, line.period_to) },
          { key: 'amount', money: true, render: (line) => formatKroner(line.amount) },
        ]}
      />
      <Section
        name="events"
        rows={invoice.events}
        columns={[
          { key: 'at', render: (event) => when(event.at) },
          {
            key: 'change',
            render: (event) =>
              event.from_state
                ? translate('app.payments.events.from_to', { from: translate(stateLabel(event.from_state)), to: translate(stateLabel(event.to_state)) })
                : translate(stateLabel(event.to_state)),
          },
          { key: 'actor', render: (event) => event.actor_name },
          { key: 'reason', render: (event) => event.reason ?? '' },
        ]}
      />
      <Section
        name="payments"
        rows={invoice.payments}
        columns={[
          { key: 'paid_on', render: (payment) => formatDate(payment.paid_on) },
          { key: 'amount', money: true, render: (payment) => formatKroner(payment.amount) },
          { key: 'method', render: (payment) => translate(`app.payments.methods.${payment.method}`, { _: payment.method }) },
          { key: 'note', render: (payment) => payment.note ?? '' },
          { key: 'by', render: (payment) => payment.registered_by_name ?? translate('app.payments.system') },
        ]}
      />
      <Section
        name="credits"
        rows={invoice.credits}
        columns={[
          { key: 'at', render: (credit) => when(credit.created_at) },
          { key: 'amount', money: true, render: (credit) => formatKroner(credit.amount) },
          { key: 'reason', render: (credit) => credit.reason },
          { key: 'by', render: (credit) => credit.created_by_name },
        ]}
      />
      {invoice.vipps.length > 0 && (
        <Section
          name="vipps"
          rows={invoice.vipps}
          columns={[
            { key: 'at', render: (entry) => when(entry.at) },
            { key: 'kind', render: (entry) => translate(`app.payments.vipps.kinds.${entry.kind}`) },
            { key: 'reference', render: (entry) => entry.reference },
            {
              key: 'change',
              render: (entry) =>
                entry.from_state
                  ? translate('app.payments.events.from_to', { from: vippsState(entry.kind, entry.from_state), to: vippsState(entry.kind, entry.to_state) })
                  : vippsState(entry.kind, entry.to_state),
            },
            { key: 'amount', money: true, render: (entry) => formatKroner(entry.amount) },
            { key: 'note', render: (entry) => entry.note ?? '' },
          ]}
        />
      )}
    </>
  );
}
