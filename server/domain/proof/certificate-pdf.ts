/**
 * The insurance certificates as tagged PDFs (pdfkit, DESIGN.md section 9): one A4 page, in
 * Norwegian or English, with the embedded DejaVu Sans so æøå and Sámi letters come out right,
 * selectable text, a title and a language, and the QR of the verify page. The instrument list
 * fits 25 rows on the first page and continues on further pages with its header repeated; a long
 * value wraps and its row grows, never cut.
 */
import { loadPdfKit } from '../../lib/lazy-modules.ts';
import {
  A4,
  COLOURS,
  CONTENT_WIDTH,
  MARGIN,
  artifact,
  factTable,
  headerCell,
  linkLines,
  numberPages,
  taggedPdf,
  type Doc,
  type Struct,
} from '../../lib/pdf.ts';
import type { Lang, ProofConfig } from './proof.ts';
import type { Certificate } from './certificates.ts';
import { TEXT, categoryName, documentedNote, formatDate, formatMoney } from './certificate-text.ts';

// The claim packet writes dates, amounts and types as the certificate does.
export { categoryName, formatDate, formatMoney };

const QR_SIZE = 112;
const { ink: INK, muted: MUTED, accent: ACCENT, rule: RULE } = COLOURS;

export function certificateTitle(certificate: Certificate, lang: Lang): string {
  const title = certificate.kind === 'travel' ? TEXT[lang].travelTitle : TEXT[lang].instrumentsTitle;
  return `${title} – ${certificate.member.first_name} ${certificate.member.last_name}`;
}

export function certificateFilename(certificate: Certificate, lang: Lang): string {
  const kind = certificate.kind === 'travel' ? (lang === 'nb' ? 'reise' : 'travel') : lang === 'nb' ? 'instrumenter' : 'instruments';
  return `${lang === 'nb' ? 'forsikringsbevis' : 'insurance-certificate'}-${kind}-${certificate.member.member_number}.pdf`;
}

