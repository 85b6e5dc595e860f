/**
 * Staff roles and rights as an administrator manages them: the roles with their rights (the table
 * of roles × rights), a role's rights changed, an office's own role added, and one staff user's
 * role, active state and own exceptions (a right given beyond the role, or one taken away).
 *
 * Whatever changes, at least one active staff user must keep 'staff.administer': a change that
 * would leave nobody able to administer staff is refused and nothing is changed. A change applies
 * on the next request: the database announces it to every server's session cache (migration 036).
 */
import type { Database, Queryable } from '../../db/database.ts';
import { conflict, HttpError, validationFailed } from '../../lib/http-errors.ts';
import { staffRightsSql } from '../../lib/staff-rights-sql.ts';
import { isRight, RIGHTS, type Right } from './rights.ts';
import type { RoleView, StaffRightsPatch } from '../../schemas/staff.ts';

export const ROLE_TEXTS = {
  noRights: 'En rolle må ha minst én rettighet.',
  unknownRight: (name: string) => `Rettigheten «${name}» finnes ikke.`,
  nameTaken: 'Det finnes allerede en rolle med det navnet.',
  unknownRole: 'Rollen finnes ikke.',
  lastAdministrator: 'Minst én aktiv ansatt må kunne administrere ansatte. Gi retten til en annen først.',
  notStaff: 'Finner ingen ansatt med den id-en.',
  bothWays: (name: string) => `«${name}» kan ikke både gis og tas bort.`,
} as const;

/** Every role with its rights and how many active staff users hold it. */
export async function listRoles(db: Queryable): Promise<RoleView[]> {
  return db.query<RoleView>(
    `SELECT r.id, r.name, r.builtin,
            ARRAY(SELECT rr.name FROM staff_role_rights rr WHERE rr.role_id = r.id ORDER BY rr.name) AS rights,
            (SELECT count(*)::int FROM accounts a WHERE a.role_id = r.id AND a.deactivated_at IS NULL) AS staff_count
       FROM staff_roles r ORDER BY r.id`,
  );
}

/** The rights in the catalogue's order, or a 422 naming the first unknown one (field `field`). */
function checkedRights(names: readonly string[], field: string, allowEmpty = false): Right[] {
  const unknown = names.find((name) => !isRight(name));
  if (unknown !== undefined) throw validationFailed({ [field]: [ROLE_TEXTS.unknownRight(unknown)] });
  if (!allowEmpty && names.length === 0) throw validationFailed({ [field]: [ROLE_TEXTS.noRights] });
  return (Object.keys(RIGHTS) as Right[]).filter((right) => names.includes(right));
}

