/** Instruments and instrument insurance requests: the API contract of both apps. */
import { Type, type Static } from 'typebox';
import { DateOnly, Id, Nullable, PersonRef, Timestamp } from './common.ts';
import { InstrumentSnapshot } from './logs.ts';
import { RejectBody } from './requests.ts';
import { Valuation } from './valuation.ts';

/** status on the wire: 0 waiting for staff (new, changed or deleted by the member), 1 active, 2 rejected, 3 deleted. */
export const INSTRUMENT_STATUS = { pending: 0, active: 1, rejected: 2, deleted: 3 } as const;

export const RequestedChange = Type.Object({
  instrument_category: Type.Optional(Type.Integer()),
  make: Type.Optional(Type.String()),
  model: Type.Optional(Type.String()),
  serial_number: Type.Optional(Nullable(Type.String())),
  value: Type.Optional(Type.Integer()),
  delete: Type.Optional(Type.Boolean({ description: 'Medlemmet ber om å slette instrumentet' })),
});
export type RequestedChange = Static<typeof RequestedChange>;

export const Instrument = Type.Object({
  id: Type.Integer(),
  member_id: Type.Integer(),
  subscription_id: Nullable(Type.Integer()),
  instrument_category: Type.Integer(),
  category: Type.String(),
  make: Type.String(),
  model: Type.String(),
  serial_number: Nullable(Type.String()),
  value: Type.Integer(),
  insurance_start: DateOnly,
  insurance_end: Nullable(DateOnly),
  state: Type.String({ description: 'requested, active, rejected eller deleted' }),
  status: Type.Integer({ description: '0 venter på behandling, 1 aktiv, 2 avvist, 3 slettet' }),
  requested_change: Nullable(RequestedChange),
  reason_for_rejection: Nullable(Type.String()),
  created_at: Timestamp,
  updated_at: Timestamp,
  deleted_at: Nullable(Timestamp),
  validated_by_user: Nullable(PersonRef),
  valuation: Valuation,
});
export type Instrument = Static<typeof Instrument>;

/** A row of the staff instrument list: the instrument and whose it is. */
export const InstrumentListItem = Type.Intersect([
  Instrument,
  Type.Object({
    member: Type.Object({ id: Type.Integer(), remote_id: Nullable(Type.Integer()), first_name: Type.String(), last_name: Type.String() }),
  }),
]);
export type InstrumentListItem = Static<typeof InstrumentListItem>;

export const InstrumentIteration = Type.Object({
  id: Type.Integer(),
  created_at: Timestamp,
  created_by: Nullable(PersonRef),
  snapshot: InstrumentSnapshot,
});

export const InstrumentWithIterations = Type.Intersect([Instrument, Type.Object({ iterations: Type.Array(InstrumentIteration) })]);
export type InstrumentWithIterations = Static<typeof InstrumentWithIterations>;

export const MemberInstruments = Type.Object({
  active: Type.Array(Instrument),
  requested: Type.Array(Instrument),
  deleted: Type.Array(Instrument),
  rejected: Type.Array(Instrument, { description: 'Nye instrumenter staff har avvist, med begrunnelsen' }),
});
export type MemberInstruments = Static<typeof MemberInstruments>;

const Make = Type.String({ minLength: 1, maxLength: 200 });
const Serial = Nullable(Type.String({ maxLength: 200 }));
const Value = Type.Integer({ minimum: 0, maximum: 100_000_000 });

/** Fields a new row carries; a member's start date is always today and its status always waiting. */
export const InstrumentNewBody = Type.Object(
  {
    member_id: Id,
    instrument_category: Id,
    make: Make,
    model: Make,
    serial_number: Type.Optional(Serial),
    value: Value,
    insurance_start: Type.Optional(DateOnly),
    insurance_end: Type.Optional(Nullable(DateOnly)),
    status: Type.Optional(Type.Integer({ minimum: 0, maximum: 1, description: 'Ansatte: 1 aktiv med en gang, 0 forespørsel' })),
  },
  { additionalProperties: false },
);
export type InstrumentNewBody = Static<typeof InstrumentNewBody>;

export const InstrumentPatchBody = Type.Object(
  {
    id: Type.Optional(Id),
    member_id: Type.Optional(Id),
    instrument_category: Type.Optional(Id),
    make: Type.Optional(Make),
    model: Type.Optional(Make),
    serial_number: Type.Optional(Serial),
    value: Type.Optional(Value),
    insurance_start: Type.Optional(DateOnly),
    insurance_end: Type.Optional(Nullable(DateOnly)),
    status: Type.Optional(Type.Integer({ description: 'Endres bare gjennom aksepter/avvis; ignoreres her' })),
  },
  { additionalProperties: false },
);
export type InstrumentPatchBody = Static<typeof InstrumentPatchBody>;

export const InstrumentsOfMember = Type.Object(
  { member_id: Id, instruments: Type.Array(Id, { minItems: 1, maxItems: 1000 }) },
  { additionalProperties: false },
);
export type InstrumentsOfMember = Static<typeof InstrumentsOfMember>;

export const RejectInstrumentsBody = Type.Object({ ...InstrumentsOfMember.properties, ...RejectBody.properties }, { additionalProperties: false });
export type RejectInstrumentsBody = Static<typeof RejectInstrumentsBody>;

export const ImportResult = Type.Object({ message: Type.String(), data: Type.Array(Instrument) });

/** A refusal with the message and every error by field (for an import, by row: 'rad 3'). */
export const RefusedBody = Type.Object({
  message: Type.String(),
  errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
});

/** The instrument upload's multipart/form-data field, for the OpenAPI document (the route reads the part itself). */
export const InstrumentUpload = Type.Object({
  file: Type.String({ format: 'binary', description: 'Instrumentmalen utfylt (.xlsx)' }),
});

/** The member's instrument export takes one filter: which instruments. */
export const InstrumentExportQuery = Type.Object(
  {
    'filter[status]': Type.Optional(Type.String({ description: '0 venter på behandling, 1 aktive (standard), 2 avviste, 3 slettede; kommaseparert' })),
  },
  { additionalProperties: Type.String() },
);
