/** Dues drawn by Vipps Recurring: the member's agreement, its charges and history (GET/POST/DELETE /api/member/{id}/vipps-agreement). */
import { Type, type Static } from 'typebox';
import { Nullable, Timestamp } from './common.ts';

export const AgreementState = Type.Union([Type.Literal('PENDING'), Type.Literal('ACTIVE'), Type.Literal('STOPPED'), Type.Literal('EXPIRED')]);
export type AgreementState = Static<typeof AgreementState>;

export const VippsAgreement = Type.Object({
  id: Type.Integer(),
  /** Vipps' id; null only while it is being made. */
  agreement_id: Nullable(Type.String()),
  state: AgreementState,
  /** The yearly price when it was made (the dues, and the premiums when they are drawn too), øre. */
  price: Type.Integer(),
  /** Whether the insurance premiums are drawn on it with the dues (the member's choice when setting it up). */
  includes_premiums: Type.Boolean(),
  /** The premiums part of the price, øre (0 when they are not drawn). */
  premiums: Type.Integer(),
  product_name: Type.String(),
  created_at: Timestamp,
  updated_at: Timestamp,
  stopped_at: Nullable(Timestamp),
  stopped_by: Nullable(Type.Union([Type.Literal('member'), Type.Literal('staff'), Type.Literal('app'), Type.Literal('vipps')])),
  /** Where to approve it, while it waits (PENDING). */
  redirect_url: Nullable(Type.String()),
});

export const VippsCharge = Type.Object({
  id: Type.Integer(),
  invoice_id: Type.Integer(),
  invoice_number: Type.Integer(),
  /** Our orderId, the charge's id at Vipps. */
  charge_id: Type.String(),
  amount: Type.Integer(),
  due_date: Type.String({ format: 'date' }),
  retry_days: Type.Integer(),
  /** QUEUED (not yet at Vipps), REFUSED (Vipps would not make it), or Vipps' state. */
  state: Type.String(),
  failure_reason: Nullable(Type.String()),
  /** When the invoice went back to the ordinary way (mailed, reminders). */
  fell_back_at: Nullable(Timestamp),
  updated_at: Timestamp,
});

export const VippsAgreementEvent = Type.Object({
  id: Type.Integer(),
  at: Timestamp,
  source: Type.String(),
  event: Nullable(Type.String()),
  from_state: Nullable(Type.String()),
  to_state: Nullable(Type.String()),
  note: Nullable(Type.String()),
  charge_id: Nullable(Type.String()),
});

export const VippsAgreementView = Type.Object({
  /** False when Vipps is not set up: the card says so instead of offering the button. */
  available: Type.Boolean(),
  /** True when the embedded test checkout stands in for Vipps. */
  test_checkout: Type.Boolean(),
  /** This year's dues, øre: the price a new agreement gets. */
  price: Type.Integer(),
  /** This year's premiums of the member's active covers, øre: added to the price when the member chooses to have them drawn too. */
  premiums: Type.Integer(),
  /** The member's latest agreement, or null when they never made one. */
  agreement: Nullable(VippsAgreement),
  charges: Type.Array(VippsCharge),
  /** Every change and event, newest first (at most 50). */
  events: Type.Array(VippsAgreementEvent),
});
export type VippsAgreementView = Static<typeof VippsAgreementView>;

export const VippsAgreementAnswer = Type.Object({ data: VippsAgreementView });
export type VippsAgreementAnswer = Static<typeof VippsAgreementAnswer>;

export const VippsAgreementStart = Type.Object(
  {
    includes_premiums: Type.Optional(Type.Boolean({ description: 'Trekk også forsikringspremiene med kontingenten (uten: nei)' })),
  },
  { additionalProperties: false },
);
export type VippsAgreementStart = Static<typeof VippsAgreementStart>;

export const VippsAgreementStarted = Type.Object({
  data: Type.Object({
    /** Where the browser goes to approve the agreement (Vipps, or the test checkout). */
    redirect_url: Type.String(),
    agreement_id: Type.String(),
    state: AgreementState,
  }),
});
export type VippsAgreementStarted = Static<typeof VippsAgreementStarted>;

export const TestAgreementParams = Type.Object({ id: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }) });
export const TestAgreementDecisionParams = Type.Object({
  id: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }),
  decision: Type.Union([Type.Literal('approve'), Type.Literal('reject'), Type.Literal('stop')]),
});
export const TestChargeDecisionParams = Type.Object({
  id: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }),
  charge: Type.String({ pattern: '^[A-Za-z0-9-]{1,50}$' }),
  decision: Type.Union([Type.Literal('capture'), Type.Literal('fail')]),
});
