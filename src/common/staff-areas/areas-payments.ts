import type { StaffArea } from './types.ts';

/**
 * 'Betaling': the invoices (issue 35), one invoice's page, a member's invoices for the member page,
 * and 'Innbetalinger', the bank's OCR files read in and one file's payments. '/payments/files' is
 * declared before '/payments/:id': the breadcrumbs take the first pattern that matches (react-router
 * and staffPageModule rank the literal segment first anyway).
 */
export const payments: StaffArea = {
  name: 'payments',
  path: '/payments',
  menu: { label: 'app.menu.payments' },
  resources: {
    invoices: {
      list: '/api/invoice/list',
      one: (id) => `/api/invoice/${id}`,
      csv: { path: '/api/invoice/export', filename: 'fakturaer.csv' },
    },
    'member-invoices': { of: (id) => `/api/member/${id}/invoice` },
    'payment-files': { list: '/api/payment-file/list', one: (id) => `/api/payment-file/${id}` },
  },
  pages: {
    '/payments': { module: 'src/admin/payments/InvoiceList.tsx', label: 'app.breadcrumb.payments' },
    '/payments/files': {
      module: 'src/admin/payments/PaymentFilesPage.tsx',
      label: 'app.breadcrumb.payment_files',
      parent: '/payments',
      title: 'app.payments.files.title',
    },
    '/payments/files/:id': {
      module: 'src/admin/payments/PaymentFilePage.tsx',
      label: 'app.breadcrumb.payment_file',
      parent: '/payments/files',
      title: 'app.payments.files.file_title_short',
    },
    '/payments/:id': { module: 'src/admin/payments/InvoicePage.tsx', label: 'app.breadcrumb.invoice', parent: '/payments' },
  },
  right: 'billing.read',
};
