/**
 * Libraries only some requests use, loaded on the first such request rather than when the server
 * starts: exceljs (spreadsheets: the .xlsx exports, imports and templates), pdfkit with qrcode
 * and fontkit (the certificates' and invoices' PDFs), and sharp, file-type and pdf-lib (an instrument's uploaded
 * documents: images re-encoded, types read from the content, PDFs checked). Loaded, they hold some 40 MB of resident memory (exceljs
 * alone about 35 MB, 9 MB of it JavaScript heap) that a server which never makes a spreadsheet
 * or a PDF does not need. The first use waits for the load once (a few hundred ms).
 */
import type ExcelJS from 'exceljs';
import type * as Fontkit from 'fontkit';
import type PDFDocument from 'pdfkit';
import type QRCode from 'qrcode';
import type Sharp from 'sharp';

/** `load()` once, kept; a failed load is tried again next time. */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
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

export const loadPdfKit = once<{ PDFDocument: typeof PDFDocument; QRCode: typeof QRCode; fontkit: typeof Fontkit }>(async () => {
  const [pdfkit, qrcode, fontkit] = await Promise.all([import('pdfkit'), import('qrcode'), import('fontkit')]);
  return { PDFDocument: pdfkit.default, QRCode: qrcode.default, fontkit };
});

export const loadSharp = once<typeof Sharp>(async () => (await import('sharp')).default);

export const loadFileType = once(async () => (await import('file-type')).fileTypeFromBuffer);

export const loadPdfLib = once(() => import('pdf-lib'));
