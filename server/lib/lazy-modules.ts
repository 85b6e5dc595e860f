/**
 * Libraries only some requests use, loaded on the first such request rather than when the server
 * starts: exceljs (spreadsheets: the .xlsx exports, imports and templates) and pdfkit with qrcode
 * (the insurance certificates' PDFs). Loaded, they hold some 40 MB of resident memory (exceljs
 * alone about 35 MB, 9 MB of it JavaScript heap) that a server which never makes a spreadsheet
 * or a PDF does not need. The first use waits for the load once (a few hundred ms).
 */
import type ExcelJS from 'exceljs';
import type PDFDocument from 'pdfkit';
import type QRCode from 'qrcode';

/** `load()` once, kept; a failed load is tried again next time. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

export const loadExcelJS = once<typeof ExcelJS>(async () => (await import('exceljs')).default);

export const loadPdfKit = once<{ PDFDocument: typeof PDFDocument; QRCode: typeof QRCode }>(async () => {
  const [pdfkit, qrcode] = await Promise.all([import('pdfkit'), import('qrcode')]);
  return { PDFDocument: pdfkit.default, QRCode: qrcode.default };
});
