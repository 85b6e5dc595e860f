/**
 * The register's other sheets, 'Instrumenter' and 'Reiseforsikring': their rows checked for the
 * preview (a member number the portal or the file knows, no duplicate of what the member has), and
 * written with the commit.
 */
import type { Queryable } from '../../db/database.ts';
import { RULE_MESSAGES } from '../../schemas/rules.ts';
import { instrumentValue } from '../../schemas/instrument-rules.ts';
import { syncInstrumentInsurance } from '../insurance/instrument-insurance.ts';
import { INSTRUMENT_COLUMNS, INSTRUMENT_SHEET, TRAVEL_COLUMNS, TRAVEL_SHEET, type ReadFile } from './member-import-file.ts';
import { MEMBER_IMPORT_MESSAGES } from './member-import-limits.ts';
import type { Plan, PlannedInstrument } from './member-import-model.ts';
import type { ImportRecord } from './member-import-record.ts';
import { importDate, type Reference } from './member-import-rows.ts';

/** The member numbers the commit will know: those in the portal, and those the file creates or updates. */
export async function knownNumbers(db: Queryable, plan: Plan, numbers: number[]): Promise<Set<number>> {
  const known = new Set<number>();
  for (const row of plan.rows) {
    if ((row.action === 'create' || row.action === 'update' || row.action === 'fill') && typeof row.values.remote_id === 'number')
      known.add(row.values.remote_id);
    if (row.duplicate?.member_number && row.action !== 'error') known.add(row.duplicate.member_number);
  }
  const rows = await db.query<{ remote_id: number }>('SELECT remote_id FROM accounts WHERE remote_id = ANY ($1::int[]) AND role_id IN (1, 2)', [numbers]);
  for (const row of rows) known.add(row.remote_id);
  return known;
}

/** The other sheets' rows checked into the plan: their errors, and the instruments and travel covers to add. */
export async function planOtherSheets(db: Queryable, plan: Plan, extra: ReadFile['extra'], ref: Reference): Promise<void> {
  const instruments = extra[INSTRUMENT_SHEET];
  const travel = extra[TRAVEL_SHEET];
  if (!instruments && !travel) return;
  const numbersIn = (sheet: typeof instruments) => (sheet?.rows ?? []).map((row) => Number(row.cells[0])).filter((n) => Number.isSafeInteger(n));
  const known = await knownNumbers(db, plan, [...numbersIn(instruments), ...numbersIn(travel)]);
  const problem = (sheet: string, row: number, column: string, message: string) => plan.errors.push({ sheet, row, column, message });
  const memberNumber = (sheet: string, row: number, text: string): number | null => {
    if (!/^\d{1,9}$/.test(text)) {
      problem(sheet, row, 'Medlemsnummer', text === '' ? RULE_MESSAGES.required : MEMBER_IMPORT_MESSAGES.number);
      return null;
    }
    if (!known.has(Number(text))) {
      problem(sheet, row, 'Medlemsnummer', MEMBER_IMPORT_MESSAGES.memberUnknown);
      return null;
    }
    return Number(text);
  };
  let errorRows = 0;
  if (instruments) {
    const existing = await db.query<{ remote_id: number; instrument_category: number; make: string; model: string; serial_number: string | null }>(
      `SELECT a.remote_id, i.instrument_category, i.make, i.model, i.serial_number FROM instruments i JOIN accounts a ON a.id = i.member_id
        WHERE a.remote_id = ANY ($1::int[]) AND i.deleted_at IS NULL AND i.state IN ('requested', 'active')`,
      [numbersIn(instruments)],
    );
    const seen = new Set<string>();
    const key = (i: { remote_id: number; instrument_category: number; make: string; model: string; serial_number: string | null }) =>
      i.serial_number
        ? `${i.remote_id}|s|${i.serial_number.toLowerCase()}`
        : `${i.remote_id}|${i.instrument_category}|${i.make.toLowerCase()}|${i.model.toLowerCase()}`;
    for (const instrument of existing) seen.add(key(instrument));
    for (const { number, cells } of instruments.rows) {
      const before = plan.errors.length;
      const cell = (index: number) => (cells[index] ?? '').trim();
      const remoteId = memberNumber(INSTRUMENT_SHEET, number, cell(0));
      const category = ref.instrumentCategories.get(cell(1).toLowerCase());
      if (cell(1) === '') problem(INSTRUMENT_SHEET, number, INSTRUMENT_COLUMNS[1], RULE_MESSAGES.required);
      else if (category === undefined) problem(INSTRUMENT_SHEET, number, INSTRUMENT_COLUMNS[1], 'ukjent instrumenttype');
      for (const column of [2, 3]) if (cell(column) === '') problem(INSTRUMENT_SHEET, number, INSTRUMENT_COLUMNS[column], RULE_MESSAGES.required);
      const value = instrumentValue(cell(5));
      if (value === null) problem(INSTRUMENT_SHEET, number, INSTRUMENT_COLUMNS[5], MEMBER_IMPORT_MESSAGES.value);
      const start = cell(6) === '' ? ref.today : importDate(cell(6));
      if (!start) problem(INSTRUMENT_SHEET, number, INSTRUMENT_COLUMNS[6], MEMBER_IMPORT_MESSAGES.date);
      if (plan.errors.length > before) {
        errorRows += 1;
        continue;
      }
      const instrument: PlannedInstrument = {
        row: number,
        remote_id: remoteId!,
        instrument_category: category!,
        make: cell(2),
        model: cell(3),
        serial_number: cell(4) || null,
        value: value!,
        insurance_start: start!,
      };
      // A duplicate (the same serial number, or type, maker and model, for the member) is skipped.
      if (seen.has(key(instrument))) continue;
      seen.add(key(instrument));
      plan.instruments.push(instrument);
    }
  }
  if (travel) {
    const existing = await db.query<{ remote_id: number; product_id: number }>(
      `SELECT a.remote_id, s.product_id FROM subscriptions s JOIN accounts a ON a.id = s.member_id
        WHERE a.remote_id = ANY ($1::int[]) AND s.kind = 'travel' AND s.state IN ('pending', 'active') AND s.deleted_at IS NULL`,
      [numbersIn(travel)],
    );
    const seen = new Set(existing.map((row) => `${row.remote_id}|${row.product_id}`));
    for (const { number, cells } of travel.rows) {
      const before = plan.errors.length;
      const cell = (index: number) => (cells[index] ?? '').trim();
      const remoteId = memberNumber(TRAVEL_SHEET, number, cell(0));
      const product =
        ref.travelProducts.get(cell(1).toLowerCase()) ?? (cell(1).toLowerCase() === 'reiseforsikring' ? [...ref.travelProducts.values()][0] : undefined);
      if (product === undefined) problem(TRAVEL_SHEET, number, TRAVEL_COLUMNS[1], cell(1) === '' ? RULE_MESSAGES.required : MEMBER_IMPORT_MESSAGES.product);
      const start = cell(2) === '' ? ref.today : importDate(cell(2));
      if (!start) problem(TRAVEL_SHEET, number, TRAVEL_COLUMNS[2], MEMBER_IMPORT_MESSAGES.date);
      const end = cell(3) === '' ? null : importDate(cell(3));
      if (cell(3) !== '' && !end) problem(TRAVEL_SHEET, number, TRAVEL_COLUMNS[3], MEMBER_IMPORT_MESSAGES.date);
      else if (end && start && end < start) problem(TRAVEL_SHEET, number, TRAVEL_COLUMNS[3], 'kan ikke være før Start');
      if (plan.errors.length > before) {
        errorRows += 1;
        continue;
      }
      const key = `${remoteId}|${product}`;
      if (seen.has(key)) continue;
      seen.add(key);
      plan.travel.push({ row: number, remote_id: remoteId!, product_id: product!, start: start!, end });
    }
  }
  plan.summary.error += errorRows;
  plan.summary.instruments = plan.instruments.length;
  plan.summary.travel = plan.travel.length;
}

