/** The imports made so far, as a list, and an import's errors as a spreadsheet to correct the file by. */
import type { Queryable } from '../../db/database.ts';
import type { CsvColumn } from '../../lib/csv.ts';
import { parseListQuery, type ListDefinition } from '../../lib/list.ts';
import { queryPage, type Page } from '../../lib/paged-query.ts';
import { xlsxBuffer } from '../../lib/xlsx-buffer.ts';
import type { RowError } from './member-import-model.ts';
import { RECORD_COLUMNS, shown, type ImportRecord, type MemberImport } from './member-import-record.ts';

/** The list's filters and sorts, which the route's query schema documents (lib/list.ts listQuery). */
export const importList: ListDefinition = {
  filters: {},
  sorts: { id: 'i.id', created_at: 'i.created_at' },
  defaultSort: '-created_at',
  tieBreaker: 'i.id',
};

export async function importPage(db: Queryable, query: Record<string, unknown>): Promise<Page<MemberImport>> {
  const list = parseListQuery(query, importList);
  const page = await queryPage<ImportRecord>(
    db,
    {
      from: "FROM member_imports i WHERE i.state <> 'uploading'",
      columns: RECORD_COLUMNS.replace('i.errors, i.duplicates', "'[]'::jsonb AS errors, '[]'::jsonb AS duplicates").replace(
        'i.extra_sheets',
        "'{}'::jsonb AS extra_sheets",
      ),
    },
    list,
  );
  return { ...page, rows: page.rows.map(shown) };
}

const ERROR_COLUMNS: CsvColumn<RowError>[] = [
  { header: 'Ark', value: (error) => error.sheet ?? 'Medlemmer' },
  { header: 'Rad', value: (error) => error.row },
  { header: 'Kolonne', value: (error) => error.column },
  { header: 'Feil', value: (error) => error.message },
];

/** Every error of an import as a spreadsheet: sheet, row, column, message. */
export async function errorReport(db: Queryable, id: number): Promise<{ name: string; body: Buffer } | null> {
  const [row] = await db.query<{ file_name: string; errors: RowError[] }>(
    "SELECT file_name, errors FROM member_imports WHERE id = $1 AND state <> 'uploading'",
    [id],
  );
  if (!row) return null;
  // Text as text (lib/xlsx.ts): a value that looks like a formula is never one here.
  const body = await xlsxBuffer('Feil', ERROR_COLUMNS, row.errors);
  const base = row.file_name.replace(/\.[^.]+$/, '').replace(/[^\wæøåÆØÅ .-]/g, '_');
  return { name: `feil-${base}.xlsx`, body };
}
