/**
 * Moving in: staff import a member register from a spreadsheet (member-import-file.ts). The upload
 * is read and kept with its rows; the preview (here) maps the columns to fields, checks every row
 * (member-import-rows.ts; the other sheets in member-import-other-sheets.ts, the open invoices in
 * member-import-invoices.ts) and finds likely
 * duplicates, of a member or of an earlier row (member-import-duplicates.ts), without writing any
 * member. Staff change the mapping and decide per duplicate; the commit (member-import-commit.ts)
 * runs as a job on the queue and writes everything or nothing: in one transaction on PostgreSQL, in
 * small steps on PGlite (whose one session other requests share), taken back if it fails. An import
 * can be undone for 30 days (member-import-undo.ts): what it created is removed and what it updated
 * is put back, except the members changed since, which the undo lists.
 */
import type { Database, Queryable } from '../../db/database.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { Turns } from '../../lib/turns.ts';
import { inSteps, nextStepSize } from '../../db/step-aside.ts';
import { columnLetter, formulaWithoutValue } from '../../lib/spreadsheet.ts';
import { checkMapping, FIELD_LABEL, fieldPositions, guessMapping, readImportFile, type ImportField, type ReadFile } from './member-import-file.ts';
import { MEMBER_IMPORT_MESSAGES } from './member-import-limits.ts';
import type { Action, Plan, PlannedRow } from './member-import-model.ts';
import { checkRow, loadReference } from './member-import-rows.ts';
import { findDuplicates } from './member-import-duplicates.ts';
import { planOtherSheets } from './member-import-other-sheets.ts';
import { planOpenInvoices } from './member-import-invoices.ts';
import { importDetail } from './member-import-detail.ts';
import { loadRecord, storedRows, type MemberImport, type StoredRow } from './member-import-record.ts';

/** The preview: rows checked, duplicates found, decisions applied. Reads, never writes. */
export async function planImport(
  db: Queryable,
  source: {
    columns: string[];
    mapping: Record<string, string | null>;
    decisions: Record<string, Action>;
    default_action: Action | null;
    extra: ReadFile['extra'];
  },
  /** The rows in slices (the upload's as one, the stored ones as read): each slice is let go once checked. */
  slices: Iterable<StoredRow[]> | AsyncIterable<StoredRow[]>,
): Promise<Plan> {
  const ref = await loadReference(db);
  const index = fieldPositions(source.columns, source.mapping);
  const columnOf = (field: ImportField) => {
    const position = index.get(field);
    return position === undefined ? FIELD_LABEL[field] : source.columns[position];
  };
  const planned: PlannedRow[] = [];
  // Other requests are answered between slices of the rows' checks (50 000 rows take seconds).
  const turns = new Turns();
  for await (const slice of slices) {
    for (const row of slice) {
      if (turns.due()) await turns.give();
      const text: Partial<Record<ImportField, string>> = {};
      for (const [field, position] of index) text[field] = row.cells[position] ?? '';
      const checked = checkRow(row.number, text, columnOf, ref);
      // A formula without a saved value in a column that is read: its '' is not what the cell says.
      for (const [, position] of index) {
        if (!row.unsaved?.includes(position)) continue;
        checked.errors.push({ row: row.number, column: source.columns[position], message: formulaWithoutValue(`${columnLetter(position)}${row.number}`) });
        checked.action = 'error';
      }
      planned.push(checked);
    }
  }

  // A choice for all duplicates creates only where creating can work; the others are skipped.
  const decide = (row: PlannedRow, createRefused: boolean): Action =>
    source.decisions[String(row.number)] ?? (source.default_action === 'create' && createRefused ? 'skip' : (source.default_action ?? 'skip'));
  await findDuplicates(db, planned, decide, columnOf);

  const plan: Plan = {
    rows: planned,
    errors: [],
    duplicates: [],
    instruments: [],
    travel: [],
    invoices: [],
    summary: { rows: planned.length, new: 0, update: 0, duplicate: 0, error: 0 },
  };
  for (const row of planned) {
    plan.errors.push(...row.errors);
    if (row.duplicate) plan.duplicates.push(row.duplicate);
    if (row.action === 'error') plan.summary.error += 1;
    else if (row.action === 'create') plan.summary.new += 1;
    else if (row.action === 'update' || row.action === 'fill') plan.summary.update += 1;
    else plan.summary.duplicate += 1;
  }
  await planOtherSheets(db, plan, source.extra, ref);
  await planOpenInvoices(db, plan, source.extra, ref);
  return plan;
}

/** The preview's counts, errors and duplicates kept; the first preview of an upload makes it an import in state 'preview'. */
async function savePreview(db: Queryable, id: number, plan: Plan, state?: 'preview'): Promise<void> {
  await db.query('UPDATE member_imports SET summary = $2, errors = $3, duplicates = $4, state = coalesce($5, state) WHERE id = $1', [
    id,
    JSON.stringify(plan.summary),
    JSON.stringify(plan.errors),
    JSON.stringify(plan.duplicates),
    state ?? null,
  ]);
}

