/**
 * The register's 'Åpne fakturaer' sheet: the old system's open invoices, moved in with the members.
 * Each row becomes one of our invoices for its member (kind 'imported'), with our own number and KID
 * (from the member number and our number, as every invoice has) and one line 'Overført fra tidligere
 * system: {Tekst}'. The old invoice number and KID are kept on the invoice: the number is shown, and
 * a payment with the old KID finds the invoice in an OCR file. The invoice is marked sent and not
 * mailed (the member has it from the old system); what was paid of it there is booked as a payment
 * of method 'import', so a partly paid invoice is 'partly_paid'.
 *
 * The same invoice is moved in once: a row whose member already has an invoice moved in with the
 * same old number (or, without one, the same old KID, or date, amount and text) is left out and
 * counted, so a file imported again makes no invoice twice; the database's unique index on member
 * and old number holds it too.
 */
import type { Queryable } from '../../db/database.ts';
import { RULE_MESSAGES } from '../../schemas/rules.ts';
import { createInvoices, lockInvoice, type NewInvoice } from '../billing/invoices.ts';
import { bookPayment } from '../billing/payments.ts';
import { kidDigits } from '../billing/ocr-matching.ts';
import { formatKroner } from '../billing/money.ts';
import { INVOICE_COLUMNS, INVOICE_SHEET, type ReadFile } from './member-import-file.ts';
import type { Plan, PlannedInvoice } from './member-import-model.ts';
import type { ImportRecord } from './member-import-record.ts';
import { importDate, type Reference } from './member-import-rows.ts';
import { knownNumbers } from './member-import-other-sheets.ts';
import { MEMBER_IMPORT_MESSAGES } from './member-import-limits.ts';

export const MOVED_IN = 'Overført fra tidligere system';
/** The line of an imported invoice. */
export const movedInLine = (text: string) => (text === '' ? MOVED_IN : `${MOVED_IN}: ${text}`);

/** Kroner at the most on one imported invoice (the amounts are whole øre in a 32-bit column). */
const MAX_KRONER = 10_000_000;

export const INVOICE_MESSAGES = {
  amount: 'ugyldig beløp (skriv kroner, som 1 234,50)',
  notPositive: 'må være større enn 0',
  tooLarge: `kan ikke være mer enn ${formatKroner(MAX_KRONER * 100)}`,
  negative: 'kan ikke være under 0',
  paidOverAmount: 'kan ikke være mer enn Beløp',
  fullyPaid: 'fakturaen er betalt (Innbetalt er lik Beløp); bare åpne fakturaer flyttes inn, så fjern raden',
  future: 'kan ikke være fram i tid',
  beforeInvoiceDate: 'kan ikke være før Fakturadato',
  kid: 'ugyldig KID (2 til 25 sifre)',
  kidInFile: (row: number) => `samme KID som rad ${row}`,
  kidTaken: (invoice: number) => `KID-en hører til faktura ${invoice} i portalen`,
  numberInFile: (row: number) => `samme Fakturanummer for samme medlem som rad ${row}`,
  sameInFile: (row: number) => `samme faktura som rad ${row} (gi radene hvert sitt Fakturanummer om de er to fakturaer)`,
  memberNumberLong: 'medlemsnummeret har mer enn 7 sifre og kan ikke stå i en KID',
  paymentNote: 'Innbetalt i tidligere system',
} as const;

/**
 * Kroner as a spreadsheet gives them, in øre: a number cell ('1234.5'), or text as Norwegians write
 * it ('1 234,50', '1.234,50', 'kr 1234,-'). Null when it is not an amount in whole øre.
 */
export function kronerToOre(text: string): number | null {
  let value = text
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/^kr\.?/i, '')
    .replace(/(,-|,–|\.-)$/, '');
  if (/^-?\d{1,3}(\.\d{3})+(,\d+)?$/.test(value)) value = value.replace(/\./g, '');
  value = value.replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(value)) return null;
  const ore = Number(value) * 100;
  const whole = Math.round(ore);
  // A number cell may carry a float's tail (0.1 + 0.2); more than øre is not an amount.
  return Math.abs(ore - whole) < 1e-6 && Number.isSafeInteger(whole) ? whole : null;
}

/** What makes two rows, or a row and an invoice moved in before, the same invoice of a member. */
function sameness(invoice: {
  remote_id: number;
  previous_number: string | null;
  previous_kid: string | null;
  invoice_date: string;
  amount_ore: number;
  text: string;
}): string {
  if (invoice.previous_number !== null) return `${invoice.remote_id}|nr|${invoice.previous_number.toLowerCase()}`;
  if (invoice.previous_kid !== null) return `${invoice.remote_id}|kid|${invoice.previous_kid}`;
  return `${invoice.remote_id}|${invoice.invoice_date}|${invoice.amount_ore}|${invoice.text}`;
}

