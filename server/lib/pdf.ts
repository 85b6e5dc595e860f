/**
 * The page every PDF of the portal is made on (the insurance certificates, the invoices): pdfkit
 * (DESIGN.md section 9), A4, tagged, with a title and a language, and the embedded DejaVu Sans so
 * æøå and Sámi letters come out right. Each document draws its own content on it.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type PDFDocument from 'pdfkit';
import { loadPdfKit } from './lazy-modules.ts';

const require = createRequire(import.meta.url);
const FONT_DIR = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

export const A4 = { width: 595.28, height: 841.89 };
export const MARGIN = { x: 50, top: 45, bottom: 45 };
export const CONTENT_WIDTH = A4.width - 2 * MARGIN.x;
export const COLOURS = { ink: '#1b1b1b', muted: '#4a4a4a', accent: '#1d3557', rule: '#9aa3ad' } as const;

export type Doc = InstanceType<typeof PDFDocument>;
export type Struct = ReturnType<Doc['struct']>;

export interface TaggedPdf {
  doc: Doc;
  /** The structure tree's root ('Document'): every part of the page goes in it. */
  root: Struct;
  /** Ends the document and answers its bytes. */
  finish: () => Promise<Buffer>;
}

/**
 * A tagged A4 document with the fonts 'Sans', 'Sans-Bold' and 'Mono' registered. `bufferPages`
 * keeps the pages open for a footer written on each at the end.
 */
export async function taggedPdf(options: { title: string; lang: string; author: string; bufferPages?: boolean }): Promise<TaggedPdf> {
  const { PDFDocument: Pdf } = await loadPdfKit();
  const doc = new Pdf({
    size: 'A4',
    margins: { top: MARGIN.top, bottom: MARGIN.bottom, left: MARGIN.x, right: MARGIN.x },
    tagged: true,
    lang: options.lang,
    displayTitle: true,
    pdfVersion: '1.7',
    bufferPages: options.bufferPages ?? false,
    info: { Title: options.title, Author: options.author, Subject: options.title, Creator: options.author },
  });
  doc.registerFont('Sans', path.join(FONT_DIR, 'DejaVuSans.ttf'));
  doc.registerFont('Sans-Bold', path.join(FONT_DIR, 'DejaVuSans-Bold.ttf'));
  doc.registerFont('Mono', path.join(FONT_DIR, 'DejaVuSansMono.ttf'));
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const root = doc.struct('Document');
  doc.addStructure(root);
  return { doc, root, finish: () => { doc.end(); return done; } };
}
