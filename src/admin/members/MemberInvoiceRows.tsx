/** The member's invoices, newest first (react-admin's default sort, -id), paged by the server; a number opens the invoice's page. */
import type { MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { DataTable, ReferenceManyField, useListContext, useTranslate } from 'react-admin';
import { formatDate, formatKroner } from '../../common/format.ts';
import type { Invoice } from '../../dataProvider/index.ts';
import { PageOf, usePageCount } from '../lists/PageOf.tsx';
import { InvoiceStateChip } from '../payments/InvoiceState.tsx';
import { paths } from '../paths.ts';
import '../../i18n/app/payments-pages-nb.ts';

// The server pages by 25, 50, 75 or 100 (a 10 is refused with 422, and the section said only 'Noe gikk galt').
const PAGE_SIZE = 25;
const Column = DataTable.Col<Invoice>;
const stop = (event: MouseEvent) => event.stopPropagation();

function Rows() {
  const translate = useTranslate();
  const { error, isPending } = useListContext<Invoice>();
  const pages = usePageCount();
  if (error) return <Alert severity="error">{translate('app.errors.generic')}</Alert>;
  if (isPending) return <Typography>{translate('app.loading')}</Typography>;
  return (
    <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="group" aria-labelledby="member-invoices-title">
      <DataTable<Invoice>
        bulkActionButtons={false}
        rowClick={(id) => paths.invoice(id)}
        size="small"
        empty={<Typography color="text.secondary">{translate('app.payments.member.empty')}</Typography>}
      >
        <Column
          source="number"
          render={(invoice) => (
            <Link component={RouterLink} to={paths.invoice(invoice.id)} onClick={stop}>
              {invoice.number}
            </Link>
          )}
        />
        <Column source="year" disableSort />
        <Column source="due_date" disableSort render={(invoice) => formatDate(invoice.due_date)} />
        <Column source="total" disableSort align="right" render={(invoice) => formatKroner(invoice.total)} />
        <Column source="outstanding" disableSort align="right" render={(invoice) => formatKroner(invoice.outstanding)} />
        <Column source="state" disableSort render={(invoice) => <InvoiceStateChip state={invoice.state} overdue={invoice.overdue} />} />
      </DataTable>
      {pages > 1 && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
          <PageOf />
        </Box>
      )}
    </Box>
  );
}

export default function MemberInvoiceRows() {
  return (
    <ReferenceManyField reference="member-invoices" target="member_id" perPage={PAGE_SIZE} pagination={false}>
      <Rows />
    </ReferenceManyField>
  );
}
