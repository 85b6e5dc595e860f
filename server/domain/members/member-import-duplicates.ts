/** Likely duplicates of a row: a member already in the portal, or an earlier row of the same file. */
import type { Queryable } from '../../db/database.ts';
import { toE164 } from '../../lib/phone.ts';
import { Turns } from '../../lib/turns.ts';
import { normalisePhone } from './members.ts';
import type { ImportField } from './member-import-file.ts';
import { MEMBER_IMPORT_MESSAGES } from './member-import-limits.ts';
import type { Action, Duplicate, PlannedRow } from './member-import-model.ts';

interface Existing {
  id: number;
  remote_id: number | null;
  email: string;
  phone: string | null;
  first_name: string;
  last_name: string;
  birthdate: string | null;
  role_id: number;
}

const phoneKey = (phone: string | null | undefined) => (phone ? (toE164(phone) ?? normalisePhone(phone)) : null);
const nameKey = (values: { first_name?: unknown; last_name?: unknown; birthdate?: unknown }) =>
  values.birthdate && values.first_name && values.last_name
    ? `${String(values.first_name).toLowerCase()}|${String(values.last_name).toLowerCase()}|${String(values.birthdate)}`
    : null;

/**
 * Accounts that share a member number, e-mail, phone or name and birth date with a row. Asked in
 * slices of rows: a large file's keys in one statement would grow the embedded database's memory
 * for good. Other requests get their turn between the slices: on PGlite a query's answer comes
 * without a turn of the event loop, so the fifty lookups of a 50 000-row file held every request
 * for their whole two seconds.
 */
async function existingMatches(db: Queryable, rows: PlannedRow[]): Promise<Existing[]> {
  const found = new Map<number, Existing>();
  const turns = new Turns();
  for (let start = 0; start < rows.length; start += MATCH_SLICE) {
    if (turns.due()) await turns.give();
    for (const account of await matchesOf(db, rows.slice(start, start + MATCH_SLICE))) found.set(account.id, account);
  }
  return [...found.values()].sort((a, b) => a.id - b.id);
}

/** Rows whose keys are looked up in one statement: on PGlite 500 rows' keys take some 5 ms at 30 000 accounts. */
const MATCH_SLICE = 500;

async function matchesOf(db: Queryable, rows: PlannedRow[]): Promise<Existing[]> {
  const numbers = new Set<number>();
  const emails = new Set<string>();
  const phones = new Set<string>();
  const names: [string[], string[], string[]] = [[], [], []];
  for (const row of rows) {
    if (row.action === 'error') continue;
    const v = row.values;
    if (typeof v.remote_id === 'number') numbers.add(v.remote_id);
    if (typeof v.email === 'string') emails.add(v.email.toLowerCase());
    if (typeof v.phone === 'string') {
      phones.add(v.phone);
      const e164 = toE164(v.phone);
      if (e164) {
        phones.add(e164);
        if (e164.startsWith('+47')) phones.add(e164.slice(3));
      }
    }
    if (nameKey(v)) {
      names[0].push(String(v.first_name).toLowerCase());
      names[1].push(String(v.last_name).toLowerCase());
      names[2].push(String(v.birthdate));
    }
  }
  // Each key goes down its own index, so a slice costs the same in a register of any size (one
  // statement with the four keys OR'ed read every account: some 40 ms a slice at 30 000 accounts).
  // The name lookup is fenced (MATERIALIZED) so it stays on the name-and-birth-date index: with the
  // members' condition inside it, the planner took their birth-date index, which reads everyone
  // born that day.
  return db.query<Existing>(
    `WITH by_name AS MATERIALIZED (
       SELECT a.id, a.role_id FROM unnest($4::text[], $5::text[], $6::date[]) AS k (first_name, last_name, birthdate)
         JOIN accounts a ON lower(a.first_name) = k.first_name AND lower(a.last_name) = k.last_name AND a.birthdate = k.birthdate
     )
     SELECT id, remote_id, email, phone, first_name, last_name, birthdate::text AS birthdate, role_id
       FROM accounts
      WHERE id IN (SELECT id FROM accounts WHERE remote_id = ANY ($1::int[])
                   UNION ALL SELECT id FROM accounts WHERE lower(email) = ANY ($2::text[])
                   UNION ALL SELECT id FROM accounts WHERE role_id IN (1, 2) AND phone = ANY ($3::text[])
                   UNION ALL SELECT id FROM by_name WHERE role_id IN (1, 2))`,
    [[...numbers], [...emails], [...phones], names[0], names[1], names[2]],
  );
}

/**
 * Finds each checked row's duplicate, a member first and else an earlier row, and applies staff's
 * decision for it (`decide`, told whether 'Opprett likevel' can work); a row whose e-mail another account
 * or row has says so on its duplicate, and becomes an error when staff still choose to create it. The
 * rows are changed in place.
 */