/** Adds the planned instruments (as lines of the member's instrument insurance) and travel covers, each noted for the undo. */
export async function commitOtherSheets(tx: Queryable, record: ImportRecord, plan: Plan, today: string): Promise<void> {
  if (plan.instruments.length > 0) {
    const created = await tx.query<{ id: number; member_id: number }>(
      `INSERT INTO instruments (member_id, instrument_category, make, model, serial_number, value, insurance_start, state, validated_at, validated_by)
       SELECT a.id, r.instrument_category, r.make, r.model, r.serial_number, r.value, r.insurance_start, 'active', now(), $2
         FROM jsonb_to_recordset($1::jsonb) AS r(row int, remote_id int, instrument_category int, make text, model text,
                                                 serial_number text, value int, insurance_start date)
         JOIN accounts a ON a.remote_id = r.remote_id
       RETURNING id, member_id`,
      [JSON.stringify(plan.instruments), record.created_by],
    );
    const members = [...new Set(created.map((row) => row.member_id))];
    const before = new Set(
      (await tx.query<{ id: number }>("SELECT id FROM subscriptions WHERE member_id = ANY ($1::int[]) AND kind = 'instrument'", [members])).map(
        (row) => row.id,
      ),
    );
    // The member's instrument insurance holds the instruments as lines, as for any insured instrument.
    for (const member of members) await syncInstrumentInsurance(tx, member, record.created_by ?? 0, today);
    const started = (
      await tx.query<{ id: number; member_id: number }>("SELECT id, member_id FROM subscriptions WHERE member_id = ANY ($1::int[]) AND kind = 'instrument'", [
        members,
      ])
    ).filter((row) => !before.has(row.id));
    await tx.query(
      `INSERT INTO member_import_items (import_id, kind, action, target_id, member_id)
       SELECT $1, c.kind, 'create', c.id, c.member_id FROM jsonb_to_recordset($2::jsonb) AS c(kind text, id int, member_id int)`,
      [record.id, JSON.stringify([...created.map((row) => ({ kind: 'instrument', ...row })), ...started.map((row) => ({ kind: 'subscription', ...row }))])],
    );
  }
  if (plan.travel.length > 0) {
    await tx.query(
      `WITH created AS (
         INSERT INTO subscriptions (member_id, product_id, kind, state, subscription_start, subscription_end, validated_at, validated_by)
         SELECT a.id, r.product_id, 'travel', CASE WHEN r.end_date IS NOT NULL AND r.end_date < $3::date THEN 'ended' ELSE 'active' END,
                r.start, r.end_date, now(), $2
           FROM jsonb_to_recordset($1::jsonb) AS r(remote_id int, product_id int, start date, end_date date)
           JOIN accounts a ON a.remote_id = r.remote_id
         RETURNING id, member_id
       )
       INSERT INTO member_import_items (import_id, kind, action, target_id, member_id)
       SELECT $4, 'travel', 'create', id, member_id FROM created`,
      [JSON.stringify(plan.travel.map((t) => ({ ...t, end_date: t.end }))), record.created_by, today, record.id],
    );
  }
}