/** Refuses (409) when no active staff user would hold 'staff.administer'; run last in the change's transaction. */
async function keepAnAdministrator(tx: Queryable): Promise<void> {
  const [{ n }] = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM accounts a
      WHERE a.role_id >= 3 AND a.deactivated_at IS NULL AND a.erased_at IS NULL AND 'staff.administer' = ANY(${staffRightsSql('a')})`,
  );
  if (n === 0) throw conflict(ROLE_TEXTS.lastAdministrator);
}

async function roleView(db: Queryable, id: number): Promise<RoleView> {
  const role = (await listRoles(db)).find((row) => row.id === id);
  if (!role) throw new HttpError(404, { message: ROLE_TEXTS.unknownRole });
  return role;
}

/** Gives the role exactly these rights. */
export async function setRoleRights(db: Database, roleId: number, names: readonly string[]): Promise<RoleView> {
  const rights = checkedRights(names, 'rights');
  await db.transaction(async (tx) => {
    const [role] = await tx.query('SELECT id FROM staff_roles WHERE id = $1 FOR UPDATE', [roleId]);
    if (!role) throw new HttpError(404, { message: ROLE_TEXTS.unknownRole });
    await tx.query('DELETE FROM staff_role_rights WHERE role_id = $1 AND NOT (name = ANY($2::text[]))', [roleId, rights]);
    await tx.query('INSERT INTO staff_role_rights (role_id, name) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING', [roleId, rights]);
    await tx.query('UPDATE staff_roles SET updated_at = now() WHERE id = $1', [roleId]);
    await keepAnAdministrator(tx);
  });
  return roleView(db, roleId);
}

/** An office's own role (id 6 and up) with its name and rights. */
export async function createRole(db: Database, input: { name: string; rights: readonly string[] }): Promise<RoleView> {
  const name = input.name.trim();
  if (!name) throw validationFailed({ name: ['Påkrevd felt'] });
  const rights = checkedRights(input.rights, 'rights');
  const id = await db.transaction(async (tx) => {
    const [taken] = await tx.query('SELECT 1 FROM staff_roles WHERE lower(name) = lower($1)', [name]);
    if (taken) throw validationFailed({ name: [ROLE_TEXTS.nameTaken] });
    const [row] = await tx.query<{ id: number }>('INSERT INTO staff_roles (name) VALUES ($1) RETURNING id', [name]);
    await tx.query('INSERT INTO staff_role_rights (role_id, name) SELECT $1, unnest($2::text[])', [row.id, rights]);
    return row.id;
  });
  return roleView(db, id);
}

export interface StaffRightsView {
  id: number;
  role_id: number;
  role_name: string;
  active: boolean;
  /** What the user may do: the role's rights with their own exceptions. */
  rights: Right[];
  extra_rights: Right[];
  removed_rights: Right[];
}

/** One staff user's role, state and rights (404 for anyone who is not staff). */
export async function staffRights(db: Queryable, id: number): Promise<StaffRightsView> {
  const [row] = await db.query<StaffRightsView>(
    `SELECT a.id, a.role_id, coalesce(r.name, 'Rolle ' || a.role_id) AS role_name, a.deactivated_at IS NULL AS active,
            ${staffRightsSql('a')} AS rights,
            ARRAY(SELECT x.name FROM staff_account_rights x WHERE x.account_id = a.id AND x.granted ORDER BY x.name) AS extra_rights,
            ARRAY(SELECT x.name FROM staff_account_rights x WHERE x.account_id = a.id AND NOT x.granted ORDER BY x.name) AS removed_rights
       FROM accounts a LEFT JOIN staff_roles r ON r.id = a.role_id
      WHERE a.id = $1 AND a.role_id >= 3 AND a.erased_at IS NULL`,
    [id],
  );
  if (!row) throw new HttpError(404, { message: ROLE_TEXTS.notStaff });
  return row;
}

/**
 * Changes one staff user: their role, active or not (deactivated: every sign-in ends at once) and
 * their own exceptions (each list, when given, replaces the one before). Recorded in their change
 * history with who did it.
 */
export async function patchStaff(db: Database, id: number, patch: StaffRightsPatch, actorId: number): Promise<StaffRightsView> {
  const extra = patch.extra_rights === undefined ? undefined : checkedRights(patch.extra_rights, 'extra_rights', true);
  const removed = patch.removed_rights === undefined ? undefined : checkedRights(patch.removed_rights, 'removed_rights', true);
  const both = extra && removed ? extra.find((right) => removed.includes(right)) : undefined;
  if (both) throw validationFailed({ extra_rights: [ROLE_TEXTS.bothWays(both)] });
  await db.transaction(async (tx) => {
    const [before] = await tx.query<{ role_id: number; active: boolean }>(
      'SELECT role_id, deactivated_at IS NULL AS active FROM accounts WHERE id = $1 AND role_id >= 3 AND erased_at IS NULL FOR UPDATE',
      [id],
    );
    if (!before) throw new HttpError(404, { message: ROLE_TEXTS.notStaff });
    const changes: Record<string, [unknown, unknown]> = {};
    if (patch.role_id !== undefined && patch.role_id !== before.role_id) {
      const [role] = await tx.query('SELECT 1 FROM staff_roles WHERE id = $1', [patch.role_id]);
      if (!role) throw validationFailed({ role_id: [ROLE_TEXTS.unknownRole] });
      await tx.query('UPDATE accounts SET role_id = $2 WHERE id = $1', [id, patch.role_id]);
      changes.role_id = [before.role_id, patch.role_id];
    }
    if (patch.active !== undefined && patch.active !== before.active) {
      await tx.query('UPDATE accounts SET deactivated_at = CASE WHEN $2 THEN NULL ELSE now() END WHERE id = $1', [id, patch.active]);
      // Deactivated: every sign-in ends now (the tokens are gone, so is each server's memory of them).
      if (!patch.active) await tx.query('DELETE FROM access_tokens WHERE account_id = $1', [id]);
      changes.active = [before.active, patch.active];
    }
    for (const [granted, names, field] of [
      [true, extra, 'extra_rights'],
      [false, removed, 'removed_rights'],
    ] as const) {
      if (names === undefined) continue;
      const old = await tx.query<{ name: string }>('SELECT name FROM staff_account_rights WHERE account_id = $1 AND granted = $2 ORDER BY name', [id, granted]);
      await tx.query('DELETE FROM staff_account_rights WHERE account_id = $1 AND (granted = $2 OR name = ANY($3::text[]))', [id, granted, names]);
      await tx.query('INSERT INTO staff_account_rights (account_id, name, granted) SELECT $1, unnest($2::text[]), $3', [id, names, granted]);
      const was = old.map((row) => row.name);
      if (was.join() !== names.join()) changes[field] = [was, names];
    }
    await keepAnAdministrator(tx);
    if (Object.keys(changes).length > 0) {
      await tx.query('INSERT INTO member_changes (member_id, changed_by, changes) VALUES ($1, $2, $3)', [id, actorId, JSON.stringify(changes)]);
    }
  });
  return staffRights(db, id);
}
