/**
 * The invoice as a tagged PDF (pdfkit, like the insurance certificates, DESIGN.md section 9): one
 * A4 page in Norwegian with the embedded DejaVu Sans, selectable text, a title and a language.
 * It carries what a member needs to pay without the portal: the organisation, the member, the
 * invoice's number and dates, the lines, the total, the account number and the KID. Amounts are
 * øre in the data and formatted once, here.
 */
import type { Queryable } from '../../db/database.ts';
import type { Config } from '../../config.ts';
import { A4, COLOURS, CONTENT_WIDTH, MARGIN, artifact, headerCell, taggedPdf } from '../../lib/pdf.ts';
import { formatAccountNumber } from '../../lib/kid.ts';
import { dottedDate, formatKroner } from './money.ts';

/** As invoices.ts names an erased member (not imported: invoices.ts sends invoices with this PDF). */
const ERASED_NAME = 'Slettet medlem';

const { ink: INK, muted: MUTED, accent: ACCENT, rule: RULE } = COLOURS;

/** What the PDF prints: the invoice with its lines, and the member's postal address. */
export interface InvoiceSheet {
  number: number;
  invoice_date: string;
  due_date: string;
  kid: string;
  total: number;
  member_name: string;
  member_number: number;
  /** An invoice moved in from the previous system: its number there, printed as a reference. */
  previous_number: string | null;
  address: string[];
  lines: { description: string; period_from: string; period_to: string; amount: number }[];
}

/** The KID in groups of five from the left, as it is read aloud or typed into a bank: '00123 45678 90123'. */
export const groupKid = (kid: string): string => kid.replace(/(\d{5})(?=\d)/g, '$1 ');

export const invoiceFilename = (number: number): string => `faktura-${number}.pdf`;

export const invoiceTitle = (sheet: Pick<InvoiceSheet, 'number' | 'member_name'>): string => `Faktura ${sheet.number} – ${sheet.member_name}`;

/**
 * The invoice's sheet, or null when there is no such invoice. Read here rather than through
 * invoices.ts, which sends invoices with this file's PDF. The address is the invoice address when
 * the member gave one; an erased member is printed as erased, without an address.
 */
export async function invoiceSheet(db: Queryable, id: number): Promise<InvoiceSheet | null> {
  const [invoice] = await db.query<
    Omit<InvoiceSheet, 'address' | 'lines'> & {
      erased: boolean;
      address: string | null;
      postal_code: string | null;
      postal_area: string | null;
    }
  >(
    `SELECT i.number, i.invoice_date::text AS invoice_date, i.due_date::text AS due_date, i.kid, i.total_ore AS total,
            i.member_number, i.previous_number, trim(coalesce(a.first_name, '') || ' ' || coalesce(a.last_name, '')) AS member_name,
            a.erased_at IS NOT NULL AS erased,
            CASE WHEN coalesce(a.invoice_address, '') <> '' THEN a.invoice_address ELSE a.address END AS address,
            CASE WHEN coalesce(a.invoice_address, '') <> '' THEN a.invoice_postal_code ELSE a.postal_code END AS postal_code,
            CASE WHEN coalesce(a.invoice_address, '') <> '' THEN a.invoice_postal_area ELSE a.postal_area END AS postal_area
       FROM invoices i JOIN accounts a ON a.id = i.member_id WHERE i.id = $1`,
    [id],
  );
  if (!invoice) return null;
  const lines = await db.query<InvoiceSheet['lines'][number]>(
    `SELECT description, period_from::text AS period_from, period_to::text AS period_to, amount_ore AS amount
       FROM invoice_lines WHERE invoice_id = $1 ORDER BY id`,
    [id],
  );
  const { erased, address, postal_code: postalCode, postal_area: postalArea, ...sheet } = invoice;
  return {
    ...sheet,
    member_name: erased || !sheet.member_name ? ERASED_NAME : sheet.member_name,
    address: erased ? [] : [address, [postalCode, postalArea].filter(Boolean).join(' ')].filter((line): line is string => Boolean(line)),
    lines,
  };
}

