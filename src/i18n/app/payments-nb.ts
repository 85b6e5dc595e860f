import { paymentFilesNb } from './payment-files-nb.ts';

/** 'Betaling' in bokmål: invoices, payments and a member's Vipps agreement; under app (the bank's OCR files: payment-files-nb.ts). */
export const paymentsNb = {
  payments: {
    files: paymentFilesNb,
    // The member page's section title, shown before its rows (and their messages) load.
    member: { title: 'Fakturaer' },
  },
};
