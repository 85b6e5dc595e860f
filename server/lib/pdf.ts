/**
 * The page every PDF of the portal is made on (the insurance certificates, the invoices): pdfkit
 * (DESIGN.md section 9), A4, tagged, with a title and a language, and the embedded DejaVu Sans so
 * æøå and Sámi letters come out right. Each document draws its own content on it.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as Fontkit from 'fontkit';
import type PDFDocument from 'pdfkit';
import { loadPdfKit, once } from './lazy-modules.ts';

const require = createRequire(import.meta.url);
export const FONT_DIR = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

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

export const FONT_FILES = { Sans: 'DejaVuSans.ttf', 'Sans-Bold': 'DejaVuSans-Bold.ttf', Mono: 'DejaVuSansMono.ttf' } as const;
type FontName = keyof typeof FONT_FILES;

/**
 * The fonts, read and opened by fontkit once per process. Given a file name, pdfkit reads and
 * parses the font again for every document: some 50 ms of a small PDF's 57, where a font opened
 * once makes the same bytes in 10 (each document still embeds only the glyphs it uses).
 */
const openFonts = once(async (): Promise<Record<FontName, Fontkit.Font>> => {
  const { fontkit } = await loadPdfKit();
  const names = Object.keys(FONT_FILES) as FontName[];
  const opened = await Promise.all(names.map(async (name) => fontkit.create(await readFile(path.join(FONT_DIR, FONT_FILES[name]))) as Fontkit.Font));
  return Object.fromEntries(names.map((name, i) => [name, opened[i]])) as Record<FontName, Fontkit.Font>;
});

/**
 * The fonts for one document: its own glyph cache over the shared parsed tables. fontkit keeps
 * each glyph it has made, with the characters it was made for, and pdfkit maps a glyph back to
 * text by those: a 'C' first made as a part of 'Č' (while one document was embedded) has none,
 * and would be missing from the next document's text. pdfkit takes an opened font (anything with
 * fontkit's `layout`) wherever it takes a file name; its types list only names and bytes, hence the cast.
 */
function forOneDocument(shared: Record<FontName, Fontkit.Font>): Record<FontName, string> {
  const own = ([name, font]: [string, Fontkit.Font]) => [name, Object.create(font, { _glyphs: { value: {}, writable: true } }) as string];
  return Object.fromEntries(Object.entries(shared).map(own)) as Record<FontName, string>;
}

/**
 * A tagged A4 document with the fonts 'Sans', 'Sans-Bold' and 'Mono' registered. `bufferPages`
 * keeps the pages open for a footer written on each at the end.
 */
export async function taggedPdf(options: { title: string; lang: string; author: string; bufferPages?: boolean }): Promise<TaggedPdf> {
  const { PDFDocument: Pdf } = await loadPdfKit();
  const opened = forOneDocument(await openFonts());
  const doc = new Pdf({
    size: 'A4',
    margins: { top: MARGIN.top, bottom: MARGIN.bottom, left: MARGIN.x, right: MARGIN.x },
    tagged: true,
    lang: options.lang,
    displayTitle: true,
    pdfVersion: '1.7',
    bufferPages: options.bufferPages ?? false,
    info: { Title: options.title, Author: options.author, Subject: options.title, Creator: options.author },
    // No Helvetica set up first (pdfkit's default, its metrics parsed per document): every text here is in DejaVu.
    font: opened.Sans,
  });
  for (const name of Object.keys(FONT_FILES) as FontName[]) doc.registerFont(name, opened[name]);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const root = doc.struct('Document');
  doc.addStructure(root);
  return {
    doc,
    root,
    finish: () => {
      doc.end();
      return done;
    },
  };
}

/**
 * Lines and shading as an artifact: they only arrange the page, so a screen reader passes them
 * by, and no drawing is left outside both the tagged content and the artifacts (PDF/UA).
 */
export function artifact(doc: Doc, draw: () => void): void {
  doc.markContent('Artifact', { type: 'Layout' });
  doc.save();
  draw();
  doc.restore();
  doc.endMarkedContent();
}

/** A table's header cell (TH) with its scope, so a screen reader knows which cells it heads: its column's or its row's. */
export function headerCell(doc: Doc, scope: 'Column' | 'Row', content: () => void): Struct {
  // pdfkit writes the scope as the cell's table attributes: /A << /O /Table /Scope /Column >>.
  return doc.struct('TH', { scope } as Parameters<Doc['struct']>[1], content);
}

