/**
 * Min side's invoices (issue 36): a member's invoice with what it is for and how it was paid, and
 * paying it with Vipps (`POST /api/invoice/{id}/vipps`, `GET /api/invoice/{id}/vipps/{reference}`).
 */
import { Type, type Static } from 'typebox';
import { DateOnly, IdParams } from './common.ts';
import { Invoice, PAYMENT_METHODS } from './billing.ts';

const Ore = Type.Integer({ description: 'øre' });

/**
 * One of the member's invoices as Min side shows it: the invoice, its lines (what it is for) and
 * its payments (when and how: the receipt). Neither staff names nor notes: those are the office's.
 */
export const MemberInvoice = Type.Intersect([
  Invoice,
  Type.Object({
    lines: Type.Array(
      Type.Object({
        description: Type.String(),
        product_name: Type.String(),
        period_from: DateOnly,
        period_to: DateOnly,
        amount: Ore,
      }),
    ),
    payments: Type.Array(
      Type.Object({
        amount: Ore,
        paid_on: DateOnly,
        method: Type.Enum(PAYMENT_METHODS),
      }),
    ),
  }),
]);
export type MemberInvoice = Static<typeof MemberInvoice>;

export const InvoiceVippsStarted = Type.Object({
  data: Type.Object({
    /** Where the browser goes to pay (Vipps, or the embedded test checkout). */
    redirect_url: Type.String(),
    reference: Type.String({ description: "Betalingens referanse hos Vipps: 'faktura-{fakturanummer}-{forsøk}'" }),
  }),
});
export type InvoiceVippsStarted = Static<typeof InvoiceVippsStarted>;

export const INVOICE_PAYMENT_OUTCOMES = ['paid', 'cancelled', 'waiting'] as const;

export const InvoiceVippsState = Type.Object({
  data: Type.Object({
    reference: Type.String(),
    invoice_id: Type.Integer(),
    invoice_number: Type.Integer(),
    state: Type.Enum(INVOICE_PAYMENT_OUTCOMES, {
      description: 'paid: trukket og ført på fakturaen; cancelled: ikke betalt; waiting: Vipps har ikke svart ennå',
    }),
    amount: Type.Integer({ description: 'øre: det som ble trukket (paid), ellers det som ble bedt om' }),
    invoice_state: Type.String(),
    outstanding: Type.Integer({ description: 'øre: det fakturaen fortsatt skylder' }),
    message: Type.Union([Type.String(), Type.Null()], { description: 'Hvorfor betalingen ikke ble trukket, når det er noe å si' }),
  }),
});
export type InvoiceVippsState = Static<typeof InvoiceVippsState>;

export const InvoiceVippsParams = Type.Object({
  id: IdParams.properties.id,
  reference: Type.String({ pattern: '^[A-Za-z0-9-]{8,50}$' }),
});
