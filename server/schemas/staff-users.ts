/**
 * Staff users as an administrator sees them: the list, one user, an invitation, ending their
 * sign-ins, and their access report (GET /api/staff/list, /api/staff/{id}, POST /api/staff/invite,
 * POST /api/staff/{id}/sessions/end, GET /api/staff/{id}/report).
 */
import { Type, type Static } from 'typebox';
import { Email, Nullable, Timestamp } from './common.ts';

export const StaffUserRow = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  role_id: Type.Integer(),
  role_name: Type.String(),
  /** False once deactivated: they cannot sign in. */
  active: Type.Boolean(),
  last_sign_in_at: Nullable(Timestamp),
  /** Two-factor sign-in is on. */
  two_factor: Type.Boolean(),
  /** Invited and no password chosen yet. */
  invited: Type.Boolean(),
});
export type StaffUserRow = Static<typeof StaffUserRow>;

export const StaffUserDetail = Type.Intersect([
  StaffUserRow,
  Type.Object({
    /** What they may do: the role's rights with their own exceptions. */
    rights: Type.Array(Type.String()),
    extra_rights: Type.Array(Type.String()),
    removed_rights: Type.Array(Type.String()),
  }),
]);
export type StaffUserDetail = Static<typeof StaffUserDetail>;

const Name = Type.String({ maxLength: 100, examples: ['Kari'] });

export const StaffInvite = Type.Object(
  {
    email: Email,
    first_name: Name,
    last_name: Name,
    role_id: Type.Integer({ minimum: 1, maximum: 2147483647, examples: [3] }),
  },
  { additionalProperties: false },
);
export type StaffInvite = Static<typeof StaffInvite>;

export const SessionsEnded = Type.Object({
  message: Type.String(),
  data: Type.Object({ ended: Type.Integer({ description: 'Hvor mange innlogginger som ble avsluttet' }) }),
});

const ReportDate = (description: string) => Type.String({ maxLength: 10, examples: ['2026-11-01'], description });

export const ReportQuery = Type.Object(
  {
    from: ReportDate('Fra og med dato (åååå-mm-dd, Oslo-tid)'),
    to: ReportDate('Til og med dato (åååå-mm-dd, Oslo-tid)'),
    format: Type.Optional(
      Type.Union([Type.Literal('json'), Type.Literal('xlsx')], {
        description: 'json (standard): rapporten til siden. xlsx: regneark med sammendrag, rettigheter og hver hendelse',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ReportQuery = Static<typeof ReportQuery>;

export const ReportKind = Type.Union([Type.Literal('read'), Type.Literal('export'), Type.Literal('change'), Type.Literal('erase'), Type.Literal('messages')]);
export type ReportKind = Static<typeof ReportKind>;

export const ReportEntry = Type.Object({
  id: Type.Integer(),
  at: Timestamp,
  /** The access log's kind, with an erasure of a member's personal data as its own ('erase'). */
  kind: ReportKind,
  detail: Type.String(),
  member: Nullable(
    Type.Object({
      id: Type.Integer(),
      remote_id: Nullable(Type.Integer()),
      first_name: Nullable(Type.String()),
      last_name: Nullable(Type.String()),
    }),
  ),
  members_in_list: Nullable(Type.Integer()),
  row_count: Nullable(Type.Integer()),
  ip: Nullable(Type.String()),
});
export type ReportEntry = Static<typeof ReportEntry>;

export const AccessReport = Type.Object({
  data: Type.Object({
    staff: StaffUserDetail,
    from: Type.String({ format: 'date' }),
    to: Type.String({ format: 'date' }),
    counts: Type.Object({
      read: Type.Integer(),
      export: Type.Integer(),
      change: Type.Integer(),
      erase: Type.Integer(),
      messages: Type.Integer(),
    }),
    /** Rows the period's exports held, together. */
    exported_rows: Type.Integer(),
    total: Type.Integer(),
    /** The newest entries of the period (at most `shown_limit`); the spreadsheet has all of them. */
    entries: Type.Array(ReportEntry),
    shown_limit: Type.Integer(),
  }),
});
export type AccessReport = Static<typeof AccessReport>['data'];
