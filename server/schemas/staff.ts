/** Staff roles and rights (GET /api/role/list, PATCH /api/role/{id}, POST /api/role, PATCH /api/staff/{id}, GET /api/user/rights). */
import { Type, type Static } from 'typebox';

/** A right's name as area.action; the catalogue (domain/staff/rights.ts) decides which exist, with a Norwegian 422. */
const RightName = Type.String({
  pattern: '^[a-z]+\\.[a-z]+$',
  maxLength: 60,
  examples: ['members.read'],
  description: 'En rettighet, område.handling; GET /api/role/list viser hver som finnes',
});
const RightList = Type.Array(RightName, { maxItems: 100, uniqueItems: true });

export const RoleView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** Saksbehandler (3), Økonomi (4) and Administrator (5) are the spec's; an office may add its own. */
  builtin: Type.Boolean(),
  rights: Type.Array(Type.String()),
  /** Active staff users with the role. */
  staff_count: Type.Integer(),
});
export type RoleView = Static<typeof RoleView>;

export const RightInfo = Type.Object({ name: Type.String(), description: Type.String() });

export const RoleList = Type.Object({
  data: Type.Array(RoleView),
  /** Every right there is, with what it lets a staff user do (the table's columns). */
  rights: Type.Array(RightInfo),
});

export const RolePatch = Type.Object({ rights: RightList }, { additionalProperties: false });
export const RoleCreate = Type.Object({ name: Type.String({ maxLength: 60 }), rights: RightList }, { additionalProperties: false });

export const StaffRightsPatch = Type.Object(
  {
    role_id: Type.Optional(Type.Integer({ minimum: 3, maximum: 2147483647 })),
    active: Type.Optional(Type.Boolean()),
    extra_rights: Type.Optional(RightList),
    removed_rights: Type.Optional(RightList),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type StaffRightsPatch = Static<typeof StaffRightsPatch>;

export const StaffRightsView = Type.Object({
  id: Type.Integer(),
  role_id: Type.Integer(),
  role_name: Type.String(),
  active: Type.Boolean(),
  rights: Type.Array(Type.String()),
  extra_rights: Type.Array(Type.String()),
  removed_rights: Type.Array(Type.String()),
});

export const MyRights = Type.Object({
  data: Type.Object({
    role_id: Type.Integer(),
    role_name: Type.String(),
    /** What the signed-in staff user may do now; the staff app shows what these allow. */
    rights: Type.Array(Type.String()),
  }),
});
