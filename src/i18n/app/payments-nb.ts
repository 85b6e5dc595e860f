import { paymentFilesNb } from './payment-files-nb.ts';

/** 'Betaling' in bokmål: invoices, payments and a member's Vipps agreement; under app (the bank's OCR files: payment-files-nb.ts). */
export const paymentsNb = {
  vipps_agreement: {
    covers: 'Trekkes',
    dues_only: 'Kontingenten (forsikringene faktureres)',
    dues_and_premiums: 'Kontingenten og forsikringspremiene',
    title: 'Vipps-avtale',
    none: 'Medlemmet har ingen Vipps-avtale.',
    state: 'Status',
    price: 'Pris per år',
    vipps_id: 'Avtale-id hos Vipps',
    created: 'Laget',
    stopped: 'Stoppet',
    charges: 'Trekk',
    no_charges: 'Ingen trekk ennå.',
    invoice: 'Faktura',
    amount: 'Beløp',
    due: 'Forfall',
    history: 'Historikk',
    states: { PENDING: 'Venter på godkjenning', ACTIVE: 'Aktiv', STOPPED: 'Stoppet', EXPIRED: 'Utløpt' },
    stopped_by: { member: 'av medlemmet', staff: 'av ansatt', app: 'i Vipps-appen', vipps: 'av Vipps' },
    charge_states: {
      QUEUED: 'Planlagt',
      REFUSED: 'Avvist av Vipps',
      PENDING: 'Venter',
      DUE: 'Forfaller',
      PROCESSING: 'Behandles',
      RESERVED: 'Reservert',
      CHARGED: 'Trukket',
      PARTIALLY_CAPTURED: 'Delvis trukket',
      FAILED: 'Feilet',
      CANCELLED: 'Kansellert',
      PARTIALLY_REFUNDED: 'Delvis refundert',
      REFUNDED: 'Refundert',
    },
    sources: { member: 'medlemmet', staff: 'ansatt', webhook: 'Vipps (webhook)', poll: 'Vipps (kontroll)', renewal: 'fornyelsen', job: 'trekkjobben' },
  },
  payments: {
    files: paymentFilesNb,
  },
};
