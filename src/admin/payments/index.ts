import { lazy } from 'react';
import ReceiptLong from '@mui/icons-material/ReceiptLong';

const InvoiceList = lazy(() => import('./InvoiceList.tsx'));
const InvoicePage = lazy(() => import('./InvoicePage.tsx'));

/** '/payments' ('Betaling'): the invoices with their totals, and '/payments/{id}', one invoice and its actions. */
export default {
  area: 'payments',
  icon: ReceiptLong,
  pages: [
    { path: '', component: InvoiceList },
    { path: ':id', component: InvoicePage },
  ],
};