export async function findDuplicates(
  db: Queryable,
  planned: PlannedRow[],
  decide: (row: PlannedRow, createRefused: boolean) => Action,
  columnOf: (field: ImportField) => string,
): Promise<void> {
  const existing = await existingMatches(db, planned);
  const byNumber = new Map<number, Existing>();
  const byEmail = new Map<string, Existing>();
  const byPhone = new Map<string, Existing>();
  const byName = new Map<string, Existing>();
  for (const account of existing) {
    if (account.remote_id !== null) byNumber.set(account.remote_id, account);
    byEmail.set(account.email.toLowerCase(), account);
    if (account.role_id <= 2) {
      const phone = phoneKey(account.phone);
      if (phone && !byPhone.has(phone)) byPhone.set(phone, account);
      const name = nameKey(account);
      if (name && !byName.has(name)) byName.set(name, account);
    }
  }
  const seen = {
    number: new Map<number, PlannedRow>(),
    email: new Map<string, PlannedRow>(),
    phone: new Map<string, PlannedRow>(),
    name: new Map<string, PlannedRow>(),
  };

  // A large file's rows take a third of a second to match: other requests are answered between slices.
  const turns = new Turns();
  for (const row of planned) {
    if (turns.due()) await turns.give();
    if (row.action === 'error') continue;
    const v = row.values;
    const keys = {
      number: typeof v.remote_id === 'number' ? v.remote_id : null,
      email: typeof v.email === 'string' ? v.email.toLowerCase() : null,
      phone: phoneKey(v.phone as string | undefined),
      name: nameKey(v),
    };
    const member =
      (keys.number !== null ? byNumber.get(keys.number) : undefined) ??
      (keys.email ? byEmail.get(keys.email) : undefined) ??
      (keys.phone ? byPhone.get(keys.phone) : undefined) ??
      (keys.name ? byName.get(keys.name) : undefined);
    const by = (found: { remote_id?: unknown; email?: unknown; phone?: unknown }, isRow: boolean): Duplicate['by'] => {
      if (keys.number !== null && (isRow ? found.remote_id === keys.number : found.remote_id === keys.number)) return 'remote_id';
      if (keys.email && String(found.email ?? '').toLowerCase() === keys.email) return 'email';
      if (keys.phone && phoneKey(found.phone as string | null) === keys.phone) return 'phone';
      return 'name_birthdate';
    };
    if (member) {
      if (member.role_id > 2) {
        row.errors.push({ row: row.number, column: columnOf('email'), message: MEMBER_IMPORT_MESSAGES.emailTaken });
        row.action = 'error';
        continue;
      }
      const refused = keys.email && byEmail.has(keys.email) ? MEMBER_IMPORT_MESSAGES.emailTaken : undefined;
      const action = decide(row, refused !== undefined);
      row.duplicate = {
        row: row.number,
        member_id: member.id,
        of_row: null,
        by: by(member, false),
        name: row.name,
        member_name: `${member.first_name} ${member.last_name}`,
        member_number: member.remote_id,
        action,
      };
      row.action = action;
      if (refused) row.duplicate.create_refused = refused;
      if (action === 'create' && refused) {
        row.errors.push({ row: row.number, column: columnOf('email'), message: MEMBER_IMPORT_MESSAGES.emailTaken });
        row.action = 'error';
      }
      continue;
    }
    const earlier =
      (keys.number !== null ? seen.number.get(keys.number) : undefined) ??
      (keys.email ? seen.email.get(keys.email) : undefined) ??
      (keys.phone ? seen.phone.get(keys.phone) : undefined) ??
      (keys.name ? seen.name.get(keys.name) : undefined);
    if (earlier) {
      const sameEmail = keys.email ? seen.email.get(keys.email) : undefined;
      const action = decide(row, sameEmail !== undefined);
      row.duplicate = {
        row: row.number,
        member_id: null,
        of_row: earlier.number,
        by: by(earlier.values, true),
        name: row.name,
        member_name: earlier.name,
        member_number: typeof earlier.values.remote_id === 'number' ? earlier.values.remote_id : null,
        action,
      };
      row.action = action;
      if (sameEmail) row.duplicate.create_refused = `${MEMBER_IMPORT_MESSAGES.emailInFile} ${sameEmail.number}`;
      if (action === 'create' && sameEmail) {
        row.errors.push({ row: row.number, column: columnOf('email'), message: `${MEMBER_IMPORT_MESSAGES.emailInFile} ${sameEmail.number}` });
        row.action = 'error';
        continue;
      }
      if (action === 'create' && keys.number !== null && seen.number.has(keys.number)) delete row.values.remote_id;
      if (action !== 'create') continue;
    }
    if (keys.number !== null && row.values.remote_id !== undefined) seen.number.set(keys.number, row);
    if (keys.email) seen.email.set(keys.email, row);
    if (keys.phone && !seen.phone.has(keys.phone)) seen.phone.set(keys.phone, row);
    if (keys.name && !seen.name.has(keys.name)) seen.name.set(keys.name, row);
  }
}
