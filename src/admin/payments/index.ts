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
  components: {
    'src/admin/payments/InvoiceList.tsx': InvoiceList,
    'src/admin/payments/PaymentFilesPage.tsx': PaymentFilesPage,
    'src/admin/payments/PaymentFilePage.tsx': PaymentFilePage,
    'src/admin/payments/InvoicePage.tsx': InvoicePage,
  },
};