type InvoicePdfConfig = Pick<Config, 'organisationName' | 'billing'>;

/** The invoice as a PDF. */
export async function invoicePdf(sheet: InvoiceSheet, config: InvoicePdfConfig): Promise<Buffer> {
  const title = invoiceTitle(sheet);
  const { doc, root, finish } = await taggedPdf({ title: title, lang: 'nb', author: config.organisationName });
  const account = formatAccountNumber(config.billing.bankAccount);
  const kid = groupKid(sheet.kid);
  const total = formatKroner(sheet.total);

  root.add(
    doc.struct('P', {}, () => {
      doc.font('Sans-Bold').fontSize(11).fillColor(ACCENT).text(config.organisationName, MARGIN.x, MARGIN.top, { width: CONTENT_WIDTH });
    }),
  );
  root.add(
    doc.struct('H1', {}, () => {
      doc
        .font('Sans-Bold')
        .fontSize(18)
        .fillColor(INK)
        .text(`Faktura ${sheet.number}`, MARGIN.x, MARGIN.top + 18, { width: CONTENT_WIDTH });
    }),
  );

  // The member at the left (where a window envelope shows it), the invoice's facts at the right.
  const top = MARGIN.top + 56;
  root.add(
    doc.struct('P', {}, () => {
      doc.font('Sans-Bold').fontSize(10.5).fillColor(INK).text(sheet.member_name, MARGIN.x, top, { width: 240 });
      doc.font('Sans').fontSize(10.5);
      for (const line of sheet.address) doc.text(line, { width: 240 });
    }),
  );
  const facts: [string, string][] = [
    ['Fakturanummer', String(sheet.number)],
    ['Medlemsnummer', String(sheet.member_number)],
    ['Fakturadato', dottedDate(sheet.invoice_date)],
    ['Forfallsdato', dottedDate(sheet.due_date)],
    ...(sheet.previous_number ? [['Tidligere nr.', sheet.previous_number] as [string, string]] : []),
  ];
  const factX = MARGIN.x + 290;
  const factTable = doc.struct('Table');
  root.add(factTable);
  facts.forEach(([label, value], index) => {
    const y = top + index * 16;
    factTable.add(
      doc.struct('TR', {}, [
        headerCell(doc, 'Row', () => {
          doc
            .font('Sans-Bold')
            .fontSize(9.5)
            .fillColor(MUTED)
            .text(label, factX, y + 1, { width: 100, lineBreak: false });
        }),
        doc.struct('TD', {}, () => {
          doc
            .font('Sans')
            .fontSize(10.5)
            .fillColor(INK)
            .text(value, factX + 100, y, { width: CONTENT_WIDTH - 390, align: 'right', lineBreak: false });
        }),
      ]),
    );
  });
  factTable.end();

  // The lines.
  let y = top + Math.max(facts.length * 16, 16 * (sheet.address.length + 1)) + 24;
  const columns = [
    { label: 'Beskrivelse', width: 255 },
    { label: 'Periode', width: 140 },
    { label: 'Beløp', width: CONTENT_WIDTH - 395 },
  ];
  const x = (index: number) => MARGIN.x + columns.slice(0, index).reduce((sum, column) => sum + column.width, 0);
  const table = doc.struct('Table');
  root.add(table);
  artifact(doc, () => doc.rect(MARGIN.x, y, CONTENT_WIDTH, 18).fill('#e8ecf1'));
  const headerY = y;
  table.add(
    doc.struct(
      'TR',
      {},
      columns.map((column, index) =>
        headerCell(doc, 'Column', () => {
          doc
            .font('Sans-Bold')
            .fontSize(9)
            .fillColor(INK)
            .text(column.label, x(index) + 4, headerY + 5, { width: column.width - 8, align: index === 2 ? 'right' : 'left', lineBreak: false });
        }),
      ),
    ),
  );
  y += 18;
  for (const line of sheet.lines) {
    const values = [line.description, `${dottedDate(line.period_from)} – ${dottedDate(line.period_to)}`, formatKroner(line.amount)];
    doc.font('Sans').fontSize(9.5);
    const height = Math.max(...values.map((value, index) => doc.heightOfString(value, { width: columns[index].width - 8 }))) + 8;
    const rowY = y;
    table.add(
      doc.struct(
        'TR',
        {},
        values.map((value, index) =>
          doc.struct('TD', {}, () => {
            doc
              .font('Sans')
              .fontSize(9.5)
              .fillColor(INK)
              .text(value, x(index) + 4, rowY + 4, { width: columns[index].width - 8, align: index === 2 ? 'right' : 'left' });
          }),
        ),
      ),
    );
    y = rowY + height;
  }
  artifact(doc, () =>
    doc
      .moveTo(MARGIN.x, y)
      .lineTo(A4.width - MARGIN.x, y)
      .lineWidth(0.8)
      .strokeColor(INK)
      .stroke(),
  );
  const totalY = y + 6;
  table.add(
    doc.struct('TR', {}, [
      headerCell(doc, 'Row', () => {
        doc
          .font('Sans-Bold')
          .fontSize(10.5)
          .fillColor(INK)
          .text('Å betale', MARGIN.x + 4, totalY, { width: 200, lineBreak: false });
      }),
      doc.struct('TD', {}, () => {
        doc
          .font('Sans-Bold')
          .fontSize(10.5)
          .fillColor(INK)
          .text(total, x(2) - 60, totalY, { width: columns[2].width + 56, align: 'right', lineBreak: false });
      }),
    ]),
  );
  table.end();
  y = totalY + 34;

  // How to pay: account, KID, amount and due date, each on its own line to copy from.
  artifact(doc, () =>
    doc
      .moveTo(MARGIN.x, y)
      .lineTo(A4.width - MARGIN.x, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke(),
  );
  y += 10;
  root.add(
    doc.struct('H2', {}, () => {
      doc.font('Sans-Bold').fontSize(12).fillColor(INK).text('Betaling', MARGIN.x, y, { width: CONTENT_WIDTH });
    }),
  );
  y = doc.y + 6;
  const payment = doc.struct('Table');
  root.add(payment);
  for (const [label, value] of [
    ['Kontonummer', account],
    ['KID', kid],
    ['Beløp', total],
    ['Forfallsdato', dottedDate(sheet.due_date)],
  ] as const) {
    const rowY = y;
    payment.add(
      doc.struct('TR', {}, [
        headerCell(doc, 'Row', () => {
          doc
            .font('Sans-Bold')
            .fontSize(9.5)
            .fillColor(MUTED)
            .text(label, MARGIN.x, rowY + 1, { width: 120, lineBreak: false });
        }),
        doc.struct('TD', {}, () => {
          doc
            .font(label === 'KID' || label === 'Kontonummer' ? 'Mono' : 'Sans')
            .fontSize(11)
            .fillColor(INK)
            .text(value, MARGIN.x + 120, rowY, { width: CONTENT_WIDTH - 120, lineBreak: false });
        }),
      ]),
    );
    y = rowY + 18;
  }
  payment.end();
  y += 8;
  root.add(
    doc.struct('P', {}, () => {
      // Non-breaking spaces: the KID and the amount are never split over two lines.
      const keep = (text: string) => text.replace(/ /g, '\u00a0');
      doc
        .font('Sans')
        .fontSize(10)
        .fillColor(INK)
        .text(
          `Betal ${keep(total)} til kontonummer ${account} innen ${dottedDate(sheet.due_date)}. Bruk KID ${keep(kid)} når du betaler, ` +
            'så blir innbetalingen registrert på fakturaen av seg selv. Betaler du uten KID, kan det ta lengre tid før vi finner den.',
          MARGIN.x,
          y,
          { width: CONTENT_WIDTH, lineGap: 1.5 },
        );
    }),
  );
  root.end();
  return finish();
}
