/**
 * Claims ('Skademelding'): what a member reports about an insured instrument, with what the
 * register said when it was made (the snapshot), the documents it carries and its history.
 */
import { Type, type Static } from 'typebox';
import { DateOnly, Nullable, Timestamp } from './common.ts';
import { CLAIM_LIMITS } from './claim-rules.ts';

export const ClaimKind = Type.Union([Type.Literal('theft'), Type.Literal('damage'), Type.Literal('loss')], {
  description: 'theft: tyveri, damage: skade, loss: tap',
});
export const ClaimState = Type.Union([Type.Literal('sent'), Type.Literal('in_progress'), Type.Literal('decided'), Type.Literal('withdrawn')], {
  description: "sent: 'Sendt', in_progress: 'Under behandling', decided: 'Avgjort', withdrawn: 'Trukket'",
});
export const ClaimOutcome = Type.Union([Type.Literal('approved'), Type.Literal('partly_approved'), Type.Literal('rejected')], {
  description: 'Utfallet av en avgjort sak: godkjent, delvis godkjent eller avslått',
});
export type ClaimKind = Static<typeof ClaimKind>;
export type ClaimState = Static<typeof ClaimState>;
export type ClaimOutcome = Static<typeof ClaimOutcome>;

/** A document kept with an instrument (the shape of `Document` in the documents API), as a claim carries it. */
export const ClaimDocument = Type.Object({
  id: Type.Integer(),
  instrument_id: Type.Integer(),
  member_id: Type.Integer(),
  kind: Type.Union([Type.Literal('receipt'), Type.Literal('appraisal'), Type.Literal('photo')]),
  valued_on: Nullable(DateOnly),
  value: Nullable(Type.Integer({ description: 'Takstens verdi i hele kroner' })),
  file_name: Type.String(),
  content_type: Type.Union([Type.Literal('image/jpeg'), Type.Literal('application/pdf')]),
  size: Type.Integer(),
  width: Nullable(Type.Integer()),
  height: Nullable(Type.Integer()),
  has_thumbnail: Type.Boolean(),
  in_claim: Type.Boolean(),
  created_at: Timestamp,
});
export type ClaimDocument = Static<typeof ClaimDocument>;

/** What the register said when the claim was made; the packet is written from it. */
export const ClaimSnapshot = Type.Object({
  member: Type.Object({
    id: Type.Integer(),
    member_number: Nullable(Type.Integer()),
    first_name: Type.String(),
    last_name: Type.String(),
    email: Nullable(Type.String()),
    phone: Nullable(Type.String()),
    address: Nullable(Type.String()),
    postal_code: Nullable(Type.String()),
    postal_area: Nullable(Type.String()),
  }),
  instrument: Type.Object({
    id: Type.Integer(),
    category_id: Type.Integer(),
    category: Type.String({ description: 'Typen instrument (kategoriens navn)' }),
    make: Type.String(),
    model: Type.String(),
    serial_number: Nullable(Type.String()),
    value: Type.Integer({ description: 'Forsikringssummen i hele kroner' }),
    insurance_start: DateOnly,
  }),
  appraisal: Nullable(Type.Object({ valued_on: DateOnly, value: Type.Integer() }, { description: 'Den nyeste taksten på instrumentet' })),
  policy_number: Type.String(),
  insurer: Type.String(),
});
export type ClaimSnapshot = Static<typeof ClaimSnapshot>;

export const ClaimEvent = Type.Object({
  state: ClaimState,
  outcome: Nullable(ClaimOutcome),
  note: Nullable(Type.String()),
  created_at: Timestamp,
});
export type ClaimEvent = Static<typeof ClaimEvent>;

const claimFields = {
  id: Type.Integer({ description: 'Saksnummeret' }),
  member_id: Type.Integer(),
  instrument_id: Type.Integer(),
  kind: ClaimKind,
  occurred_on: DateOnly,
  place: Type.String(),
  country: Type.String({ description: 'ISO 3166-1 alpha-2; NO er Norge' }),
  description: Type.String(),
  police_report: Nullable(Type.String()),
  state: ClaimState,
  outcome: Nullable(ClaimOutcome),
  note: Nullable(Type.String({ description: 'Merknaden til medlemmet som fulgte med den siste endringen' })),
  created_at: Timestamp,
  updated_at: Timestamp,
};

export const Claim = Type.Object({
  ...claimFields,
  snapshot: ClaimSnapshot,
  documents: Type.Array(ClaimDocument),
  events: Type.Array(ClaimEvent, { description: 'Historikken, eldste først' }),
});
export type Claim = Static<typeof Claim>;

/** A row of the staff queue 'Skademeldinger'. */
export const ClaimListItem = Type.Object({
  ...claimFields,
  member: Type.Object({
    id: Type.Integer(),
    remote_id: Nullable(Type.Integer()),
    first_name: Nullable(Type.String()),
    last_name: Nullable(Type.String()),
    email: Nullable(Type.String()),
    phone: Nullable(Type.String()),
  }),
  instrument: ClaimSnapshot.properties.instrument,
  documents: Type.Integer({ description: 'Hvor mange dokumenter saken har med' }),
});
export type ClaimListItem = Static<typeof ClaimListItem>;

export const ClaimNewBody = Type.Object(
  {
    instrument_id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
    kind: ClaimKind,
    occurred_on: Type.String({ description: 'åååå-mm-dd, ikke fram i tid og ikke før instrumentet ble forsikret', examples: ['2026-01-31'] }),
    place: Type.String({ maxLength: 1000 }),
    country: Type.String({ maxLength: 10, description: 'ISO 3166-1 alpha-2 (NO er Norge)', examples: ['NO'] }),
    description: Type.String({ maxLength: 20000 }),
    police_report: Type.Optional(Nullable(Type.String({ maxLength: 1000, description: 'Anmeldelsesnummeret fra politiet; påkrevd ved tyveri' }))),
    document_ids: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 }), {
        maxItems: CLAIM_LIMITS.documents,
        description: 'Instrumentets egne dokumenter som følger saken; alle instrumentets dokumenter når feltet mangler',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ClaimNewBody = Static<typeof ClaimNewBody>;

export const ClaimPatchBody = Type.Object(
  {
    state: Type.Union([Type.Literal('in_progress'), Type.Literal('decided'), Type.Literal('withdrawn')], {
      description: 'Ansatte: in_progress, decided (med outcome) eller withdrawn. Medlemmet: bare withdrawn, mens saken er sendt eller under behandling',
    }),
    outcome: Type.Optional(Nullable(ClaimOutcome)),
    note: Type.Optional(Nullable(Type.String({ maxLength: 20000, description: 'Merknad medlemmet ser (ansatte)' }))),
  },
  { additionalProperties: false },
);
export type ClaimPatchBody = Static<typeof ClaimPatchBody>;

export const PacketQuery = Type.Object({
  lang: Type.Optional(Type.Union([Type.Literal('nb'), Type.Literal('en')], { description: 'Språket: nb (standard) eller en' })),
});
