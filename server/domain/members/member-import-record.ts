/** A stored import (the upload, its mapping and decisions, its state) and the import as the API answers it. */
import type { Queryable } from '../../db/database.ts';
import { notFound } from '../../lib/http-errors.ts';
import type { ReadFile } from './member-import-file.ts';
import { MEMBER_IMPORT_LIMITS } from './member-import-limits.ts';
import type { Action, Duplicate, ImportState, RowError, Summary } from './member-import-model.ts';

export interface MemberImport {
  id: number;
  file_name: string;
  state: ImportState;
  created_at: string;
  created_by: { id: number; name: string } | null;
  columns: string[];
  mapping: Record<string, string | null>;
  summary: Summary;
  errors: RowError[];
  duplicates: Duplicate[];
  default_action: Action | null;
  send_welcome: boolean;
  /** The first rows as read (the preview's page only). */
  sample?: { row: number; values: Record<string, string>; errors: { column: string; message: string }[] }[];
  /** Welcome mails already sent (a finished import's page only). */
  welcome_sent?: number;
  /** Committed with the rows in error left out ('Importer resten'). */
  skip_errors: boolean;
  progress: { done: number; rows: number };
  error: string | null;
  committed_at: string | null;
  undone_at: string | null;
  undo_until: string | null;
}

export interface ImportRecord {
  id: number;
  file_name: string;
  state: ImportState;
  created_at: string;
  created_by: number | null;
  staff_name: string | null;
  columns: string[];
  mapping: Record<string, string | null>;
  decisions: Record<string, Action>;
  default_action: Action | null;
  extra_sheets: ReadFile['extra'];
  summary: Summary;
  errors: RowError[];
  duplicates: Duplicate[];
  send_welcome: boolean;
  skip_errors: boolean;
  progress_done: number;
  error: string | null;
  committed_at: string | null;
  undone_at: string | null;
  /** An undo's progress: members done of the members the import touched. */
  undo_done: number;
  undo_total: number;
}

export const RECORD_COLUMNS = `i.id, i.file_name, i.state, i.created_at, i.created_by,
  (SELECT first_name || ' ' || last_name FROM accounts WHERE id = i.created_by) AS staff_name,
  i.columns, i.mapping, i.decisions, i.default_action, i.extra_sheets, i.summary, i.errors, i.duplicates,
  i.send_welcome, i.skip_errors, i.progress_done, i.error, i.committed_at, i.undone_at, i.undo_done, i.undo_total`;

/** An import by its id; one still being uploaded is none yet. */
export async function loadRecord(db: Queryable, id: number): Promise<ImportRecord | null> {
  const [row] = await db.query<ImportRecord>(`SELECT ${RECORD_COLUMNS} FROM member_imports i WHERE i.id = $1 AND i.state <> 'uploading'`, [id]);
  return row ?? null;
}

const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string).toISOString());

/** How many errors and duplicates an answer carries; the error report has them all. */
const SHOWN = 1000;

export function shown(record: ImportRecord): MemberImport {
  const committed = iso(record.committed_at);
  return {
    id: record.id,
    file_name: record.file_name,
    state: record.state,
    created_at: iso(record.created_at)!,
    created_by: record.created_by ? { id: record.created_by, name: record.staff_name ?? '' } : null,
    columns: record.columns,
    mapping: record.mapping,
    summary: record.summary,
    errors: record.errors.slice(0, SHOWN),
    duplicates: record.duplicates.slice(0, SHOWN),
    default_action: record.default_action,
    send_welcome: record.send_welcome,
    skip_errors: record.skip_errors,
    progress: record.state === 'undoing' ? { done: record.undo_done, rows: record.undo_total } : { done: record.progress_done, rows: record.summary.rows ?? 0 },
    error: record.error,
    committed_at: committed,
    undone_at: iso(record.undone_at),
    undo_until:
      committed && record.state === 'done' ? new Date(new Date(committed).getTime() + MEMBER_IMPORT_LIMITS.undoDays * 86_400_000).toISOString() : null,
  };
}

/** A row of the file as stored. */
export interface StoredRow {
  number: number;
  cells: string[];
  /** The positions of cells holding a formula with no saved value (null: none). */
  unsaved?: number[] | null;
}

/** Rows per read of the stored file (PGlite answers at most ~16 MB per query). */
const STORED_SLICE = 1000;

/**
 * The file's rows as stored, in slices of 1 000: a plan checks one slice at a time, so the cells of
 * 50 000 rows are never all held at once, and on PGlite no read of a slice holds a request longer
 * than a few milliseconds (slices of 5 000, some 40 ms a read, took the member list's p95 during a
 * 50 000-row preview to six times its idle one).
 */
export async function* storedRows(db: Queryable, id: number): AsyncGenerator<StoredRow[]> {
  for (let after = 0; ;) {
    const slice = await db.query<StoredRow>(
      'SELECT number, cells, unsaved FROM member_import_rows WHERE import_id = $1 AND number > $2 ORDER BY number LIMIT $3',
      [id, after, STORED_SLICE],
    );
    if (slice.length > 0) yield slice;
    if (slice.length < STORED_SLICE) return;
    after = slice[slice.length - 1].number;
  }
}

export function assertFound<T>(value: T | null): T {
  if (value === null) throw notFound();
  return value;
}