/**
 * Rows per piece of an upload's storing: the first piece small, then pieces of about `ms` each, of
 * at most `most` rows (PGlite takes at most ~16 MB per query). On PGlite requests are answered
 * between the pieces, so a 50 000-row upload holds none of them for all of its second or so.
 */
const UPLOAD_PIECE = { first: 250, most: 2000, ms: { pglite: 12, postgres: 200 } };

/** The upload's rows stored in pieces, on PGlite with the requests in flight answered between them. */
async function storeRows(db: Database, id: number, rows: StoredRow[]): Promise<void> {
  let size = UPLOAD_PIECE.first;
  let start = 0;
  await inSteps(db, { pauseOnPostgres: false }, async (took) => {
    size = nextStepSize(size, took, UPLOAD_PIECE.ms[db.kind], UPLOAD_PIECE.most);
    const piece = rows.slice(start, start + size);
    await db.query(
      `INSERT INTO member_import_rows (import_id, number, cells, unsaved)
       SELECT $1, r.number, r.cells, r.unsaved FROM jsonb_to_recordset($2::jsonb) AS r(number int, cells jsonb, unsaved jsonb)`,
      [id, JSON.stringify(piece)],
    );
    start += piece.length;
    return start < rows.length;
  });
}

/** An upload that failed on the way leaves nothing behind. */
async function dropUpload(db: Database, id: number): Promise<void> {
  await db.query("DELETE FROM member_imports WHERE id = $1 AND state = 'uploading'", [id]);
}

/** Uploads a process left behind when it died on the way (an upload takes seconds, not a day); answers how many. */
export async function dropAbandonedUploads(db: Queryable): Promise<number> {
  return (await db.query("DELETE FROM member_imports WHERE state = 'uploading' AND created_at < now() - interval '1 day' RETURNING 1")).length;
}

/**
 * The upload read and stored as an import in state 'uploading' (in no list or read until its first
 * preview is saved); answers what the preview needs besides the rows. The parsed rows are let go
 * when this returns, so the preview holds only its plan and one slice of cells at a time.
 */
async function storeUpload(db: Database, staffId: number, fileName: string, buffer: Buffer, mapping: Record<string, unknown> | null) {
  const file = await readImportFile(fileName, buffer);
  const guessed = guessMapping(file.columns);
  const chosen = mapping ? checkMapping(file.columns, guessed, mapping) : guessed;
  const name = fileName.replace(/[\\/]/g, '_').slice(0, 200) || 'fil';
  const [{ id }] = await db.query<{ id: number }>(
    `INSERT INTO member_imports (file_name, created_by, state, columns, mapping, extra_sheets) VALUES ($1, $2, 'uploading', $3, $4, $5) RETURNING id`,
    [name, staffId, JSON.stringify(file.columns), JSON.stringify(chosen), JSON.stringify(file.extra)],
  );
  try {
    await storeRows(db, id, file.rows);
  } catch (error) {
    await dropUpload(db, id);
    throw error;
  }
  return { id, columns: file.columns, mapping: chosen, extra: file.extra };
}

/** The upload read and kept, with its first preview. */
export async function createImport(
  db: Database,
  staffId: number,
  fileName: string,
  buffer: Buffer,
  mapping: Record<string, unknown> | null,
): Promise<MemberImport> {
  const { id, columns, mapping: chosen, extra } = await storeUpload(db, staffId, fileName, buffer, mapping);
  try {
    const plan = await planImport(db, { columns, mapping: chosen, decisions: {}, default_action: null, extra }, storedRows(db, id));
    await savePreview(db, id, plan, 'preview');
  } catch (error) {
    await dropUpload(db, id);
    throw error;
  }
  return importDetail(db, (await loadRecord(db, id))!);
}

export interface ImportChange {
  mapping?: Record<string, unknown>;
  decisions?: { row: number; action: Action }[];
  default_action?: Action | null;
}

/** New mapping or decisions: the preview made again. */
export async function changeImport(db: Database, id: number, change: ImportChange): Promise<MemberImport | null> {
  const record = await loadRecord(db, id);
  if (!record) return null;
  if (record.state !== 'preview') throw new HttpError(409, { message: MEMBER_IMPORT_MESSAGES.notPreview });
  const mapping = change.mapping ? checkMapping(record.columns, record.mapping, change.mapping) : record.mapping;
  const decisions = { ...record.decisions };
  for (const decision of change.decisions ?? []) decisions[String(decision.row)] = decision.action;
  const defaultAction = change.default_action === undefined ? record.default_action : change.default_action;
  // A decision for all at once replaces the ones made row by row before it.
  if (change.default_action !== undefined && !change.decisions) for (const key of Object.keys(decisions)) delete decisions[key];
  await db.query('UPDATE member_imports SET mapping = $2, decisions = $3, default_action = $4 WHERE id = $1', [
    id,
    JSON.stringify(mapping),
    JSON.stringify(decisions),
    defaultAction,
  ]);
  const plan = await planImport(
    db,
    { columns: record.columns, mapping, decisions, default_action: defaultAction, extra: record.extra_sheets },
    storedRows(db, id),
  );
  await savePreview(db, id, plan);
  return importDetail(db, (await loadRecord(db, id))!);
}
