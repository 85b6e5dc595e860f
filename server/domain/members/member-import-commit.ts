/**
 * The commit, a job on the queue: the plan made again and written whole or not at all, in one transaction
 * on PostgreSQL, in small steps on PGlite (whose one session other requests share), taken back if it fails.
 */
import { setImmediate } from 'node:timers/promises';
import type { Database, Queryable } from '../../db/database.ts';
import type { PgliteDatabase } from '../../db/pglite.ts';
import type { JobSender } from '../messages/outbox.ts';
import { HttpError, validationFailed } from '../../lib/http-errors.ts';
import { todayInOslo } from '../shared/oslo-date.ts';
import { MEMBER_IMPORT_MESSAGES } from './member-import-limits.ts';
import { ACCOUNT_FIELDS, CHUNK, FIELD_TYPES, IS_MEMBER, NO_EMAIL_DOMAIN, type MemberStatus, type PlannedRow, type Summary } from './member-import-model.ts';
import { loadRecord, shown, storedRows, type ImportRecord, type MemberImport, type StoredRow } from './member-import-record.ts';
import { planImport } from './member-import-preview.ts';
import { commitOtherSheets } from './member-import-other-sheets.ts';
import { commitOpenInvoices } from './member-import-invoices.ts';
import { MEMBER_IMPORT_WELCOME_QUEUE } from './member-import-welcome.ts';
import { takeBack } from './member-import-undo.ts';
import { paced, type Step } from './member-import-pace.ts';

export const MEMBER_IMPORT_QUEUE = 'member-import';

/** Queues the commit; answers the import as it now stands. */
export async function startCommit(db: Database, jobs: JobSender, id: number, sendWelcome: boolean, skipErrors = false): Promise<MemberImport | null> {
  const record = await loadRecord(db, id);
  if (!record) return null;
  if (record.state !== 'preview') throw new HttpError(409, { message: MEMBER_IMPORT_MESSAGES.notPreview });
  if (record.summary.error > 0 && !skipErrors) throw validationFailed({ file: [MEMBER_IMPORT_MESSAGES.hasErrors] });
  if (record.summary.new + record.summary.update + (record.summary.instruments ?? 0) + (record.summary.travel ?? 0) + (record.summary.invoices ?? 0) === 0) {
    throw validationFailed({ file: [MEMBER_IMPORT_MESSAGES.nothingToDo] });
  }
  await db.transaction(async (tx) => {
    const [started] = await tx.query(
      "UPDATE member_imports SET state = 'running', send_welcome = $2, skip_errors = $3, progress_done = 0, error = NULL WHERE id = $1 AND state = 'preview' RETURNING id",
      [id, sendWelcome, skipErrors],
    );
    if (!started) throw new HttpError(409, { message: MEMBER_IMPORT_MESSAGES.notPreview });
    await jobs.send(MEMBER_IMPORT_QUEUE, { importId: id }, tx);
  });
  return shown((await loadRecord(db, id))!);
}

/**
 * Rows written per step of a commit (updates go one member at a time). On PGlite a step is its own
 * transaction and holds the one session a request waits for, so steps are small there: 25 new members
 * take about 14 ms (50 took 22 ms, and the member list's p95 during a 50 000-row import was 3.0-3.4
 * times its idle one, over its 3; 150 took 44 ms, p95 89), at some 7 ms a step besides a quarter of a
 * millisecond a member; a 10 000-row commit takes some 8 s of its 15.
 */
const STEP_SIZES = { postgres: { creates: CHUNK, updates: 500 }, pglite: { creates: 25, updates: 10 } };

function mergeInto(target: PlannedRow, source: PlannedRow, overwrite: boolean): void {
  for (const field of source.given) {
    if (field === 'remote_id') continue;
    if (overwrite || !target.given.has(field)) {
      target.values[field] = source.values[field];
      target.given.add(field);
    }
  }
}

/*
 * One step of the commit's writes. On PostgreSQL every step runs in the commit's one transaction;
 * on PGlite, the one session where an open transaction holds every other request, each step is a
 * transaction of its own, and a commit that fails or is cut off is taken back as a whole.
 */

