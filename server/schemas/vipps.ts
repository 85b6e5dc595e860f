/** Vipps quick checkout (spec section 7, POST /api/vipps_registration) and its webhook. */
import { Type, type Static } from 'typebox';
import { Nullable } from './common.ts';

export const VippsStart = Type.Object({
  campaign_code: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  /** 'Betal kontingenten automatisk hvert år': a yearly Vipps agreement whose first payment is this one (off when left out). */
  recurring: Type.Optional(Type.Boolean()),
});
export type VippsStart = Static<typeof VippsStart>;

export const VippsStartAnswer = Type.Object({
  success: Type.Boolean(),
  data: Type.Object({
    request_create: Type.Object({
      /** JSON text with redirectUrl (where the browser goes to pay) and reference. */
      response_data: Type.String(),
    }),
  }),
});
export type VippsStartAnswer = Static<typeof VippsStartAnswer>;

/** A refused start: `data.error` is the message to show; a body the schema refuses has `errors` instead. */
export const VippsStartRefused = Type.Object({
  message: Type.String(),
  success: Type.Optional(Type.Boolean()),
  data: Type.Optional(Type.Object({ error: Type.String() })),
  errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
});

export const VippsOffer = Type.Object({
  data: Type.Object({
    /** The membership product's name and price in kroner. */
    name: Type.String(),
    price: Type.Integer(),
    /** False when Vipps is not set up: the form says so instead of offering the button. */
    available: Type.Boolean(),
    /** True when the payer may also set up a yearly agreement (the form then offers the checkbox). */
    recurring: Type.Boolean(),
    /** True when the embedded test checkout stands in for Vipps. */
    test_checkout: Type.Boolean(),
  }),
});
export type VippsOffer = Static<typeof VippsOffer>;

export const ReferenceParams = Type.Object({ reference: Type.String({ pattern: '^[A-Za-z0-9-]{8,50}$' }) });
export const TestDecisionParams = Type.Object({
  reference: Type.String({ pattern: '^[A-Za-z0-9-]{8,50}$' }),
  decision: Type.Union([Type.Literal('approve'), Type.Literal('abort')]),
});

/** The payer's return from Vipps: on to /vipps-thanks or /vipps-error. */
export const VippsReturnRedirect = Type.Null({
  description: 'Videre til /vipps-thanks, /vipps-error eller /vipps-cancelled (avbrutt av betaleren)',
  headers: { location: Type.String({ description: 'Siden betaleren sendes videre til' }) },
});
