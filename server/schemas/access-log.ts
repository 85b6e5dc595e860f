/** The access log as members and staff read it. */
import { Type, type Static } from 'typebox';
import { Nullable, Timestamp } from './common.ts';

export const AccessKind = Type.Union([Type.Literal('read'), Type.Literal('export'), Type.Literal('change'), Type.Literal('messages')]);

/** One access to a member's data (alone, or in a list of several): when, by whom, what kind, and what. */
export const AccessLogEntry = Type.Object({
  id: Type.Integer(),
  at: Timestamp,
  staff: Nullable(Type.Object({ first_name: Nullable(Type.String()), last_name: Nullable(Type.String()) })),
  kind: AccessKind,
  detail: Type.String(),
  members_in_list: Nullable(
    Type.Integer({
      description: 'Hvor mange medlemmer listen eller eksporten som ble sett, inneholdt; null når oppføringen gjelder ett medlem',
    }),
  ),
});
export type AccessLogEntry = Static<typeof AccessLogEntry>;

/** The staff view across members adds the member, the row count of an export and the address. */
export const AccessLogRow = Type.Intersect([
  AccessLogEntry,
  Type.Object({
    staff_id: Type.Integer(),
    member_id: Nullable(Type.Integer()),
    member: Nullable(
      Type.Object({
        id: Type.Integer(),
        remote_id: Nullable(Type.Integer()),
        first_name: Nullable(Type.String()),
        last_name: Nullable(Type.String()),
      }),
    ),
    row_count: Nullable(Type.Integer()),
    ip: Nullable(Type.String()),
  }),
]);
export type AccessLogRow = Static<typeof AccessLogRow>;

export const EraseBody = Type.Object({ member_number: Type.Union([Type.String({ maxLength: 20 }), Type.Integer()]) });
export type EraseBody = Static<typeof EraseBody>;

export const StaffUser = Type.Object({ id: Type.Integer(), first_name: Type.String(), last_name: Type.String() });
