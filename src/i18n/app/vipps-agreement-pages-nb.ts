import { addLatePhrases } from './late.ts';

/**
 * A member's Vipps agreement as staff see it (the member's page and 'Betaling') in bokmål, under app.vipps_agreement: loaded with the pages that show it (./late.ts).
 */
export const vippsAgreementPagesNb = {
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
    no_history: 'Ingen endringer ennå.',
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
};

addLatePhrases('app', vippsAgreementPagesNb);