/** The certificate as a PDF. */
export async function certificatePdf(certificate: Certificate, config: ProofConfig, lang: Lang): Promise<Buffer> {
  const t = TEXT[lang];
  const { QRCode } = await loadPdfKit();
  const qr = await QRCode.toBuffer(certificate.verify_url, { errorCorrectionLevel: 'M', margin: 1, width: 360 });
  const title = certificateTitle(certificate, lang);
  const { doc, root, finish } = await taggedPdf({ title: title, lang: lang, author: config.organisationName, bufferPages: true });
  const name = `${certificate.member.first_name} ${certificate.member.last_name}`;

  // Heading, with the QR code at the right.
  root.add(
    doc.struct('P', {}, () => {
      doc
        .font('Sans-Bold')
        .fontSize(11)
        .fillColor(ACCENT)
        .text(config.organisationName, MARGIN.x, MARGIN.top, { width: CONTENT_WIDTH - QR_SIZE - 20 });
    }),
  );
  const headingTitle = certificate.kind === 'travel' ? t.travelTitle : t.instrumentsTitle;
  root.add(
    doc.struct('H1', {}, () => {
      doc
        .font('Sans-Bold')
        .fontSize(16)
        .fillColor(INK)
        .text(headingTitle, MARGIN.x, MARGIN.top + 18, { width: CONTENT_WIDTH - QR_SIZE - 20 });
    }),
  );
  const qrX = A4.width - MARGIN.x - QR_SIZE;
  root.add(
    doc.struct('Figure', { alt: t.qrAlt }, () => {
      doc.image(qr, qrX, MARGIN.top, { width: QR_SIZE, height: QR_SIZE });
    }),
  );

  // The facts, as label and value pairs.
  const facts: [string, string][] = [
    [t.insured, name],
    [t.birthdate, formatDate(certificate.member.birthdate, lang)],
    [t.memberNumber, String(certificate.member.member_number)],
  ];
  if (certificate.kind === 'travel') {
    facts.push([t.product, t.products[certificate.cover.product]], [t.area, t.areas[certificate.cover.product]]);
  }
  facts.push(
    [t.period, `${formatDate(certificate.cover.from, lang)} – ${formatDate(certificate.cover.to, lang)}`],
    [t.insurer, config.insurerName],
    [t.policy, certificate.kind === 'travel' ? config.travelPolicyNumber : config.instrumentPolicyNumber],
    [t.issued, formatDate(certificate.issued, lang)],
  );
  let y = factTable(
    doc,
    root,
    facts.map(([label, value]) => ({ label, value, bold: label === t.insured })),
    {
      y: Math.max(doc.y + 12, MARGIN.top + 62),
      valueWidth: (rowTop) => (rowTop < MARGIN.top + QR_SIZE + 6 ? CONTENT_WIDTH - QR_SIZE - 20 : CONTENT_WIDTH) - 150,
    },
  );

  y = Math.max(y, MARGIN.top + QR_SIZE) + 8;
  const body = certificate.kind === 'travel' ? t.travelBody(name, config.organisationName) : t.instrumentsBody(name, config.organisationName);
  root.add(
    doc.struct('P', {}, () => {
      doc.font('Sans').fontSize(10).fillColor(INK).text(body, MARGIN.x, y, { width: CONTENT_WIDTH, lineGap: 1.5 });
    }),
  );
  y = doc.y + 12;

  if (certificate.kind === 'instruments') y = instrumentTable(doc, root, certificate, lang, y, name);

  // Closing: how to check it (the address split before the token when it is too long for a line), whom to ask.
  doc.font('Mono').fontSize(7.5);
  const [urlBase, token] = certificate.verify_url.split(/(?<=\/verify\/)/);
  const urlLines = doc.widthOfString(certificate.verify_url) <= CONTENT_WIDTH ? [certificate.verify_url] : [urlBase, token];
  doc.font('Sans').fontSize(9);
  const closingHeight = 8 + 2 * (doc.heightOfString(t.check, { width: CONTENT_WIDTH }) + 3) + urlLines.length * 10 + 3;
  if (y + closingHeight > A4.height - MARGIN.bottom) {
    doc.addPage();
    y = MARGIN.top;
  }
  artifact(doc, () =>
    doc
      .moveTo(MARGIN.x, y)
      .lineTo(A4.width - MARGIN.x, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke(),
  );
  y += 8;
  root.add(
    doc.struct('P', {}, () => {
      doc.font('Sans').fontSize(9).fillColor(MUTED).text(t.check, MARGIN.x, y, { width: CONTENT_WIDTH });
    }),
  );
  y = doc.y + 3;
  const address = doc.struct('P');
  root.add(address);
  doc.font('Mono').fontSize(7.5).fillColor(ACCENT);
  linkLines(
    doc,
    address,
    certificate.verify_url,
    t.verifyLink,
    urlLines.map((line, index) => ({ text: line, x: MARGIN.x, y: y + index * 10 })),
  );
  address.end();
  y += urlLines.length * 10 + 3;
  root.add(
    doc.struct('P', {}, () => {
      doc.font('Sans').fontSize(9).fillColor(MUTED).text(t.support(config.supportEmail, config.supportPhone), MARGIN.x, y, { width: CONTENT_WIDTH });
    }),
  );
  root.end();

  // Page numbers on every page once the number of pages is known.
  numberPages(doc, t.page);
  return finish();
}

const COLUMN_WIDTHS = [126, 80, 86, 78, 65, 60];
/** The first page holds this many instruments with the rest of the certificate; a longer list continues on the next pages. */
const FIRST_PAGE_ROWS = 25;
const LINE = 10;
/** The line under an instrument that says what documents its value. */
const NOTE_LINE = 9;
const ROW_PADDING = 4;
const HEADER_HEIGHT = 17;

function columnX(index: number): number {
  return MARGIN.x + COLUMN_WIDTHS.slice(0, index).reduce((sum, width) => sum + width, 0);
}

/** The instrument list: a tagged table whose header repeats (as an artifact) on each new page. Answers the y below it. */
function instrumentTable(doc: Doc, root: Struct, certificate: Extract<Certificate, { kind: 'instruments' }>, lang: Lang, startY: number, name: string): number {
  const t = TEXT[lang];
  const bottom = A4.height - MARGIN.bottom - 6;
  const table = doc.struct('Table');
  root.add(table);
  const alignRight = (index: number) => index === 4;

  const drawHeader = (y: number, tagged: boolean) => {
    artifact(doc, () => doc.rect(MARGIN.x, y, CONTENT_WIDTH, HEADER_HEIGHT).fill('#e8ecf1'));
    const cell = (label: string, index: number) => () => {
      doc
        .font('Sans-Bold')
        .fontSize(8.5)
        .fillColor(INK)
        .text(label, columnX(index) + 3, y + 4.5, { width: COLUMN_WIDTHS[index] - 6, align: alignRight(index) ? 'right' : 'left', lineBreak: false });
    };
    if (tagged) {
      table.add(
        doc.struct(
          'TR',
          {},
          t.columns.map((label, index) => headerCell(doc, 'Column', cell(label, index))),
        ),
      );
    } else {
      doc.markContent('Artifact', { type: 'Pagination' });
      t.columns.forEach((label, index) => cell(label, index)());
      doc.endMarkedContent();
    }
    return y + HEADER_HEIGHT;
  };

  let y = drawHeader(startY, true);
  let firstPage = true;
  for (const [rowIndex, item] of certificate.cover.instruments.entries()) {
    const values = [
      categoryName(item, lang),
      item.make,
      item.model,
      item.serial_number ?? '–',
      formatMoney(item.value, lang),
      formatDate(item.insurance_start, lang, true),
    ];
    // A long name or serial wraps onto as many lines as it needs and the row grows: nothing a
    // customs officer compares is ever cut.
    doc.font('Sans').fontSize(8);
    const textHeight = Math.max(LINE, ...values.map((value, index) => doc.heightOfString(value, { width: COLUMN_WIDTHS[index] - 6, lineGap: 0.5 })));
    const note = documentedNote(item, lang);
    const rowHeight = textHeight + ROW_PADDING + 1 + (note ? NOTE_LINE : 0);
    if (y + rowHeight > bottom || (firstPage && rowIndex === FIRST_PAGE_ROWS)) {
      firstPage = false;
      doc.addPage();
      doc.markContent('Artifact', { type: 'Pagination' });
      doc
        .font('Sans')
        .fontSize(8.5)
        .fillColor(MUTED)
        .text(`${t.instrumentsTitle} – ${name}, ${t.memberNumber.toLowerCase()} ${certificate.member.member_number} (${t.continued})`, MARGIN.x, MARGIN.top, {
          width: CONTENT_WIDTH,
          lineBreak: false,
        });
      doc.endMarkedContent();
      y = drawHeader(MARGIN.top + 18, false);
    }
    const rowTop = y;
    if (rowIndex % 2 === 1) artifact(doc, () => doc.rect(MARGIN.x, rowTop, CONTENT_WIDTH, rowHeight).fill('#f3f5f8'));
    table.add(
      doc.struct(
        'TR',
        {},
        values.map((value, index) =>
          doc.struct('TD', {}, () => {
            doc
              .font('Sans')
              .fontSize(8)
              .fillColor(INK)
              .text(value, columnX(index) + 3, rowTop + ROW_PADDING - 1, {
                width: COLUMN_WIDTHS[index] - 6,
                lineGap: 0.5,
                align: alignRight(index) ? 'right' : 'left',
              });
          }),
        ),
      ),
    );
    // The note in a row of its own under the instrument, from the maker's column on.
    if (note) {
      table.add(
        doc.struct('TR', {}, [
          doc.struct('TD', {}, () => {
            doc
              .font('Sans')
              .fontSize(7.5)
              .fillColor(MUTED)
              .text(note, columnX(1) + 3, rowTop + ROW_PADDING - 1 + textHeight, {
                width: CONTENT_WIDTH - COLUMN_WIDTHS[0] - 6,
                lineBreak: false,
                ellipsis: true,
              });
          }),
        ]),
      );
    }
    y = rowTop + rowHeight;
  }
  if (y + 22 > bottom) {
    doc.addPage();
    y = MARGIN.top;
  }
  artifact(doc, () =>
    doc
      .moveTo(MARGIN.x, y)
      .lineTo(A4.width - MARGIN.x, y)
      .lineWidth(0.8)
      .strokeColor(INK)
      .stroke(),
  );
  const totalTop = y + 5;
  table.add(
    doc.struct('TR', {}, [
      headerCell(doc, 'Row', () => {
        doc
          .font('Sans-Bold')
          .fontSize(9)
          .fillColor(INK)
          .text(t.total(certificate.cover.instruments.length), MARGIN.x + 3, totalTop, { width: columnX(4) - MARGIN.x - 6, lineBreak: false });
      }),
      doc.struct('TD', {}, () => {
        doc
          .font('Sans-Bold')
          .fontSize(9)
          .fillColor(INK)
          .text(formatMoney(certificate.cover.total_value, lang), columnX(4) - 30, totalTop, {
            width: COLUMN_WIDTHS[4] + 27,
            align: 'right',
            lineBreak: false,
          });
      }),
    ]),
  );
  table.end();
  return totalTop + 22;
}
