import { lazy } from 'react';
import ReceiptLong from '@mui/icons-material/ReceiptLong';

const InvoiceList = lazy(() => import('./InvoiceList.tsx'));
const InvoicePage = lazy(() => import('./InvoicePage.tsx'));
const PaymentFilesPage = lazy(() => import('./PaymentFilesPage.tsx'));
const PaymentFilePage = lazy(() => import('./PaymentFilePage.tsx'));

/**
 * '/payments' ('Betaling'): the invoices with their totals, '/payments/{id}', one invoice and its
 * actions, and 'Innbetalinger': '/payments/files', the bank's OCR files, and '/payments/files/{id}',
 * one file's payments (react-router ranks the literal 'files' above ':id').
 */
export default {
  area: 'payments',
  icon: ReceiptLong,
  pages: [
    { path: '', component: InvoiceList },
    { path: 'files', component: PaymentFilesPage },
    { path: 'files/:id', component: PaymentFilePage },
    { path: ':id', component: InvoicePage },
  ],
};
