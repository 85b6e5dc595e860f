/** The imports made so far, as a list, and an import's errors as a spreadsheet to correct the file by. */
import type { Queryable } from '../../db/database.ts';
import { loadExcelJS } from '../../lib/lazy-modules.ts';
import { parseListQuery, type ListDefinition } from '../../lib/list.ts';
import { queryPage, type Page } from '../../lib/paged-query.ts';
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
  const page = await queryPage<ImportRecord>(db, {
    from: 'FROM member_imports i WHERE true',
    columns: RECORD_COLUMNS.replace('i.errors, i.duplicates', "'[]'::jsonb AS errors, '[]'::jsonb AS duplicates").replace("i.extra_sheets", "'{}'::jsonb AS extra_sheets"),
  }, list);
  return { ...page, rows: page.rows.map(shown) };
}

/** Every error of an import as a spreadsheet: sheet, row, column, message. */
export async function errorReport(db: Queryable, id: number): Promise<{ name: string; body: Buffer } | null> {
  const [row] = await db.query<{ file_name: string; errors: RowError[] }>('SELECT file_name, errors FROM member_imports WHERE id = $1', [id]);
  if (!row) return null;
  const { Workbook } = await loadExcelJS();
  const workbook = new Workbook();
  const sheet = workbook.addWorksheet('Feil');
  sheet.addRow(['Ark', 'Rad', 'Kolonne', 'Feil']);
  sheet.getRow(1).font = { name: 'Calibri', bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const error of row.errors) {
    // Text as text: a value that looks like a formula is never one here.
    sheet.addRow([error.sheet ?? 'Medlemmer', error.row, error.column, error.message]);
  }
  [16, 8, 20, 60].forEach((width, index) => { sheet.getColumn(index + 1).width = width; });
  const base = row.file_name.replace(/\.[^.]+$/, '').replace(/[^\wæøåÆØÅ .-]/g, '_');
  return { name: `feil-${base}.xlsx`, body: Buffer.from(await workbook.xlsx.writeBuffer()) };
}