/**
 * A web address drawn line by line as one link: a Link element in `parent` holding the text and
 * each line's link annotation, which names the Link as its /StructParent and says where it goes
 * in /Contents (what a screen reader announces for it).
 */
export function linkLines(doc: Doc, parent: Struct, url: string, description: string, lines: readonly { text: string; x: number; y: number }[]): void {
  const link = doc.struct('Link');
  parent.add(link);
  link.add(() => {
    for (const line of lines) {
      doc.text(line.text, line.x, line.y, { lineBreak: false });
      // A PDF string (a String object): pdfkit writes a plain string as a name.
      const options = { structParent: link, Contents: new String(description) } as unknown as Parameters<Doc['link']>[5];
      doc.link(line.x, line.y, doc.widthOfString(line.text), doc.currentLineHeight(), url, options);
    }
  });
  link.end();
}

/** One row of a label-and-value table: the label in small bold grey, the value beside it. */
export interface Fact {
  label: string;
  value: string;
  /** The value in bold (the person a document is about). */
  bold?: boolean;
}

export interface FactTableOptions {
  /** Where the first row starts. */
  y: number;
  labelWidth?: number;
  /** The value column's width for a row starting at `rowTop` (narrower beside a figure); the rest of the line by default. */
  valueWidth?: (rowTop: number) => number;
  /** Space between rows. */
  rowGap?: number;
}

/**
 * Label and value pairs as a tagged table (TR with a TH and a TD each), a row on a new page when
 * it does not fit on this one. Answers the y below the last row.
 */
export function factTable(doc: Doc, root: Struct, facts: readonly Fact[], options: FactTableOptions): number {
  const labelWidth = options.labelWidth ?? 150;
  const valueWidth = options.valueWidth ?? (() => CONTENT_WIDTH - labelWidth);
  const rowGap = options.rowGap ?? 3.5;
  const table = doc.struct('Table');
  root.add(table);
  let y = options.y;
  for (const fact of facts) {
    let rowTop = y;
    let width = valueWidth(rowTop);
    doc.font(fact.bold ? 'Sans-Bold' : 'Sans').fontSize(10.5);
    let height = Math.max(doc.heightOfString(fact.value, { width }), 13);
    if (rowTop + height > A4.height - MARGIN.bottom) {
      doc.addPage();
      rowTop = MARGIN.top;
      width = valueWidth(rowTop);
      height = Math.max(doc.heightOfString(fact.value, { width }), 13);
    }
    table.add(
      doc.struct('TR', {}, [
        headerCell(doc, 'Row', () => {
          doc
            .font('Sans-Bold')
            .fontSize(9.5)
            .fillColor(COLOURS.muted)
            .text(fact.label, MARGIN.x, rowTop + 1, { width: labelWidth - 8 });
        }),
        doc.struct('TD', {}, () => {
          doc
            .font(fact.bold ? 'Sans-Bold' : 'Sans')
            .fontSize(10.5)
            .fillColor(COLOURS.ink)
            .text(fact.value, MARGIN.x + labelWidth, rowTop, { width });
        }),
      ]),
    );
    y = rowTop + height + rowGap;
  }
  table.end();
  return y;
}

/**
 * 'Side 1 av 2' at the foot of every page of a document made with `bufferPages`, as an artifact
 * (not part of the text a screen reader follows), with `left` (what the document is, so a
 * printed page is known by itself) at the left; nothing when there is one page.
 */
export function numberPages(doc: Doc, label: (page: number, of: number) => string, left?: string): void {
  const pages = doc.bufferedPageRange();
  if (pages.count < 2) return;
  for (let index = 0; index < pages.count; index += 1) {
    doc.switchToPage(pages.start + index);
    // Written in the bottom margin: without this pdfkit would start a new page for it.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.markContent('Artifact', { type: 'Pagination' });
    doc
      .font('Sans')
      .fontSize(8)
      .fillColor(COLOURS.muted)
      .text(label(index + 1, pages.count), MARGIN.x, A4.height - MARGIN.bottom + 14, { width: CONTENT_WIDTH, align: 'right', lineBreak: false });
    if (left) {
      doc.text(left, MARGIN.x, A4.height - MARGIN.bottom + 14, { width: CONTENT_WIDTH - 80, lineBreak: false, ellipsis: true });
    }
    doc.endMarkedContent();
    doc.page.margins.bottom = bottomMargin;
  }
}
