/**
 * What the member imports hold about one person, and its end: an erased member's rows go from every
 * stored file (the main sheet's and the other sheets'), with what was read from them (duplicates,
 * errors, decisions) and what an undo would have put back; and every import's file goes once its
 * undo window has ended, since nothing reads it after that.
 *
 * A member's rows are found as the import finds a duplicate: by e-mail, mobile or member number,
 * or by name and birth date; with every value the member has had (the change history), so a row
 * read before the member changed their address is found too. The other sheets name the member by
 * number. A row the preview matched to the member (its duplicate) goes as well.
 */
import type { Queryable } from '../../db/database.ts';
import { MEMBER_IMPORT_LIMITS } from './member-import-limits.ts';
import type { Duplicate, RowError, Summary } from './member-import-model.ts';
import { importDate } from './member-import-rows.ts';
import type { ReadFile } from './member-import-file.ts';

/** Who the member is and was, in the forms the rows are compared in. */
interface Identity {
  emails: string[];
  /** The last 8 digits: the file may write +47 and spaces. */
  phones: string[];
  numbers: string[];
  firstNames: string[];
  lastNames: string[];
  birthdates: Set<string>;
}

const digits = (value: string) => value.replace(/\D/g, '');

async function identityOf(tx: Queryable, memberId: number): Promise<Identity> {
  const [account] = await tx.query<Record<string, unknown>>(
    'SELECT email, phone, remote_id, first_name, last_name, birthdate::text AS birthdate FROM accounts WHERE id = $1',
    [memberId],
  );
  const history = await tx.query<{ changes: Record<string, unknown> }>('SELECT changes FROM member_changes WHERE member_id = $1', [memberId]);
  const values = (field: string): string[] => {
    const all = [
      account?.[field],
      ...history.flatMap(({ changes }) => {
        const change = changes[field];
        return Array.isArray(change) ? change : [];
      }),
    ];
    return [...new Set(all.filter((value) => value !== null && value !== undefined && value !== '').map((value) => String(value).trim()))];
  };
  const lower = (field: string) => [...new Set(values(field).map((value) => value.toLowerCase()))];
  return {
    emails: lower('email'),
    phones: [
      ...new Set(
        values('phone')
          .map(digits)
          .filter((phone) => phone.length >= 8)
          .map((phone) => phone.slice(-8)),
      ),
    ],
    numbers: values('remote_id'),
    firstNames: lower('first_name'),
    lastNames: lower('last_name'),
    birthdates: new Set(values('birthdate').map((date) => date.slice(0, 10))),
  };
}

interface StoredImport {
  id: number;
  columns: string[];
  mapping: Record<string, string | null>;
  extra_sheets: ReadFile['extra'];
  decisions: Record<string, string>;
  duplicates: Duplicate[];
  errors: RowError[];
  summary: Summary;
  undo_report: Summary['undo'] | null;
}

/** The numbers of the member's rows in one import's main sheet. */
async function rowsOf(tx: Queryable, record: StoredImport, who: Identity, memberId: number): Promise<Set<number>> {
  const position = (field: string) => {
    const column = record.columns.findIndex((name) => record.mapping[name] === field);
    return column < 0 ? null : column;
  };
  const found = new Set(record.duplicates.filter((d) => d.member_id === memberId).map((d) => d.row));
  const rows = await tx.query<{ number: number; certain: boolean; birthdate: string | null }>(
    `SELECT number, certain, birthdate FROM (
       SELECT number, cells ->> $10::int AS birthdate,
              ($2::int IS NOT NULL AND lower(trim(cells ->> $2::int)) = ANY ($3::text[]))
              OR ($4::int IS NOT NULL AND length(regexp_replace(cells ->> $4::int, '\\D', '', 'g')) >= 8
                  AND right(regexp_replace(cells ->> $4::int, '\\D', '', 'g'), 8) = ANY ($5::text[]))
              OR ($6::int IS NOT NULL AND trim(cells ->> $6::int) = ANY ($7::text[])) AS certain,
              ($8::int IS NOT NULL AND $9::int IS NOT NULL AND $10::int IS NOT NULL
               AND lower(trim(cells ->> $8::int)) = ANY ($11::text[]) AND lower(trim(cells ->> $9::int)) = ANY ($12::text[])) AS named
         FROM member_import_rows WHERE import_id = $1
     ) r WHERE certain OR named`,
    [
      record.id,
      position('email'),
      who.emails,
      position('phone'),
      who.phones,
      position('remote_id'),
      who.numbers,
      position('first_name'),
      position('last_name'),
      position('birthdate'),
      who.firstNames,
      who.lastNames,
    ],
  );
  for (const row of rows) {
    if (row.certain || who.birthdates.has(importDate((row.birthdate ?? '').trim()) ?? '')) found.add(row.number);
  }
  return found;
}