/** Runs a queued commit: everything, or nothing (the import is then 'failed'). */
export async function runImport(db: Database, jobs: JobSender, id: number): Promise<void> {
  const record = await loadRecord(db, id);
  if (!record || record.state !== 'running') return;
  try {
    await commitImport(db, jobs, record);
  } catch (error) {
    const message = error instanceof HttpError ? error.body.message : 'Importen feilet, og ingenting ble lagret.';
    if (!(error instanceof HttpError)) console.error('Medlemsimporten feilet:', error);
    await db.transaction(async (tx) => {
      await takeBack(tx, record);
      await tx.query("UPDATE member_imports SET state = 'failed', error = $2 WHERE id = $1 AND state = 'running'", [id, message]);
    });
  }
}

async function commitImport(db: Database, jobs: JobSender, record: ImportRecord): Promise<void> {
  // Read slice by slice while the plan is made: the commit keeps only the planned rows.
  const rows = () => storedRows(db, record.id);
  const advance = async (done: number) => {
    // Stored outside the commit's transaction (PostgreSQL) or between its steps (PGlite), for the
    // page, also on a server process that does not run the job.
    await db.query('UPDATE member_imports SET progress_done = $2 WHERE id = $1', [record.id, done]);
    // Between chunks the server answers other requests.
    await setImmediate();
  };
  if (db.kind === 'postgres') {
    // One transaction; after each step the server's other requests get the database's and this
    // process's time for half as long as the step took, so they keep their pace beside a large import
    // (at full speed, a 50 000-row commit took the member list's p95 to 3.5 times its idle one).
    await db.transaction((tx) =>
      writeImport(
        tx,
        paced(db, (work) => work(tx)),
        STEP_SIZES.postgres,
        jobs,
        record,
        rows,
        advance,
      ),
    );
    return;
  }
  const lite = db as PgliteDatabase;
  // What an earlier attempt of this commit left is taken back first.
  await lite.transaction((tx) => takeBack(tx, record));
  // PGlite runs in this thread: while a step runs, no other request is even read. After each step
  // the requests in flight go first, so no request waits longer than one small step.
  await writeImport(
    lite,
    paced(lite, (work) => lite.transaction(work)),
    STEP_SIZES.pglite,
    jobs,
    record,
    rows,
    advance,
  );
}

