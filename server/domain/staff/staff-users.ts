/**
 * The staff users as an administrator manages them: the list (role, active or not, last sign-in,
 * two-factor sign-in), one user, an invitation by e-mail, and ending all of a user's sign-ins.
 *
 * An invited staff user has an account without a password: the invitation's link (a week, single
 * use) lets them choose one through the same page and call as a password reset. Until then no
 * password signs them in.
 */
import type { Database, Queryable } from '../../db/database.ts';
import type { Outbox } from '../messages/outbox.ts';
import { conflict, HttpError, validationFailed } from '../../lib/http-errors.ts';
import { RULE_MESSAGES } from '../../schemas/rules.ts';
import type { StaffInvite, StaffUserDetail, StaffUserRow } from '../../schemas/staff-users.ts';
import { INVITATION_LIFETIME_MINUTES, issueResetLink } from '../accounts/accounts.ts';
import { isEmailConflict } from '../accounts/account-email.ts';
import { sendTemplate } from '../messages/messages.ts';
import { ROLE_TEXTS, staffRights } from './roles.ts';

export const STAFF_TEXTS = {
  memberEmail: 'E-postadressen tilhører et medlem. En ansatt må ha sin egen e-postadresse.',
  staffEmail: 'E-postadressen tilhører allerede en ansatt.',
  deactivatedEmail: 'E-postadressen tilhører en deaktivert ansatt. Aktiver den ansatte i stedet.',
  ownSessions: 'Dine egne innlogginger avslutter du i profilen din (Sikkerhet og innlogging).',
  invited: (email: string) => `Invitasjonen er sendt til ${email}.`,
  sessionsEnded: (count: number) => (count === 1 ? 'Én innlogging er avsluttet.' : `${count} innlogginger er avsluttet.`),
} as const;

const STAFF_FROM = `FROM accounts a
  LEFT JOIN staff_roles r ON r.id = a.role_id
  LEFT JOIN staff_sign_ins s ON s.account_id = a.id
  LEFT JOIN two_factor f ON f.account_id = a.id
 WHERE a.role_id >= 3 AND a.erased_at IS NULL`;

const STAFF_COLUMNS = `a.id, a.email, a.first_name, a.last_name, a.role_id, coalesce(r.name, 'Rolle ' || a.role_id) AS role_name,
  a.deactivated_at IS NULL AS active, s.at AS last_sign_in_at, f.enabled_at IS NOT NULL AS two_factor, a.password_hash IS NULL AS invited`;

/** Every staff user, the active ones first, by name. */
export function listStaff(db: Queryable): Promise<StaffUserRow[]> {
  return db.query<StaffUserRow>(`SELECT ${STAFF_COLUMNS} ${STAFF_FROM} ORDER BY a.deactivated_at IS NOT NULL, a.first_name, a.last_name, a.id`);
}

/** One staff user with their rights (404 for anyone who is not staff). */
export async function staffUser(db: Queryable, id: number): Promise<StaffUserDetail> {
  const [row] = await db.query<StaffUserRow>(`SELECT ${STAFF_COLUMNS} ${STAFF_FROM} AND a.id = $1`, [id]);
  if (!row) throw new HttpError(404, { message: ROLE_TEXTS.notStaff });
  const { rights, extra_rights, removed_rights } = await staffRights(db, id);
  return { ...row, rights, extra_rights, removed_rights };
}

type Errors = Record<string, string[]>;

/** What is wrong with an invitation: blank names, an unknown role, an address someone has. */
async function invitationErrors(db: Queryable, input: { email: string; first_name: string; last_name: string; role_id: number }): Promise<Errors> {
  const errors: Errors = {};
  if (!input.first_name) errors.first_name = [RULE_MESSAGES.fillIn];
  if (!input.last_name) errors.last_name = [RULE_MESSAGES.fillIn];
  const [role] = await db.query('SELECT 1 FROM staff_roles WHERE id = $1', [input.role_id]);
  if (!role) errors.role_id = [ROLE_TEXTS.unknownRole];
  const [holder] = await db.query<{ staff: boolean; active: boolean }>(
    'SELECT role_id >= 3 AS staff, deactivated_at IS NULL AS active FROM accounts WHERE lower(email) = lower($1)',
    [input.email],
  );
  if (holder) errors.email = [!holder.staff ? STAFF_TEXTS.memberEmail : holder.active ? STAFF_TEXTS.staffEmail : STAFF_TEXTS.deactivatedEmail];
  return errors;
}

/**
 * Makes the staff account (no password yet) with the role and mails the invitation with its link to
 * choose a password; recorded in their change history with who invited them. Refused (422, by field)
 * for a blank name, an unknown role, or an address a member or staff user already has.
 */
export async function inviteStaff(db: Database, outbox: Outbox, body: StaffInvite, actorId: number, publicUrl: string): Promise<StaffUserDetail> {
  const input = { email: body.email.trim(), first_name: body.first_name.trim(), last_name: body.last_name.trim(), role_id: body.role_id };
  const id = await db
    .transaction(async (tx) => {
      const errors = await invitationErrors(tx, input);
      if (Object.keys(errors).length > 0) throw validationFailed(errors);
      const [account] = await tx.query<{ id: number }>(
        `INSERT INTO accounts (role_id, email, first_name, last_name, registration_completed) VALUES ($1, $2, $3, $4, 1) RETURNING id`,
        [input.role_id, input.email, input.first_name, input.last_name],
      );
      const [role] = await tx.query<{ name: string }>('SELECT name FROM staff_roles WHERE id = $1', [input.role_id]);
      await tx.query('INSERT INTO member_changes (member_id, changed_by, changes) VALUES ($1, $2, $3)', [
        account.id,
        actorId,
        JSON.stringify({ invited: [null, input.email], role_id: [null, input.role_id] }),
      ]);
      const link = await issueResetLink(tx, input.email, publicUrl, { lifetimeMinutes: INVITATION_LIFETIME_MINUTES, evenIfRecent: true });
      // evenIfRecent: a link is always made.
      await sendTemplate(
        tx,
        outbox,
        'staff-invitation',
        { id: account.id, ...input },
        {
          values: { role: role.name, email: input.email },
          link: link!,
          senderId: actorId,
        },
      );
      return account.id;
    })
    .catch((error: unknown) => {
      // Two invitations of one address at once: the unique index refuses the second.
      if (isEmailConflict(error)) throw validationFailed({ email: [STAFF_TEXTS.staffEmail] });
      throw error;
    });
  return staffUser(db, id);
}

/**
 * Ends every sign-in of a staff user at once (their tokens, and a sign-in half done at its second
 * step); recorded in their change history. One's own are ended from the profile instead (409).
 */
export async function endStaffSessions(db: Database, id: number, actorId: number): Promise<number> {
  if (id === actorId) throw conflict(STAFF_TEXTS.ownSessions);
  return db.transaction(async (tx) => {
    const [staff] = await tx.query('SELECT 1 FROM accounts WHERE id = $1 AND role_id >= 3 AND erased_at IS NULL FOR UPDATE', [id]);
    if (!staff) throw new HttpError(404, { message: ROLE_TEXTS.notStaff });
    const ended = await tx.query('DELETE FROM access_tokens WHERE account_id = $1 RETURNING 1', [id]);
    await tx.query('DELETE FROM sign_in_challenges WHERE account_id = $1', [id]);
    await tx.query('INSERT INTO member_changes (member_id, changed_by, changes) VALUES ($1, $2, $3)', [
      id,
      actorId,
      JSON.stringify({ sessions: [ended.length, 0] }),
    ]);
    return ended.length;
  });
}
