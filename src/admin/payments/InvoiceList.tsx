/**
 * '/payments' ('Betaling'): every invoice, filtered by year, state, channel, overdue, campaign code
 * or a search, with the aging of what is outstanding first (each age filters the list), the sums
 * over all it matches above the table and its exports. A row (or its
 * number, for the keyboard) opens the invoice's page; 'Innbetalinger fra banken' leads to the OCR files.
 */
import type { MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AccountBalance from '@mui/icons-material/AccountBalance';
import { DataTable, ListBase, useListContext, useTranslate } from 'react-admin';
import { LoadingContent } from '../layout/TitledScreens.tsx';
import { formatDate, formatKroner } from '../../common/format.ts';
import type { Invoice } from '../../dataProvider/index.ts';
import { ListSpace } from '../lists/ListSpace.tsx';
import { QueuePage } from '../lists/QueueList.tsx';
import { paths } from '../paths.ts';
import { ExportMenu } from './ExportMenu.tsx';
import { InvoiceAging } from './InvoiceAging.tsx';
import { InvoiceFilters } from './InvoiceFilters.tsx';
import { channelLabel, InvoiceStateChip } from './InvoiceState.tsx';
import { InvoiceTotals } from './InvoiceTotals.tsx';
import '../../i18n/app/payments-pages-nb.ts';
import '../../i18n/app/payment-files-pages-nb.ts';

const Column = DataTable.Col<Invoice>;
const stop = (event: MouseEvent) => event.stopPropagation();
/** On a phone the year (the filter says it) and the channel give their room to the sums and the state. */
const wide = { display: { xs: 'none', md: 'table-cell' } } as const;
const money = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

function InvoiceTable() {
  const translate = useTranslate();
  const { error } = useListContext();
  if (error) return <Alert severity="error">{translate('app.errors.generic')}</Alert>;
  return (
    <Paper sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-labelledby="invoices-heading">
      <DataTable<Invoice>
        rowClick={(id) => paths.invoice(id)}
        bulkActionButtons={false}
        size="small"
        empty={<Typography sx={{ p: 3 }}>{translate('app.payments.empty')}</Typography>}
      >
        <Column
          source="number"
          render={(invoice) => (
            <Link component={RouterLink} to={paths.invoice(invoice.id)} onClick={stop}>
              {invoice.number}
            </Link>
          )}
        />
        <Column
          source="member_name"
          render={(invoice) => (
            <Link component={RouterLink} to={paths.editMember(invoice.member_id)} onClick={stop}>
              {[invoice.member_number, invoice.member_name].filter(Boolean).join(' - ')}
            </Link>
          )}
        />
        <Column source="year" disableSort sx={wide} />
        <Column source="due_date" render={(invoice) => formatDate(invoice.due_date)} />
        <Column source="total" align="right" sx={money} render={(invoice) => formatKroner(invoice.total)} />
        <Column source="outstanding" align="right" sx={money} render={(invoice) => formatKroner(invoice.outstanding)} />
        <Column source="state" render={(invoice) => <InvoiceStateChip state={invoice.state} overdue={invoice.overdue} />} />
        <Column source="channel" disableSort sx={wide} render={(invoice) => translate(channelLabel(invoice.channel))} />
      </DataTable>
    </Paper>
  );
}

function Title() {
  const translate = useTranslate();
  return <>{translate('app.payments.title')}</>;
}

export function InvoiceList() {
  const translate = useTranslate();
  return (
    <ListBase<Invoice>
      resource="invoices"
      perPage={25}
      sort={{ field: 'number', order: 'DESC' }}
      authLoading={<LoadingContent />}
      disableSyncWithLocation
      offline={false}
    >
      <QueuePage title={<Title />}>
        <Box sx={{ minHeight: '100vh' }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, my: 2 }}>
            <Typography id="invoices-heading" variant="h5" component="h1">
              {translate('app.payments.title')}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <Button component={RouterLink} to={paths.paymentFiles} variant="outlined" startIcon={<AccountBalance />}>
                {translate('app.payments.files.open')}
              </Button>
              <ExportMenu />
            </Box>
          </Box>
          <InvoiceAging />
          <InvoiceFilters />
          <InvoiceTotals />
          <ListSpace>
            <InvoiceTable />
          </ListSpace>
        </Box>
      </QueuePage>
    </ListBase>
  );
}

export default InvoiceList;
