/** The staff logs: messages sent to a member, and the version history of instruments and travel insurance. */
import { Type, type Static, type TSchema } from 'typebox';
import { DateOnly, Nullable, PersonRef, Timestamp } from './common.ts';

export const MessageLogEntry = Type.Object({
  id: Type.Integer(),
  subject: Type.String(),
  sent_at: Timestamp,
  email_from: Nullable(Type.String()),
  from_name: Nullable(Type.String()),
  email_to: Type.String(),
  content: Type.String({ description: 'Sanert HTML (e-post) eller ren tekst (SMS)' }),
  channel: Type.Union([Type.Literal('email'), Type.Literal('sms')]),
  delivery: Type.String({ description: 'tjenesten som sender den: outbox, smtp eller sms_gateway (failed på eldre meldinger)' }),
  status: Type.Union([Type.Literal('queued'), Type.Literal('sent'), Type.Literal('failed')], {
    description: 'queued: i køen; sent: levert til tjenesten; failed: alle forsøk mislyktes (kan sendes på nytt)',
  }),
  attempts: Type.Integer({ minimum: 0, description: 'Antall forsøk på å sende' }),
  error: Nullable(Type.String({ description: 'Feilen fra siste forsøk' })),
  sender: Nullable(PersonRef),
  member_id: Nullable(Type.Integer()),
  outreach_id: Nullable(Type.Integer({ description: 'Utsendelsen meldingen hører til (null for enkeltmeldinger)' })),
});
export type MessageLogEntry = Static<typeof MessageLogEntry>;

/** The answer to a resend: the entry, queued again. */
export const MessageLogEntryBody = Type.Object({ data: MessageLogEntry });

// Snapshots are history: one written before a field existed lacks it, so only id is certain.
const Opt = <T extends TSchema>(schema: T) => Type.Optional(Nullable(schema));

export const InstrumentSnapshot = Type.Object({
  id: Type.Integer(),
  member_id: Opt(Type.Integer()),
  subscription_id: Opt(Type.Integer()),
  instrument_category: Opt(Type.Integer()),
  category: Opt(Type.String()),
  make: Opt(Type.String()),
  model: Opt(Type.String()),
  serial_number: Opt(Type.String()),
  value: Opt(Type.Integer()),
  insurance_start: Opt(DateOnly),
  insurance_end: Opt(DateOnly),
  state: Opt(Type.String()),
  requested_change: Opt(Type.Record(Type.String(), Type.Unknown())),
  reason_for_rejection: Opt(Type.String()),
  validated_at: Opt(Timestamp),
  rejected_at: Opt(Timestamp),
  created_at: Opt(Timestamp),
  updated_at: Opt(Timestamp),
  deleted_at: Opt(Timestamp),
});

const SnapshotLine = Type.Object({
  id: Type.Integer(),
  product_id: Opt(Type.Integer()),
  quantity: Opt(Type.Integer()),
  value: Opt(Type.Integer()),
  subscription_start: Opt(DateOnly),
  subscription_end: Opt(DateOnly),
});

export const SubscriptionSnapshot = Type.Object({
  id: Type.Integer(),
  member_id: Opt(Type.Integer()),
  product_id: Opt(Type.Integer()),
  product: Opt(Type.Object({ id: Type.Integer(), name: Type.String(), price: Type.Optional(Type.Integer()) })),
  kind: Opt(Type.String()),
  state: Opt(Type.String()),
  status: Opt(Type.Integer()),
  value: Opt(Type.Integer()),
  invoiced_for: Opt(DateOnly),
  subscription_start: Opt(DateOnly),
  subscription_end: Opt(DateOnly),
  reason_for_rejection: Opt(Type.String()),
  validated_at: Opt(Timestamp),
  rejected_at: Opt(Timestamp),
  cancelled_at: Opt(Timestamp),
  created_at: Opt(Timestamp),
  updated_at: Opt(Timestamp),
  deleted_at: Opt(Timestamp),
  subscription_lines: Type.Optional(Type.Array(SnapshotLine)),
});

/** One version with the version before it (null for the first), for the FØR / ETTER modal. */
export const InstrumentLogEntry = Type.Object({
  id: Type.Integer(),
  instrument_id: Type.Integer(),
  member_id: Type.Integer({ description: 'Medlemmet instrumentet tilhører' }),
  created_at: Timestamp,
  created_by: Nullable(PersonRef),
  snapshot: InstrumentSnapshot,
  previous: Nullable(InstrumentSnapshot),
});
export type InstrumentLogEntry = Static<typeof InstrumentLogEntry>;

export const TravelLogEntry = Type.Object({
  id: Type.Integer(),
  subscription_id: Type.Integer(),
  member_id: Type.Integer({ description: 'Medlemmet forsikringen tilhører' }),
  created_at: Timestamp,
  created_by: Nullable(PersonRef),
  snapshot: SubscriptionSnapshot,
  previous: Nullable(SubscriptionSnapshot),
});
export type TravelLogEntry = Static<typeof TravelLogEntry>;
