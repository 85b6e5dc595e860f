/** Sends to a group ('Utsendelser'): /api/outreach and its actions. */
import { Type, type Static } from 'typebox';
import { Nullable, Timestamp } from './common.ts';

export const OutreachKind = Type.Union([Type.Literal('required'), Type.Literal('newsletter_2'), Type.Literal('newsletter_3')], {
  description: 'required: nødvendig informasjon (alle får den); newsletter_2/newsletter_3: bare de som har sagt ja til den typen',
});
export const OutreachChannel = Type.Union([Type.Literal('email'), Type.Literal('sms'), Type.Literal('email_sms')], {
  description: 'email_sms: e-post, og SMS til dem uten e-postadresse',
});
// Written out literal by literal: a union built with map() is typed `never`.
export const OutreachStateSchema = Type.Union([
  Type.Literal('draft'),
  Type.Literal('scheduled'),
  Type.Literal('sending'),
  Type.Literal('paused'),
  Type.Literal('cancelled'),
  Type.Literal('done'),
]);
export type OutreachState = Static<typeof OutreachStateSchema>;

export const Outreach = Type.Object({
  id: Type.Integer(),
  segment_id: Nullable(Type.Integer()),
  segment_name: Nullable(Type.String()),
  kind: OutreachKind,
  kind_label: Type.String(),
  channel: OutreachChannel,
  subject: Type.String(),
  body: Type.String({ description: 'Sanert HTML med flettefelt som {first_name}' }),
  sms_text: Nullable(Type.String()),
  send_at: Nullable(Timestamp),
  state: OutreachStateSchema,
  recipient_count: Nullable(Type.Integer({ description: 'Mottakere funnet da utsendelsen startet' })),
  sent: Type.Integer(),
  failed: Type.Integer(),
  created_by: Nullable(Type.String()),
  created_at: Timestamp,
  updated_at: Timestamp,
  started_at: Nullable(Timestamp),
  finished_at: Nullable(Timestamp),
});
export type Outreach = Static<typeof Outreach>;

const Fields = {
  segment_id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  kind: OutreachKind,
  channel: OutreachChannel,
  subject: Type.String({ maxLength: 1000 }),
  body: Type.String({ maxLength: 200_000 }),
  sms_text: Type.Optional(Nullable(Type.String({ maxLength: 10_000 }))),
  send_at: Type.Optional(Nullable(Type.String({ format: 'date-time', description: 'Planlagt tidspunkt; null eller utelatt: sendes når den sendes' }))),
};

export const OutreachBody = Type.Object(
  {
    ...Fields,
    subject: Type.Optional(Fields.subject),
    body: Type.Optional(Fields.body),
  },
  { additionalProperties: false },
);
export type OutreachBody = Static<typeof OutreachBody>;

export const OutreachPatch = Type.Partial(Type.Object(Fields), { additionalProperties: false });
export type OutreachPatch = Static<typeof OutreachPatch>;

export const Excluded = Type.Object({
  erased: Type.Integer(),
  blocked: Type.Integer(),
  no_consent: Type.Integer(),
  no_address: Type.Integer(),
});
export type Excluded = Static<typeof Excluded>;

export const OutreachPreview = Type.Object({
  member: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  subject: Type.String(),
  body: Type.String({ description: 'Hele e-posten som medlemmet får den, med bunnteksten' }),
  sms_text: Nullable(Type.String({ description: 'SMS-en med stopp-teksten' })),
  recipients: Type.Integer(),
  excluded: Excluded,
});
export type OutreachPreview = Static<typeof OutreachPreview>;

export const PreviewQuery = Type.Object(
  {
    member_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
  },
  { additionalProperties: false },
);

export const SendBody = Type.Object({ confirm_count: Type.Integer({ minimum: 0 }) }, { additionalProperties: false });

/** 409: the count changed (with the new count), or the send is no longer a draft (message only). */
export const SendConflict = Type.Object({ message: Type.String(), count: Type.Optional(Type.Integer({ description: 'Antallet mottakere nå' })) });

export const OutreachReport = Type.Object({
  recipients: Type.Integer(),
  queued: Type.Integer({ description: 'Ennå ikke levert (venter i køen eller på tur)' }),
  sent: Type.Integer(),
  failed: Type.Integer(),
  skipped: Type.Integer({ description: 'Ikke sendt: samtykke trukket, slettet, sperret eller uten adresse da det var deres tur' }),
  unsubscribed: Type.Integer({ description: 'Meldte seg av fra lenken i denne utsendelsen' }),
  failures: Type.Array(
    Type.Object({
      member_id: Nullable(Type.Integer()),
      name: Type.String(),
      channel: Type.Union([Type.Literal('email'), Type.Literal('sms')]),
      address: Nullable(Type.String()),
      reason: Type.String(),
    }),
  ),
});
export type OutreachReport = Static<typeof OutreachReport>;

export const SmsPartsBody = Type.Object({ text: Type.String({ maxLength: 10_000 }) }, { additionalProperties: false });
export const SmsPartsAnswer = Type.Object({
  characters: Type.Integer(),
  parts: Type.Integer(),
  encoding: Type.Union([Type.Literal('GSM-7'), Type.Literal('UCS-2')]),
});
