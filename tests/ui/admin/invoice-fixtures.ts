/** Fake billing API records for the staff screens, shaped as the billing contract answers them (amounts in øre). */
import type { Invoice, InvoiceDetails } from '../../../src/dataProvider/index.ts';

export function invoice(id: number, changes: Partial<Invoice> = {}): Invoice {
  return {
    id,
    number: 1000 + id,
    member_id: 5,
    member_number: 10189,
    member_name: 'Ola Nordmann',
    year: 2026,
    kind: 'renewal',
    total: 129050,
    paid: 0,
    credited: 0,
    outstanding: 129050,
    invoice_date: '2026-01-02',
    due_date: '2026-01-16',
    kid: '101890010070004',
    channel: 'EFAKTURA',
    state: 'sent',
    overdue: false,
    campaign_code: null,
    reminders_paused_until: null,
    ...changes,
  };
}

export function invoiceDetails(id: number, changes: Partial<InvoiceDetails> = {}): InvoiceDetails {
  return {
    ...invoice(id),
    lines: [
      {
        id: 1,
        product_id: 1,
        product_name: 'Medlemskap',
        description: 'Medlemskap 2026',
        period_from: '2026-01-01',
        period_to: '2026-12-31',
        amount: 99000,
        subscription_id: 30,
      },
      {
        id: 2,
        product_id: 2,
        product_name: 'Reiseforsikring Norden',
        description: 'Reiseforsikring 2026',
        period_from: '2026-01-01',
        period_to: '2026-12-31',
        amount: 30050,
        subscription_id: 31,
      },
    ],
    events: [
      { id: 1, at: '2026-01-02T08:00:00.000Z', from_state: null, to_state: 'draft', actor_name: 'System', reason: 'Fornyelse 2026' },
      { id: 2, at: '2026-01-02T08:00:05.000Z', from_state: 'draft', to_state: 'sent', actor_name: 'System', reason: null },
    ],
    payments: [],
    credits: [],
    vipps: [],
    tripletex: { invoice_id: null, url: null, error: null, read_at: null },
    ...changes,
  };
}
