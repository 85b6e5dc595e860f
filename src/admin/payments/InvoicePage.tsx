/**
 * '/payments/{id}': one invoice: who and what it is for (member, number, KID, dates, channel,
 * state, sums), its actions, its lines, its history, its payments and credits.
 */
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ShowBase, useShowContext, useTranslate } from 'react-admin';
import { LoadingContent } from '../layout/TitledScreens.tsx';
import { LoadFailed, PageHeader } from '../layout/PageHeader.tsx';
import { formatDate, formatKid, formatKroner } from '../../common/format.ts';
import type { InvoiceDetails } from '../../dataProvider/index.ts';
import { paths } from '../paths.ts';
import { InvoiceActions } from './InvoiceActions.tsx';
import { channelLabel, InvoiceStateChip } from './InvoiceState.tsx';
import { InvoiceTables } from './InvoiceTables.tsx';
import '../../i18n/app/payments-pages-nb.ts';

/** The list's rows seed react-admin's cache of single invoices but lack the page's parts: wait for those. */
const isWhole = (record: unknown): record is InvoiceDetails => !!record && Array.isArray((record as InvoiceDetails).lines);

function Fact({ label, children }: { label: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <div>
      <Typography component="dt" variant="body2" color="text.secondary">
        {translate(`app.payments.fields.${label}`)}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {children}
      </Typography>
    </div>
  );
}

function Facts({ invoice }: { invoice: InvoiceDetails }) {
  const translate = useTranslate();
  return (
    <Paper component="section" aria-label={translate('app.payments.facts')} sx={{ p: { xs: 2, sm: 3 } }}>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' }, gap: 2, m: 0 }}>
        <Fact label="member">
          <Link component={RouterLink} to={paths.editMember(invoice.member_id)}>
            {[invoice.member_number, invoice.member_name].filter(Boolean).join(' - ')}
          </Link>
        </Fact>
        <Fact label="number">{invoice.number}</Fact>
        <Fact label="kid">
          <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '1.05em' }}>
            {formatKid(invoice.kid)}
          </Box>
        </Fact>
        <Fact label="state">
          <InvoiceStateChip state={invoice.state} overdue={invoice.overdue} />
        </Fact>
        <Fact label="invoice_date">{formatDate(invoice.invoice_date)}</Fact>
        <Fact label="due_date">{formatDate(invoice.due_date)}</Fact>
        <Fact label="channel">{translate(channelLabel(invoice.channel))}</Fact>
        <Fact label="year">{invoice.year}</Fact>
        <Fact label="total">{formatKroner(invoice.total)}</Fact>
        <Fact label="paid">{formatKroner(invoice.paid)}</Fact>
        <Fact label="credited">{formatKroner(invoice.credited)}</Fact>
        <Fact label="outstanding">
          <strong>{formatKroner(invoice.outstanding)}</strong>
        </Fact>
        {invoice.campaign_code && <Fact label="campaign_code">{invoice.campaign_code}</Fact>}
        {invoice.previous?.number && <Fact label="previous_number">{invoice.previous.number}</Fact>}
        {invoice.previous?.kid && (
          <Fact label="previous_kid">
            <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '1.05em', overflowWrap: 'anywhere' }}>
              {invoice.previous.kid}
            </Box>
          </Fact>
        )}
        {invoice.reminders_paused_until && <Fact label="reminders_paused_until">{formatDate(invoice.reminders_paused_until)}</Fact>}
        {invoice.tripletex.invoice_id !== null && (
          <Fact label="tripletex">
            {invoice.tripletex.url ? (
              <Link href={invoice.tripletex.url} target="_blank" rel="noopener noreferrer">
                {translate('app.payments.tripletex_link', { id: invoice.tripletex.invoice_id })}
              </Link>
            ) : (
              translate('app.payments.tripletex_link', { id: invoice.tripletex.invoice_id })
            )}
          </Fact>
        )}
      </Box>
      {invoice.tripletex.error && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {translate('app.payments.tripletex_error', { error: invoice.tripletex.error })}
        </Alert>
      )}
    </Paper>
  );
}

function InvoiceView() {
  const translate = useTranslate();
  const { record, error } = useShowContext<InvoiceDetails>();
  if (error) return <LoadFailed error={error} back={paths.payments} notFound="app.payments.not_found" notFoundText="app.payments.not_found_text" />;
  if (!isWhole(record)) return <Box sx={{ minHeight: '100vh' }} />;
  return (
    <>
      <PageHeader back={paths.payments} title={translate('app.payments.invoice_title', { number: record.number })} />
      <Facts invoice={record} />
      <InvoiceActions invoice={record} />
      <InvoiceTables invoice={record} />
    </>
  );
}

export function InvoicePage() {
  const { id } = useParams();
  return (
    <ShowBase<InvoiceDetails>
      resource="invoices"
      id={Number(id)}
      authLoading={<LoadingContent />}
      // A missing invoice is said on the page (InvoiceView), not with react-admin's toast and a redirect.
      redirectOnError={false}
      // Always the whole invoice: a list row in the cache would otherwise count as fresh.
      queryOptions={{ refetchOnMount: 'always', onError: () => undefined }}
    >
      <InvoiceView />
    </ShowBase>
  );
}

export default InvoicePage;