/** The sheet's rows checked into the plan: their errors, the invoices to make, and those moved in before. */
export async function planOpenInvoices(db: Queryable, plan: Plan, extra: ReadFile['extra'], ref: Reference): Promise<void> {
  const sheet = extra[INVOICE_SHEET];
  if (!sheet) return;
  const numbers = sheet.rows.map((row) => Number((row.cells[0] ?? '').trim())).filter((n) => Number.isSafeInteger(n) && n > 0);
  const known = await knownNumbers(db, plan, numbers);
  // What earlier imports moved in for these members, and every old KID the portal holds among the sheet's.
  const earlier = await db.query<{
    remote_id: number;
    previous_number: string | null;
    previous_kid: string | null;
    invoice_date: string;
    amount_ore: number;
    text: string;
  }>(
    `SELECT i.member_number AS remote_id, i.previous_number, i.previous_kid, i.invoice_date::text AS invoice_date, i.total_ore AS amount_ore,
            coalesce((SELECT l.description FROM invoice_lines l WHERE l.invoice_id = i.id ORDER BY l.id LIMIT 1), '') AS text
       FROM invoices i WHERE i.kind = 'imported' AND i.member_number = ANY ($1::int[])`,
    [numbers],
  );
  const movedBefore = new Set(
    earlier.map((invoice) =>
      sameness({
        ...invoice,
        text: invoice.text === MOVED_IN ? '' : invoice.text.slice(MOVED_IN.length + 2),
      }),
    ),
  );
  const kids = sheet.rows.map((row) => kidDigits((row.cells[7] ?? '').trim())).filter((kid) => kid !== null);
  const kidOwners = new Map(
    (
      await db.query<{ kid: string; number: number }>(
        `SELECT previous_kid AS kid, number FROM invoices WHERE previous_kid = ANY ($1::text[])
     UNION ALL SELECT kid, number FROM invoices WHERE kid = ANY ($1::text[])`,
        [kids],
      )
    ).map((row) => [row.kid, row.number]),
  );

  const problem = (row: number, column: string, message: string) => plan.errors.push({ sheet: INVOICE_SHEET, row, column, message });
  const [MEMBER, NUMBER, DATE, DUE, AMOUNT, PAID, TEXT, KID] = INVOICE_COLUMNS;
  const inFile = new Map<string, number>();
  const kidsInFile = new Map<string, number>();
  let errorRows = 0;
  let existing = 0;
  for (const { number: row, cells } of sheet.rows) {
    const errorsBefore = plan.errors.length;
    const cell = (index: number) => (cells[index] ?? '').trim();

    let remoteId: number | null = null;
    if (cell(0) === '') problem(row, MEMBER, RULE_MESSAGES.required);
    else if (!/^\d{1,9}$/.test(cell(0))) problem(row, MEMBER, MEMBER_IMPORT_MESSAGES.number);
    else if (!known.has(Number(cell(0)))) problem(row, MEMBER, MEMBER_IMPORT_MESSAGES.memberUnknown);
    else if (cell(0).replace(/^0+/, '').length > 7) problem(row, MEMBER, INVOICE_MESSAGES.memberNumberLong);
    else remoteId = Number(cell(0));

    const invoiceDate = cell(2) === '' ? null : importDate(cell(2));
    if (cell(2) === '') problem(row, DATE, RULE_MESSAGES.required);
    else if (!invoiceDate || invoiceDate < '2000-01-01') problem(row, DATE, MEMBER_IMPORT_MESSAGES.date);
    else if (invoiceDate > ref.today) problem(row, DATE, INVOICE_MESSAGES.future);
    const dueDate = cell(3) === '' ? null : importDate(cell(3));
    if (cell(3) === '') problem(row, DUE, RULE_MESSAGES.required);
    else if (!dueDate) problem(row, DUE, MEMBER_IMPORT_MESSAGES.date);
    else if (invoiceDate && dueDate < invoiceDate) problem(row, DUE, INVOICE_MESSAGES.beforeInvoiceDate);

    const amount = cell(4) === '' ? null : kronerToOre(cell(4));
    if (cell(4) === '') problem(row, AMOUNT, RULE_MESSAGES.required);
    else if (amount === null) problem(row, AMOUNT, INVOICE_MESSAGES.amount);
    else if (amount <= 0) problem(row, AMOUNT, INVOICE_MESSAGES.notPositive);
    else if (amount > MAX_KRONER * 100) problem(row, AMOUNT, INVOICE_MESSAGES.tooLarge);
    const paid = cell(5) === '' ? 0 : kronerToOre(cell(5));
    if (paid === null) problem(row, PAID, INVOICE_MESSAGES.amount);
    else if (paid < 0) problem(row, PAID, INVOICE_MESSAGES.negative);
    else if (amount !== null && amount > 0 && paid > amount) problem(row, PAID, INVOICE_MESSAGES.paidOverAmount);
    else if (amount !== null && amount > 0 && paid === amount) problem(row, PAID, INVOICE_MESSAGES.fullyPaid);

    const previousKid = cell(7) === '' ? null : kidDigits(cell(7));
    if (cell(7) !== '' && (previousKid === null || previousKid.length < 2 || previousKid.length > 25)) problem(row, KID, INVOICE_MESSAGES.kid);
    if (plan.errors.length > errorsBefore) {
      errorRows += 1;
      continue;
    }
    const invoice: PlannedInvoice = {
      row,
      remote_id: remoteId!,
      previous_number: cell(1) || null,
      previous_kid: previousKid,
      invoice_date: invoiceDate!,
      due_date: dueDate!,
      amount_ore: amount!,
      paid_ore: paid!,
      text: cell(6),
    };
    const key = sameness(invoice);
    // Moved in by an earlier import: left out, not an error (the same file imported again).
    if (movedBefore.has(key)) {
      existing += 1;
      continue;
    }
    const first = inFile.get(key);
    if (first !== undefined)
      problem(
        row,
        invoice.previous_number !== null ? NUMBER : TEXT,
        invoice.previous_number !== null ? INVOICE_MESSAGES.numberInFile(first) : INVOICE_MESSAGES.sameInFile(first),
      );
    if (previousKid !== null) {
      if (kidOwners.has(previousKid)) problem(row, KID, INVOICE_MESSAGES.kidTaken(kidOwners.get(previousKid)!));
      else if (kidsInFile.has(previousKid)) problem(row, KID, INVOICE_MESSAGES.kidInFile(kidsInFile.get(previousKid)!));
      else kidsInFile.set(previousKid, row);
    }
    if (plan.errors.length > errorsBefore) {
      errorRows += 1;
      continue;
    }
    inFile.set(key, row);
    plan.invoices.push(invoice);
  }
  plan.summary.error += errorRows;
  plan.summary.invoices = plan.invoices.length;
  plan.summary.invoices_existing = existing;
}

