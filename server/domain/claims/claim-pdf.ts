/**
 * The claim packet as a tagged PDF (pdfkit on the portal's page, lib/pdf.ts, like the insurance
 * certificates), in Norwegian or English: what an insurer's claims handler needs on one or two
 * pages. The organisation, the claim's number and date, a line saying what happened to what;
 * then the member, the insurance (insurer, policy, sum insured, since when, the latest appraisal),
 * the instrument, the loss (what, when, where, the country, the police report), the member's
 * description, and the documents attached, numbered as in the zip. All of it from the claim's
 * snapshot, so the packet reads the same whatever changes in the register later. Its words, in
 * both languages, are in claim-pdf-text.ts.
 */
import type { Config } from '../../config.ts';
import { A4, COLOURS, CONTENT_WIDTH, MARGIN, artifact, factTable, headerCell, numberPages, taggedPdf, type Doc, type Struct } from '../../lib/pdf.ts';
import { countryName } from '../../schemas/claim-rules.ts';
import type { Claim, ClaimDocument } from '../../schemas/claims.ts';
import type { Lang } from '../proof/proof.ts';
import { categoryName, formatDate, formatMoney } from '../proof/certificate-pdf.ts';
import { todayInOslo } from '../shared/oslo-date.ts';
import { claimNumber } from './claims.ts';
import { DOCUMENT_WORDS, KIND_WORDS } from './claim-words.ts';
import { TEXT } from './claim-pdf-text.ts';

export type PacketConfig = Pick<Config, 'organisationName' | 'supportEmail' | 'supportPhone'>;

const { ink: INK, muted: MUTED, accent: ACCENT, rule: RULE } = COLOURS;
const BOTTOM = A4.height - MARGIN.bottom;

/** A date column's or a timestamp's Oslo date as 'yyyy-mm-dd'. */
const isoDate = (value: string | Date): string => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : todayInOslo(new Date(value)));

const memberName = (claim: Claim) => `${claim.snapshot.member.first_name} ${claim.snapshot.member.last_name}`.trim();

export const packetTitle = (claim: Claim, lang: Lang): string =>
  `${TEXT[lang].title}, ${TEXT[lang].number.toLowerCase()} ${claimNumber(claim.id)} – ${memberName(claim)}`;

export const packetFilename = (claim: Pick<Claim, 'id'>, lang: Lang): string =>
  lang === 'nb' ? `skademelding-${claimNumber(claim.id)}.pdf` : `insurance-claim-${claimNumber(claim.id)}.pdf`;

/** Starts a new page when `needed` points do not fit below `y`; answers where to go on. */
function room(doc: Doc, y: number, needed: number): number {
  if (y + needed <= BOTTOM) return y;
  doc.addPage();
  return MARGIN.top;
}

/** A section's heading, kept with at least the first lines under it. */
function heading(doc: Doc, root: Struct, text: string, y: number): number {
  const top = room(doc, y, 60);
  root.add(
    doc.struct('H2', {}, () => {
      doc.font('Sans-Bold').fontSize(12).fillColor(ACCENT).text(text, MARGIN.x, top, { width: CONTENT_WIDTH });
    }),
  );
  const below = top + 16;
  artifact(doc, () =>
    doc
      .moveTo(MARGIN.x, below - 1.5)
      .lineTo(A4.width - MARGIN.x, below - 1.5)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke(),
  );
  return below + 4;
}

