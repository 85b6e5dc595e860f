/**
 * The billing API's shapes (issue 35), written from its contract. They move to `import type` from
 * the server's `schemas/` once that side's schema file is on this branch, like every other shape
 * in types.ts.
 */
export type InvoiceState = 'draft' | 'sent' | 'paid' | 'partly_paid' | 'overdue' | 'reminded' | 'lapsed' | 'credited';
export type InvoiceChannel = 'EFAKTURA' | 'EMAIL' | 'AVTALEGIRO';
export type PaymentMethod = 'ocr' | 'manual' | 'vipps' | 'tripletex' | 'bank' | 'cash';
/** What staff may choose when they register a payment by hand. */
export type StaffPaymentMethod = 'manual' | 'bank' | 'cash' | 'vipps';

/** An invoice as the list answers it; amounts in øre. */
export interface Invoice {
  id: number;
  number: number;
  member_id: number;
  member_number: number | string | null;
  member_name: string;
  year: number;
  kind: 'first' | 'renewal' | 'cover';
  total: number;
  paid: number;
  credited: number;
  outstanding: number;
  invoice_date: string;
  due_date: string;
  kid: string;
  channel: InvoiceChannel;
  state: InvoiceState;
  overdue: boolean;
  campaign_code: string | null;
  reminders_paused_until: string | null;
}

export interface InvoiceLine {
  id: number;
  product_id: number;
  product_name: string;
  description: string;
  period_from: string;
  period_to: string;
  amount: number;
  subscription_id: number | null;
}

export interface InvoiceEvent {
  id: number;
  at: string;
  from_state: InvoiceState | null;
  to_state: InvoiceState;
  actor_name: string;
  reason: string | null;
}

export interface InvoicePayment {
  id: number;
  amount: number;
  paid_on: string;
  method: PaymentMethod;
  note: string | null;
  registered_by_name: string | null;
  created_at: string;
}

export interface InvoiceCredit {
  id: number;
  amount: number;
  reason: string;
  created_at: string;
  created_by_name: string;
}

/** One invoice's page: the row plus its lines, history, payments, credits and Tripletex's side. */
export interface InvoiceDetails extends Invoice {
  lines: InvoiceLine[];
  events: InvoiceEvent[];
  payments: InvoicePayment[];
  credits: InvoiceCredit[];
  tripletex: { invoice_id: number | null; url: string | null; error: string | null };
}

/** The list answer's sums over every filtered invoice (not the page), in øre. */
export interface InvoiceTotals {
  count: number;
  invoiced: number;
  paid: number;
  outstanding: number;
}

export interface InvoicePaymentBody {
  amount: number;
  paid_on: string;
  method: StaffPaymentMethod;
  note?: string;
}

export interface InvoiceCreditBody {
  amount?: number;
  reason: string;
}

/** A product's price for one year, whole kroner. */
export interface PriceRow {
  product_id: number;
  name: string;
  kind: string;
  category: string;
  year: number;
  price: number;
  /** The year has no price of its own: this is the latest earlier year's. */
  inherited?: boolean;
}