/** Takes the member's rows, and all read from them, out of every import; and what an undo would have put back. */
export async function eraseFromImports(tx: Queryable, memberId: number): Promise<void> {
  // What an update by an import replaced: kept for the undo, which leaves an erased member alone anyway.
  await tx.query('UPDATE member_import_items SET before = NULL WHERE member_id = $1 AND before IS NOT NULL', [memberId]);
  const imports = await tx.query<StoredImport>(
    'SELECT id, columns, mapping, extra_sheets, decisions, duplicates, errors, summary, undo_report FROM member_imports ORDER BY id',
  );
  if (imports.length === 0) return;
  const who = await identityOf(tx, memberId);
  for (const record of imports) {
    const rows = await rowsOf(tx, record, who, memberId);
    if (rows.size > 0) await tx.query('DELETE FROM member_import_rows WHERE import_id = $1 AND number = ANY ($2::int[])', [record.id, [...rows]]);
    // The other sheets name the member by number, in their first column.
    const extraGone = new Map<string, Set<number>>();
    const extra: ReadFile['extra'] = {};
    for (const [sheet, content] of Object.entries(record.extra_sheets)) {
      const gone = content.rows.filter((row) => who.numbers.includes((row.cells[0] ?? '').trim()));
      extraGone.set(sheet, new Set(gone.map((row) => row.number)));
      extra[sheet] = { columns: content.columns, rows: content.rows.filter((row) => !gone.includes(row)) };
    }
    const isGone = (row: number, sheet?: string) => (sheet === undefined ? rows.has(row) : extraGone.get(sheet)?.has(row) === true);
    const duplicates = record.duplicates.filter((d) => d.member_id !== memberId && !rows.has(d.row) && !(d.of_row !== null && rows.has(d.of_row)));
    const errors = record.errors.filter((error) => !isGone(error.row, error.sheet));
    const decisions = Object.fromEntries(Object.entries(record.decisions).filter(([row]) => !rows.has(Number(row))));
    const withoutMember = (undo: NonNullable<Summary['undo']>) => ({ ...undo, kept: undo.kept.filter((kept) => kept.member_id !== memberId) });
    const summary: Summary = record.summary.undo ? { ...record.summary, undo: withoutMember(record.summary.undo) } : record.summary;
    const undoReport = record.undo_report ? withoutMember(record.undo_report) : null;
    const changed =
      [...extraGone.values()].some((gone) => gone.size > 0) ||
      duplicates.length !== record.duplicates.length ||
      errors.length !== record.errors.length ||
      JSON.stringify(summary) !== JSON.stringify(record.summary) ||
      JSON.stringify(undoReport) !== JSON.stringify(record.undo_report ?? null) ||
      rows.size > 0;
    if (!changed) continue;
    await tx.query(
      `UPDATE member_imports SET extra_sheets = $2, decisions = $3, duplicates = $4, errors = $5, summary = $6, undo_report = $7
        WHERE id = $1`,
      [
        record.id,
        JSON.stringify(extra),
        JSON.stringify(decisions),
        JSON.stringify(duplicates),
        JSON.stringify(errors),
        JSON.stringify(summary),
        undoReport === null ? null : JSON.stringify(undoReport),
      ],
    );
  }
}

/**
 * The stored files of the imports whose undo window has ended (counted from the commit, or from the
 * upload for one never committed), with what was read from them and what an undo would have put
 * back: nothing reads them any more. Answers how many imports were emptied.
 */
export async function forgetImportFiles(db: Queryable): Promise<number> {
  const ended = await db.query<{ id: number }>(
    `SELECT id FROM member_imports
      WHERE state NOT IN ('running', 'undoing') AND coalesce(committed_at, created_at) < now() - make_interval(days => $1)
        AND (extra_sheets <> '{}' OR duplicates <> '[]' OR EXISTS (SELECT 1 FROM member_import_rows r WHERE r.import_id = member_imports.id)
             OR EXISTS (SELECT 1 FROM member_import_items i WHERE i.import_id = member_imports.id AND i.before IS NOT NULL))`,
    [MEMBER_IMPORT_LIMITS.undoDays],
  );
  const ids = ended.map((row) => row.id);
  if (ids.length === 0) return 0;
  await db.query('DELETE FROM member_import_rows WHERE import_id = ANY ($1::int[])', [ids]);
  await db.query('UPDATE member_import_items SET before = NULL WHERE import_id = ANY ($1::int[]) AND before IS NOT NULL', [ids]);
  await db.query("UPDATE member_imports SET extra_sheets = '{}', duplicates = '[]' WHERE id = ANY ($1::int[])", [ids]);
  return ids.length;
}