/** The claim's packet as a PDF. */
export async function claimPdf(claim: Claim, config: PacketConfig, lang: Lang): Promise<Buffer> {
  const t = TEXT[lang];
  const { member, instrument, appraisal } = claim.snapshot;
  const { doc, root, finish } = await taggedPdf({ title: packetTitle(claim, lang), lang, author: config.organisationName, bufferPages: true });
  const unknown = (value: string | null | undefined) => (value && value.trim() !== '' ? value : t.unknown);

  root.add(
    doc.struct('P', {}, () => {
      doc.font('Sans-Bold').fontSize(11).fillColor(ACCENT).text(config.organisationName, MARGIN.x, MARGIN.top, { width: CONTENT_WIDTH });
    }),
  );
  root.add(
    doc.struct('H1', {}, () => {
      doc
        .font('Sans-Bold')
        .fontSize(16)
        .fillColor(INK)
        .text(t.title, MARGIN.x, MARGIN.top + 18, { width: CONTENT_WIDTH });
    }),
  );
  let y = doc.y + 4;
  root.add(
    doc.struct('P', {}, () => {
      doc
        .font('Sans')
        .fontSize(10.5)
        .fillColor(MUTED)
        .text(`${t.number} ${claimNumber(claim.id)}, ${t.reported} ${formatDate(isoDate(claim.created_at), lang)}`, MARGIN.x, y, { width: CONTENT_WIDTH });
    }),
  );
  y = doc.y + 5;
  // What happened to what, in one line a claims handler reads first; who sent it and whom to ask.
  const serial = instrument.serial_number ? `, ${t.serial} ${instrument.serial_number}` : '';
  const summary = `${KIND_WORDS[lang][claim.kind]} ${formatDate(claim.occurred_on, lang)}: ${categoryName(instrument, lang)}, ${instrument.make} ${instrument.model}${serial}`;
  root.add(
    doc.struct('P', {}, () => {
      doc.font('Sans-Bold').fontSize(11).fillColor(INK).text(summary, MARGIN.x, y, { width: CONTENT_WIDTH });
    }),
  );
  y = doc.y + 5;
  const sender = `${t.sentBy(config.organisationName, claim.snapshot.insurer)} ${t.support(config.supportEmail, config.supportPhone)}`;
  root.add(
    doc.struct('P', {}, () => {
      doc.font('Sans').fontSize(9).fillColor(MUTED).text(sender, MARGIN.x, y, { width: CONTENT_WIDTH });
    }),
  );
  y = doc.y + 12;

  const address = [member.address, [member.postal_code, member.postal_area].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  y = heading(doc, root, t.member, y);
  y =
    factTable(
      doc,
      root,
      [
        { label: t.name, value: memberName(claim), bold: true },
        { label: t.memberNumber, value: member.member_number === null ? t.unknown : String(member.member_number) },
        { label: t.address, value: unknown(address) },
        { label: t.email, value: unknown(member.email) },
        { label: t.phone, value: unknown(member.phone) },
      ],
      { y, rowGap: 2.5 },
    ) + 9;

  y = heading(doc, root, t.insurance, y);
  y =
    factTable(
      doc,
      root,
      [
        { label: t.insurer, value: claim.snapshot.insurer },
        { label: t.policy, value: claim.snapshot.policy_number },
        { label: t.sum, value: formatMoney(instrument.value, lang) },
        { label: t.since, value: formatDate(instrument.insurance_start, lang) },
        { label: t.appraisal, value: appraisal ? `${formatMoney(appraisal.value, lang)}, ${formatDate(appraisal.valued_on, lang)}` : t.noAppraisal },
      ],
      { y, rowGap: 2.5 },
    ) + 9;

  y = heading(doc, root, t.instrument, y);
  y =
    factTable(
      doc,
      root,
      [
        { label: t.category, value: categoryName(instrument, lang) },
        { label: t.make, value: instrument.make },
        { label: t.model, value: instrument.model },
        { label: t.serialNumber, value: unknown(instrument.serial_number) },
      ],
      { y, rowGap: 2.5 },
    ) + 9;

  y = heading(doc, root, t.loss, y);
  y =
    factTable(
      doc,
      root,
      [
        { label: t.what, value: KIND_WORDS[lang][claim.kind], bold: true },
        { label: t.when, value: formatDate(claim.occurred_on, lang) },
        { label: t.where, value: claim.place },
        { label: t.country, value: countryName(claim.country, lang) },
        { label: t.police, value: claim.police_report ?? t.notReported },
      ],
      { y, rowGap: 2.5 },
    ) + 9;

  y = heading(doc, root, t.description, y);
  root.add(
    doc.struct('P', {}, () => {
      // A long description goes on over the next page by itself.
      doc.font('Sans').fontSize(10.5).fillColor(INK).text(claim.description, MARGIN.x, y, { width: CONTENT_WIDTH, lineGap: 1.5 });
    }),
  );
  y = doc.y + 10;

  documentTable(doc, root, claim.documents, lang, heading(doc, root, t.documents(claim.documents.length), y));

  root.end();
  numberPages(doc, t.page, packetTitle(claim, lang));
  return finish();
}

const COLUMN_WIDTHS = [34, 251, 130, 80];
const HEADER_HEIGHT = 17;
const columnX = (index: number) => MARGIN.x + COLUMN_WIDTHS.slice(0, index).reduce((sum, width) => sum + width, 0);

/** The documents as a tagged table, its header repeated (as an artifact) on a new page. Answers the y below it. */
function documentTable(doc: Doc, root: Struct, documents: readonly ClaimDocument[], lang: Lang, startY: number): number {
  const t = TEXT[lang];
  if (documents.length === 0) {
    root.add(
      doc.struct('P', {}, () => {
        doc.font('Sans').fontSize(10.5).fillColor(INK).text(t.noDocuments, MARGIN.x, startY, { width: CONTENT_WIDTH });
      }),
    );
    return doc.y + 8;
  }
  const table = doc.struct('Table');
  root.add(table);
  const header = (y: number, tagged: boolean) => {
    artifact(doc, () => doc.rect(MARGIN.x, y, CONTENT_WIDTH, HEADER_HEIGHT).fill('#e8ecf1'));
    const cell = (label: string, index: number) => () => {
      doc
        .font('Sans-Bold')
        .fontSize(8.5)
        .fillColor(INK)
        .text(label, columnX(index) + 3, y + 4.5, { width: COLUMN_WIDTHS[index] - 6, lineBreak: false });
    };
    if (tagged)
      table.add(
        doc.struct(
          'TR',
          {},
          t.columns.map((label, index) => headerCell(doc, 'Column', cell(label, index))),
        ),
      );
    else {
      doc.markContent('Artifact', { type: 'Pagination' });
      t.columns.forEach((label, index) => cell(label, index)());
      doc.endMarkedContent();
    }
    return y + HEADER_HEIGHT;
  };
  let y = header(room(doc, startY, HEADER_HEIGHT + 20), true);
  for (const [index, document] of documents.entries()) {
    const kind =
      document.kind === 'appraisal' && document.value !== null ? t.appraisalOf(formatMoney(document.value, lang)) : DOCUMENT_WORDS[lang][document.kind];
    const date = document.kind === 'appraisal' && document.valued_on ? document.valued_on : isoDate(document.created_at);
    const values = [String(index + 1).padStart(2, '0'), document.file_name, kind, formatDate(date, lang, true)];
    doc.font('Sans').fontSize(9);
    const height = Math.max(...values.map((value, column) => doc.heightOfString(value, { width: COLUMN_WIDTHS[column] - 6 }))) + 6;
    if (y + height > BOTTOM) {
      doc.addPage();
      y = header(MARGIN.top, false);
    }
    const rowTop = y;
    if (index % 2 === 1) artifact(doc, () => doc.rect(MARGIN.x, rowTop, CONTENT_WIDTH, height).fill('#f3f5f8'));
    table.add(
      doc.struct(
        'TR',
        {},
        values.map((value, column) =>
          doc.struct('TD', {}, () => {
            doc
              .font('Sans')
              .fontSize(9)
              .fillColor(INK)
              .text(value, columnX(column) + 3, rowTop + 3, { width: COLUMN_WIDTHS[column] - 6 });
          }),
        ),
      ),
    );
    y = rowTop + height;
  }
  table.end();
  const below = room(doc, y + 6, 24);
  root.add(
    doc.struct('P', {}, () => {
      doc.font('Sans').fontSize(9).fillColor(MUTED).text(t.inZip, MARGIN.x, below, { width: CONTENT_WIDTH });
    }),
  );
  return doc.y + 8;
}
