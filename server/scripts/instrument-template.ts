/**
 * Writes the import template (public/maler/instrumentforsikring-mal.xlsx): the columns the import
 * reads, with a note on how to fill them in. Run it again when
 * the import's columns change: `node server/scripts/instrument-template.ts`.
 */
import path from 'node:path';
import ExcelJS from 'exceljs';
import { IMPORT_COLUMNS } from '../domain/insurance/instrument-import.ts';

export const TEMPLATE_PATH = path.join(import.meta.dirname, '../../public/maler/instrumentforsikring-mal.xlsx');

export function templateWorkbook(): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Instrumenter');
  sheet.addRow([...IMPORT_COLUMNS]);
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((column) => {
    column.width = 22;
  });
  sheet.getCell('A1').note =
    'Skriv typen slik den står i portalen, for eksempel Gitar eller Bass. Verdi i hele kroner. Startdato (dd.mm.åååå) kan stå tom: da gjelder i dag.';
  return workbook;
}

if (import.meta.main) {
  await templateWorkbook().xlsx.writeFile(TEMPLATE_PATH);
  console.log(`Skrev ${TEMPLATE_PATH}`);
}