/** Days from one date to a later one. */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** Invoices made per statement of the commit. */
const INVOICE_CHUNK = 1000;

/**
 * Makes the planned invoices (after the members, so a member of the same file has its number), books
 * what was paid of them in the old system, and notes each for the undo.
 */
export async function commitOpenInvoices(tx: Queryable, record: ImportRecord, plan: Plan, today: string): Promise<void> {
  if (plan.invoices.length === 0) return;
  const members = new Map(
    (
      await tx.query<{ id: number; remote_id: number }>('SELECT id, remote_id FROM accounts WHERE remote_id = ANY ($1::int[]) AND role_id IN (1, 2)', [
        [...new Set(plan.invoices.map((invoice) => invoice.remote_id))],
      ])
    ).map((member) => [member.remote_id, member.id]),
  );
  const [product] = await tx.query<{ id: number }>("SELECT id FROM products WHERE kind = 'membership' ORDER BY id LIMIT 1");
  const reason = `${MOVED_IN} (import av ${record.file_name})`;
  for (let start = 0; start < plan.invoices.length; start += INVOICE_CHUNK) {
    const slice = plan.invoices.slice(start, start + INVOICE_CHUNK);
    const inputs: NewInvoice[] = slice.map((invoice) => ({
      memberId: members.get(invoice.remote_id)!,
      year: Number(invoice.invoice_date.slice(0, 4)),
      kind: 'imported',
      lines: [
        {
          product_id: product.id,
          subscription_id: null,
          description: movedInLine(invoice.text),
          period_from: invoice.invoice_date,
          period_to: invoice.invoice_date,
          amount_ore: invoice.amount_ore,
        },
      ],
      invoiceDate: invoice.invoice_date,
      dueDays: daysBetween(invoice.invoice_date, invoice.due_date),
      campaignCode: null,
      actorId: record.created_by,
      reason,
      // Sent by the old system; not sent again.
      sending: null,
      previous: { number: invoice.previous_number, kid: invoice.previous_kid },
    }));
    const ids = await createInvoices(tx, inputs);
    for (const [index, invoice] of slice.entries()) {
      if (invoice.paid_ore === 0) continue;
      await bookPayment(tx, await lockInvoice(tx, ids[index]), {
        amountOre: invoice.paid_ore,
        paidOn: today,
        method: 'import',
        note: INVOICE_MESSAGES.paymentNote,
        source: `import:${record.id}:${invoice.row}`,
        actorId: record.created_by,
      });
    }
    await tx.query(
      `INSERT INTO member_import_items (import_id, kind, action, target_id, member_id)
       SELECT $1, 'invoice', 'create', i.id, i.member_id FROM invoices i WHERE i.id = ANY ($2::int[])`,
      [record.id, ids],
    );
  }
}
