/**
 * The membership year's API (issue 35): invoices with their lines, state history, payments and
 * credits; prices per year; the billing days. Amounts on the wire are whole øre, except product
 * prices, which stay whole kroner as products carry them.
 */
import { Type, type Static } from 'typebox';
import { paginatorSchema } from '../lib/list.ts';
import { DateOnly, Nullable, Timestamp } from './common.ts';

export const INVOICE_STATES = ['draft', 'sent', 'paid', 'partly_paid', 'overdue', 'reminded', 'lapsed', 'credited'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];
export const INVOICE_KINDS = ['first', 'renewal', 'cover', 'imported'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const INVOICE_CHANNELS = ['EFAKTURA', 'EMAIL', 'AVTALEGIRO'] as const;
export type InvoiceChannel = (typeof INVOICE_CHANNELS)[number];
/** Every way a payment reaches an invoice. */
export const PAYMENT_METHODS = ['ocr', 'manual', 'bank', 'cash', 'vipps', 'tripletex', 'import'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** The ways staff register a payment by hand ('Registrer innbetaling'). */
export const STAFF_PAYMENT_METHODS = ['manual', 'bank', 'cash', 'vipps'] as const;
export type StaffPaymentMethod = (typeof STAFF_PAYMENT_METHODS)[number];

const Ore = Type.Integer({ description: 'øre' });

export const Invoice = Type.Object({
  id: Type.Integer(),
  number: Type.Integer({ description: 'Fakturanummeret: vår egen nummerserie, aldri brukt to ganger' }),
  member_id: Type.Integer(),
  member_number: Type.Integer(),
  member_name: Type.String({ description: "Medlemmets navn; 'Slettet medlem' når personopplysningene er slettet" }),
  year: Type.Integer(),
  kind: Type.Enum(INVOICE_KINDS),
  total: Ore,
  paid: Ore,
  credited: Ore,
  outstanding: Type.Integer({ description: 'øre: total − betalt − kreditert, aldri under 0' }),
  invoice_date: DateOnly,
  due_date: DateOnly,
  kid: Type.String({ description: 'KID, 15 sifre (MOD10)' }),
  channel: Type.Enum(INVOICE_CHANNELS),
  state: Type.Enum(INVOICE_STATES),
  overdue: Type.Boolean({ description: 'Forfallsdatoen er passert (Oslo), noe er utestående, og fakturaen er ikke kreditert' }),
  campaign_code: Nullable(Type.String()),
  reminders_paused_until: Nullable(DateOnly),
});
export type Invoice = Static<typeof Invoice>;

export const InvoiceLine = Type.Object({
  id: Type.Integer(),
  product_id: Type.Integer(),
  product_name: Type.String(),
  description: Type.String(),
  period_from: DateOnly,
  period_to: DateOnly,
  amount: Ore,
  subscription_id: Nullable(Type.Integer()),
});
export type InvoiceLine = Static<typeof InvoiceLine>;

export const InvoiceEvent = Type.Object({
  id: Type.Integer(),
  at: Timestamp,
  from_state: Nullable(Type.Enum(INVOICE_STATES)),
  to_state: Type.Enum(INVOICE_STATES),
  actor_name: Type.String({ description: "Den ansatte, eller 'System' for jobber" }),
  reason: Nullable(Type.String()),
});
export type InvoiceEvent = Static<typeof InvoiceEvent>;

export const InvoicePayment = Type.Object({
  id: Type.Integer(),
  amount: Ore,
  paid_on: DateOnly,
  method: Type.Enum(PAYMENT_METHODS),
  note: Nullable(Type.String()),
  registered_by_name: Nullable(Type.String()),
  created_at: Timestamp,
});
export type InvoicePayment = Static<typeof InvoicePayment>;

export const InvoiceCredit = Type.Object({
  id: Type.Integer(),
  amount: Ore,
  reason: Type.String(),
  created_at: Timestamp,
  created_by_name: Nullable(Type.String()),
});
export type InvoiceCredit = Static<typeof InvoiceCredit>;

export const InvoiceVippsEntry = Type.Object({
  id: Type.Integer(),
  at: Timestamp,
  kind: Type.Union([Type.Literal('payment'), Type.Literal('charge')], {
    description: 'payment: betaling med Vipps fra Min side; charge: trekk på medlemmets Vipps-avtale',
  }),
  reference: Type.String({ description: 'Vipps-referansen (betaling) eller trekkets id (orderId)' }),
  from_state: Nullable(Type.String()),
  to_state: Nullable(Type.String()),
  amount: Ore,
  note: Nullable(Type.String({ description: 'Feil eller merknad, f.eks. hvorfor trekket feilet' })),
});
export type InvoiceVippsEntry = Static<typeof InvoiceVippsEntry>;

export const InvoiceDetails = Type.Intersect([
  Invoice,
  Type.Object({
    lines: Type.Array(InvoiceLine),
    events: Type.Array(InvoiceEvent),
    payments: Type.Array(InvoicePayment),
    credits: Type.Array(InvoiceCredit),
    vipps: Type.Array(InvoiceVippsEntry, { description: 'Betalinger med Vipps fra Min side og trekkets endringer, eldste først' }),
    tripletex: Type.Object({
      invoice_id: Nullable(Type.Integer({ description: 'Fakturaens id i Tripletex, når den er laget der' })),
      url: Nullable(Type.String({ description: 'Lenken til fakturaen i Tripletex (TRIPLETEX_INVOICE_URL), ellers null' })),
      error: Nullable(Type.String({ description: 'Hva som gikk galt sist med fakturaen i Tripletex; null når alt gikk gjennom' })),
      read_at: Nullable(Timestamp),
    }),
    previous: Type.Optional(
      Type.Object(
        {
          number: Nullable(Type.String({ description: 'Fakturanummeret i det tidligere systemet' })),
          kid: Nullable(Type.String({ description: 'KID-en fra det tidligere systemet; innbetalinger med den finner fakturaen' })),
        },
        { description: 'Bare på en faktura overført fra et tidligere system (medlemsimportens ark «Åpne fakturaer»)' },
      ),
    ),
  }),
]);
export type InvoiceDetails = Static<typeof InvoiceDetails>;

export const InvoiceTotals = Type.Object({
  count: Type.Integer(),
  invoiced: Ore,
  paid: Ore,
  outstanding: Ore,
});
export type InvoiceTotals = Static<typeof InvoiceTotals>;

/** The aging buckets: not yet due, then days past the due date. */
export const AGING_BUCKET_KEYS = ['not_due', '1-30', '31-60', '61-90', 'over_90'] as const;
export type AgingBucket = (typeof AGING_BUCKET_KEYS)[number];

export const InvoiceAging = Type.Object({
  buckets: Type.Array(
    Type.Object({
      bucket: Type.Enum(AGING_BUCKET_KEYS, {
        description: 'not_due: forfaller i dag eller senere; ellers dager etter forfall (1-30, 31-60, 61-90, over_90)',
      }),
      count: Type.Integer({ description: 'Fakturaer med noe utestående' }),
      outstanding: Ore,
    }),
  ),
  count: Type.Integer({ description: 'Alle åpne fakturaer (ikke kreditert, noe utestående)' }),
  outstanding: Ore,
  year: Type.Integer({ description: 'Året (i Oslo) de to neste tallene gjelder' }),
  invoiced: Type.Integer({ description: 'øre: fakturert for året, minus kreditert' }),
  paid: Type.Integer({ description: 'øre: betalt på årets fakturaer' }),
});
export type InvoiceAging = Static<typeof InvoiceAging>;

export const InvoicePage = Type.Intersect([paginatorSchema(Invoice), Type.Object({ totals: InvoiceTotals })]);

export const PaymentBody = Type.Object(
  {
    amount: Type.Integer({ description: 'øre, større enn 0', minimum: -2147483648, maximum: 2147483647 }),
    paid_on: DateOnly,
    method: Type.Enum(STAFF_PAYMENT_METHODS),
    note: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  },
  { additionalProperties: false },
);
export type PaymentBody = Static<typeof PaymentBody>;

export const CreditBody = Type.Object(
  {
    amount: Type.Optional(Nullable(Type.Integer({ description: 'øre; uten: alt som er utestående', minimum: -2147483648, maximum: 2147483647 }))),
    reason: Type.String({ maxLength: 500 }),
  },
  { additionalProperties: false },
);
export type CreditBody = Static<typeof CreditBody>;

export const PriceRow = Type.Object({
  product_id: Type.Integer(),
  name: Type.String(),
  kind: Type.String(),
  category: Nullable(Type.String()),
  year: Type.Integer(),
  price: Type.Integer({ description: 'Hele kroner' }),
  inherited: Type.Boolean({ description: 'Året har ingen egen pris: prisen er fra siste år før' }),
});
export type PriceRow = Static<typeof PriceRow>;

export const PriceQuery = Type.Object({
  year: Type.Optional(Type.Integer({ minimum: 2000, maximum: 2999, description: 'Året; uten: i år' })),
});

export const PricePatchBody = Type.Object(
  {
    year: Type.Integer({ minimum: 2000, maximum: 2999 }),
    prices: Type.Array(
      Type.Object(
        {
          product_id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
          price: Type.Integer({ minimum: 0, maximum: 10_000_000, description: 'Hele kroner' }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 100 },
    ),
  },
  { additionalProperties: false },
);
export type PricePatchBody = Static<typeof PricePatchBody>;

const Days = Type.Integer({ minimum: 1, maximum: 730 });

export const BillingSettings = Type.Object({
  invoice_due_days: Days,
  reminder_1_days: Days,
  reminder_2_days: Days,
  lapse_days: Days,
  bank_account: Type.String({ description: 'Kontonummeret for KID-innbetalinger (BANK_ACCOUNT), bare til lesing' }),
  tripletex: Type.Boolean({ description: 'Om Tripletex er satt opp, bare til lesing' }),
});
export type BillingSettings = Static<typeof BillingSettings>;

export const BillingSettingsPatch = Type.Object(
  {
    invoice_due_days: Type.Optional(Type.Integer()),
    reminder_1_days: Type.Optional(Type.Integer()),
    reminder_2_days: Type.Optional(Type.Integer()),
    lapse_days: Type.Optional(Type.Integer()),
  },
  { additionalProperties: false },
);
export type BillingSettingsPatch = Static<typeof BillingSettingsPatch>;

export const PauseRemindersBody = Type.Object(
  {
    until: Type.String({ format: 'date', examples: ['2026-01-31'], description: 'Til og med; ikke tilbake i tid, høyst ett år frem' }),
    reason: Type.String({ maxLength: 500 }),
  },
  { additionalProperties: false },
);
export type PauseRemindersBody = Static<typeof PauseRemindersBody>;

/** Why a member is left out of a year's renewal run. */
export const RENEWAL_LEFT_OUT = ['ended', 'rejected', 'erased', 'blocked', 'invoiced', 'pending'] as const;
export type RenewalLeftOut = (typeof RENEWAL_LEFT_OUT)[number];

export const RenewalYearParams = Type.Object({
  year: Type.Integer({ minimum: 2000, maximum: 2999, description: 'Året fakturaene gjelder' }),
});

/** One invoice the run would make: the member, their channel, what it is for and its total. */
export const RenewalPreviewRow = Type.Object({
  member_id: Type.Integer(),
  member_number: Type.Integer(),
  member_name: Type.String(),
  channel: Type.Enum(INVOICE_CHANNELS),
  lines: Type.Array(Type.Object({ product_id: Type.Integer(), description: Type.String(), amount: Ore })),
  total: Ore,
});
export type RenewalPreviewRow = Static<typeof RenewalPreviewRow>;

const Sum = Type.Object({ count: Type.Integer(), amount: Ore });

export const RenewalSummary = Type.Object({
  year: Type.Integer(),
  renewing: Type.Integer({ description: 'Medlemmer som får en fornyelsesfaktura' }),
  amount: Ore,
  left_out: Type.Object(
    {
      ended: Type.Integer({ description: 'Medlemskapet er avsluttet (sagt opp, utmeldt eller sluttdato før året)' }),
      rejected: Type.Integer({ description: 'Søknaden ble avvist' }),
      erased: Type.Integer({ description: 'Personopplysningene er slettet' }),
      blocked: Type.Integer({ description: 'Sperret' }),
      invoiced: Type.Integer({ description: 'Allerede fakturert for året' }),
      pending: Type.Integer({ description: 'Søknaden er ikke behandlet' }),
    },
    { description: 'Medlemmer som ikke fornyes, etter grunn' },
  ),
  products: Type.Array(Type.Intersect([Type.Object({ product_id: Type.Integer(), name: Type.String() }), Sum]), { description: 'Linjer og beløp per produkt' }),
  channels: Type.Array(Type.Intersect([Type.Object({ channel: Type.Enum(INVOICE_CHANNELS) }), Sum]), { description: 'Fakturaer og beløp per kanal' }),
});
export type RenewalSummary = Static<typeof RenewalSummary>;

export const RenewalPreviewPage = Type.Intersect([paginatorSchema(RenewalPreviewRow), Type.Object({ summary: RenewalSummary })]);

export const RENEWAL_STATES = ['not_started', 'queued', 'running', 'done', 'failed'] as const;
export type RenewalState = (typeof RENEWAL_STATES)[number];

export const RenewalRun = Type.Object({
  year: Type.Integer(),
  state: Type.Enum(RENEWAL_STATES),
  total: Type.Integer({ description: 'Medlemmer som skulle fornyes da kjøringen startet' }),
  done: Type.Integer({ description: 'Fakturaer laget så langt' }),
  amount: Ore,
  error: Nullable(Type.String()),
  started_at: Nullable(Timestamp),
  finished_at: Nullable(Timestamp),
  started_by_name: Nullable(Type.String()),
});
export type RenewalRun = Static<typeof RenewalRun>;