async function writeImport(
  db: Queryable,
  step: Step,
  sizes: { creates: number; updates: number },
  jobs: JobSender,
  record: ImportRecord,
  rows: () => AsyncIterable<StoredRow[]>,
  progress: (done: number) => Promise<void>,
): Promise<void> {
  const plan = await planImport(db, { ...record, extra: record.extra_sheets }, rows());
  // Rows in error are written by no step below; they stay in the import's errors and its report.
  if (plan.summary.error > 0 && !record.skip_errors) throw new HttpError(422, { message: MEMBER_IMPORT_MESSAGES.hasErrors });
  const byNumber = new Map(plan.rows.map((row) => [row.number, row]));
  // A duplicate of an earlier row, to update it, feeds that row before anything is written.
  for (const row of plan.rows) {
    if (row.duplicate?.of_row && (row.action === 'update' || row.action === 'fill')) {
      const target = byNumber.get(row.duplicate.of_row);
      if (target && target.action === 'create') mergeInto(target, row, row.action === 'update');
    }
  }
  const [{ name: staffName }] = await db.query<{ name: string }>("SELECT first_name || ' ' || last_name AS name FROM accounts WHERE id = $1", [
    record.created_by,
  ]);
  const note = MEMBER_IMPORT_MESSAGES.imported(record.file_name, staffName ?? '');
  const today = todayInOslo();

  const creates = plan.rows.filter((row) => row.action === 'create');
  const kept = creates.map((row) => row.values.remote_id).filter((n): n is number => typeof n === 'number');
  // The number sequence continues above the highest number in the portal and in the file.
  await db.query(
    `SELECT setval('member_number_seq', GREATEST((SELECT coalesce(max(remote_id), 0) FROM accounts), $1::int, (SELECT last_value FROM member_number_seq)))`,
    [Math.max(0, ...kept)],
  );
  const [product] = await db.query<{ id: number }>("SELECT id FROM products WHERE kind = 'membership' ORDER BY id LIMIT 1");
  let done = 0;
  for (let start = 0; start < creates.length; start += sizes.creates) {
    const slice = creates.slice(start, start + sizes.creates).map((row) => {
      const status = (row.values.status ?? 'member') as MemberStatus;
      return {
        row: row.number,
        remote_id: row.values.remote_id ?? null,
        member_status: status,
        ...Object.fromEntries(ACCOUNT_FIELDS.map((field) => [field, row.values[field] ?? null])),
        // An applicant's membership starts when staff accept the application.
        membership_start_date: row.values.membership_start_date ?? (IS_MEMBER[status] ? today : null),
        end_date: row.values.membership_end_date ?? null,
      };
    });
    await step(async (tx) => {
      const columns = (['remote_id', ...ACCOUNT_FIELDS] as const).map((field) => `${field} ${FIELD_TYPES[field]}`).join(', ');
      // Ids taken first: an applicant has no member number to match the rows it inserts by.
      const created = await tx.query<{ id: number; remote_id: number | null; row: number }>(
        `WITH input AS MATERIALIZED (
           SELECT r.*, nextval(pg_get_serial_sequence('accounts', 'id'))::int AS id,
                  r.member_status IN ('member', 'inactive') AS is_member,
                  CASE WHEN r.member_status IN ('member', 'inactive') THEN coalesce(r.remote_id, nextval('member_number_seq')::int)
                       ELSE r.remote_id END AS number
             FROM jsonb_to_recordset($1::jsonb) AS r(row int, end_date date, member_status text, ${columns})
         ), inserted AS (
           INSERT INTO accounts (id, remote_id, role_id, status, registration_completed, validated_at, validated_by, rejected_at,
                                 ${ACCOUNT_FIELDS.join(', ')})
           SELECT id, number, CASE WHEN is_member THEN 2 ELSE 1 END,
                  CASE member_status WHEN 'rejected' THEN '2' WHEN 'inactive' THEN '0' ELSE '1' END, 1,
                  CASE WHEN is_member THEN now() END, CASE WHEN is_member THEN $2::int END,
                  CASE WHEN member_status = 'rejected' THEN now() END,
                  ${ACCOUNT_FIELDS.map((field) => (field === 'email' ? `coalesce(email, 'medlem-' || coalesce(number::text, 'konto-' || id) || '@${NO_EMAIL_DOMAIN}')` : field)).join(', ')}
             FROM input ORDER BY row
           RETURNING id, remote_id
         ), memberships AS (
           INSERT INTO subscriptions (member_id, product_id, kind, state, subscription_start, subscription_end, validated_at, validated_by, rejected_at)
           SELECT inserted.id, $3, 'membership',
                  CASE WHEN input.member_status = 'applicant' THEN 'pending' WHEN input.member_status = 'rejected' THEN 'rejected'
                       WHEN input.end_date IS NOT NULL AND input.end_date < $4::date THEN 'ended' ELSE 'active' END,
                  input.membership_start_date, input.end_date,
                  CASE WHEN input.is_member THEN now() END, CASE WHEN input.is_member THEN $2::int END,
                  CASE WHEN input.member_status = 'rejected' THEN now() END
             FROM inserted JOIN input ON input.id = inserted.id
         )
         SELECT inserted.id, inserted.remote_id, input.row FROM inserted JOIN input ON input.id = inserted.id`,
        [JSON.stringify(slice), record.created_by, product.id, today],
      );
      const changes = created.map((member) => {
        const row = byNumber.get(member.row)!;
        const fields: Record<string, [null, unknown]> = { import: [null, note] };
        if (member.remote_id !== null) fields.remote_id = [null, member.remote_id];
        if (row.values.status === 'applicant' || row.values.status === 'rejected') fields.status = [null, row.values.status === 'rejected' ? '2' : '1'];
        for (const field of ACCOUNT_FIELDS) if (row.values[field] !== undefined && row.values[field] !== null) fields[field] = [null, row.values[field]];
        return { id: member.id, changes: fields };
      });
      await tx.query(
        `INSERT INTO member_changes (member_id, changed_by, changes)
         SELECT c.id, $2, c.changes FROM jsonb_to_recordset($1::jsonb) AS c(id int, changes jsonb)`,
        [JSON.stringify(changes), record.created_by],
      );
      await tx.query(
        `INSERT INTO member_import_items (import_id, kind, action, target_id, member_id, updated_at)
         SELECT $1, 'member', 'create', a.id, a.id, a.updated_at FROM accounts a WHERE a.id = ANY ($2::int[])`,
        [record.id, created.map((member) => member.id)],
      );
    });
    done += slice.length;
    await progress(done);
  }

  const updates = plan.rows.filter((row) => (row.action === 'update' || row.action === 'fill') && row.duplicate?.member_id);
  for (let start = 0; start < updates.length; start += sizes.updates) {
    const slice = updates.slice(start, start + sizes.updates);
    await step(async (tx) => {
      for (const row of slice) await updateMember(tx, record.id, record.created_by, row, row.duplicate!.member_id!, row.action === 'update', note);
    });
    done += slice.length;
    await progress(done);
  }

  await step(async (tx) => {
    await commitOtherSheets(tx, record, plan, today);
    await commitOpenInvoices(tx, record, plan, today);
    const summary: Summary = { ...plan.summary };
    await tx.query(
      `UPDATE member_imports SET state = 'done', committed_at = now(), progress_done = $2, summary = $3, errors = $4, duplicates = $5
        WHERE id = $1`,
      [record.id, plan.rows.length, JSON.stringify(summary), JSON.stringify(plan.errors), JSON.stringify(plan.duplicates)],
    );
    if (record.send_welcome) await jobs.send(MEMBER_IMPORT_WELCOME_QUEUE, { importId: record.id, afterId: 0 }, tx);
  });
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

async function updateMember(
  tx: Queryable,
  importId: number,
  staffId: number | null,
  row: PlannedRow,
  memberId: number,
  overwrite: boolean,
  note: string,
): Promise<void> {
  const fields = [...row.given].filter(
    (field): field is (typeof ACCOUNT_FIELDS)[number] | 'remote_id' => field === 'remote_id' || (ACCOUNT_FIELDS as readonly string[]).includes(field),
  );
  const [current] = await tx.query<Record<string, unknown>>(
    `SELECT ${['remote_id', ...ACCOUNT_FIELDS].join(', ')}, birthdate::text AS birthdate, membership_start_date::text AS membership_start_date
       FROM accounts WHERE id = $1 FOR UPDATE`,
    [memberId],
  );
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const field of fields) {
    const next = row.values[field];
    if (next === undefined) continue;
    if (field === 'remote_id' && !isEmpty(current.remote_id)) continue;
    if (!overwrite && !isEmpty(current[field])) continue;
    if (String(current[field] ?? '') === String(next ?? '')) continue;
    before[field] = current[field] ?? null;
    after[field] = next;
  }
  const changed = Object.keys(after);
  if (changed.length === 0) return;
  if (typeof after.email === 'string') {
    const [taken] = await tx.query('SELECT 1 FROM accounts WHERE lower(email) = lower($1) AND id <> $2', [after.email, memberId]);
    if (taken) {
      delete after.email;
      delete before.email;
    }
  }
  const sets = Object.keys(after).map((field, index) => `${field} = $${index + 2}::${FIELD_TYPES[field as keyof typeof FIELD_TYPES]}`);
  if (sets.length === 0) return;
  await tx.query(`UPDATE accounts SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, [memberId, ...Object.values(after)]);
  const history: Record<string, [unknown, unknown]> = { import: [null, note] };
  for (const field of Object.keys(after)) history[field] = [before[field], after[field]];
  await tx.query('INSERT INTO member_changes (member_id, changed_by, changes) VALUES ($1, $2, $3)', [memberId, staffId, JSON.stringify(history)]);
  await tx.query(
    `INSERT INTO member_import_items (import_id, kind, action, target_id, member_id, before, updated_at)
     SELECT $1, 'member', 'update', a.id, a.id, $3, a.updated_at FROM accounts a WHERE a.id = $2`,
    [importId, memberId, JSON.stringify(before)],
  );
}
