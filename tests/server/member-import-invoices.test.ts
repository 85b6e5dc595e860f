/**
 * Moving an office's open invoices in: the member import's 'Åpne fakturaer' sheet makes one of our
 * invoices per row (our number and KID, the old number and KID kept, a part paid booked), reports
 * each bad row, never makes an invoice twice, lets a payment with the old KID find its invoice in
 * an OCR file, and reminds a long-overdue invoice from the day it came instead of lapsing it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestContext } from './helpers.ts';
import { signedInStaff } from './factories-member-admin.ts';
import { billedMember, ocrGiroFile } from './billing-factories.ts';
import { makeKid } from '../../server/lib/kid.ts';
import { runReminders } from '../../server/domain/billing/reminders.ts';
import { todayInOslo } from '../../server/domain/shared/oslo-date.ts';
import { MEMBER_IMPORT_MESSAGES } from '../../server/domain/members/member-import-limits.ts';
import { INVOICE_MESSAGES } from '../../server/domain/members/member-import-invoices.ts';
import { undo } from './member-import-undoing.ts';

const FIXTURE = path.join(import.meta.dirname, '../fixtures/spreadsheets/members-invoices-openpyxl.xlsx');
const SHEET = 'Åpne fakturaer';

let t: TestContext;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = await buildTestApp();
  staff = await signedInStaff(t.app, t.db, { first_name: 'Siri', last_name: 'Saksbehandler' });
}, 60_000);
afterAll(async () => t.close());

interface Preview {
  id: number;
  state: string;
  summary: { rows: number; new: number; update: number; duplicate: number; error: number; invoices?: number; invoices_existing?: number };
  errors: { row: number; column: string; message: string; sheet?: string }[];
  error: string | null;
}

function upload(file: Buffer, filename: string) {
  const boundary = '----importgrense';
  return t.app.inject({
    method: 'POST',
    url: '/api/member/import',
    headers: { ...bearer(staff.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}

async function preview(file: Buffer, filename: string): Promise<Preview> {
  const response = await upload(file, filename);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Preview;
}

const startCommit = (id: number) =>
  t.app.inject({ method: 'POST', url: `/api/member/import/${id}/commit`, headers: bearer(staff.token), payload: { send_welcome: false } });

async function commit(id: number): Promise<Preview> {
  const response = await startCommit(id);
  expect(response.statusCode, response.body).toBe(202);
  await expect
    .poll(async () => (await t.app.inject({ url: `/api/member/import/${id}`, headers: bearer(staff.token) })).json().data.state, {
      timeout: 30_000,
      interval: 100,
    })
    .not.toBe('running');
  return (await t.app.inject({ url: `/api/member/import/${id}`, headers: bearer(staff.token) })).json().data as Preview;
}

interface Row {
  id: number;
  number: number;
  member_number: number;
  kind: string;
  state: string;
  total_ore: number;
  paid_ore: number;
  year: number;
  invoice_date: string;
  due_date: string;
  kid: string;
  previous_number: string | null;
  previous_kid: string | null;
}
const invoicesOf = (memberNumbers: number[]) =>
  t.db.query<Row>(
    `SELECT id, number, member_number, kind, state, total_ore, paid_ore, year, invoice_date::text, due_date::text, kid, previous_number, previous_kid
     FROM invoices WHERE member_number = ANY ($1::int[]) ORDER BY previous_number, id`,
    [memberNumbers],
  );

/** A register of one sheet of members (or none) and an invoice sheet, as ExcelJS writes it. */
async function workbook(members: unknown[][], invoices: unknown[][], invoiceSheet = SHEET): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Medlemmer');
  for (const row of members) sheet.addRow(row);
  const open = book.addWorksheet(invoiceSheet);
  for (const row of invoices) open.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const HEADER = ['Medlemsnummer', 'Fakturanummer', 'Fakturadato', 'Forfallsdato', 'Beløp', 'Innbetalt', 'Tekst', 'KID'];

describe("the 'Åpne fakturaer' sheet", () => {
  let imported: Row[] = [];

  it('moves the open invoices in with the members of the same file: our KID, the old number and KID kept, øre, a part paid booked, nothing mailed', async () => {
    const data = await preview(await readFile(FIXTURE), 'register-med-fakturaer.xlsx');
    expect(data.errors).toEqual([]);
    expect(data.summary).toMatchObject({ rows: 2, new: 2, error: 0, invoices: 3, invoices_existing: 0 });
    const done = await commit(data.id);
    expect(done.state, done.error ?? '').toBe('done');

    imported = await invoicesOf([30001, 30002]);
    expect(imported.map(({ id: _id, number: _number, kid: _kid, ...rest }) => rest)).toEqual([
      {
        member_number: 30001,
        kind: 'imported',
        state: 'sent',
        total_ore: 123_450,
        paid_ore: 0,
        year: 2026,
        invoice_date: '2026-01-15',
        due_date: '2026-02-01',
        previous_number: 'A-1001',
        previous_kid: '0300011001',
      },
      {
        member_number: 30002,
        kind: 'imported',
        state: 'partly_paid',
        total_ore: 129_000,
        paid_ore: 50_000,
        year: 2026,
        invoice_date: '2026-10-01',
        due_date: '2026-11-15',
        previous_number: 'A-1002',
        previous_kid: null,
      },
      {
        member_number: 30002,
        kind: 'imported',
        state: 'sent',
        total_ore: 250_000,
        paid_ore: 0,
        year: 2026,
        invoice_date: '2026-11-01',
        due_date: '2026-12-31',
        previous_number: 'A-1003',
        previous_kid: null,
      },
    ]);
    // Our own number and KID, from the member number and our number, as every invoice has.
    for (const invoice of imported) expect(invoice.kid).toBe(makeKid(invoice.member_number, invoice.number));

    const page = (await t.app.inject({ url: `/api/invoice/${imported[1].id}`, headers: bearer(staff.token) })).json().data;
    expect(page.lines.map((line: { description: string; amount: number }) => [line.description, line.amount])).toEqual([
      ['Overført fra tidligere system: Reiseforsikring 2026', 129_000],
    ]);
    expect(page.previous).toEqual({ number: 'A-1002', kid: null });
    expect(page.outstanding).toBe(79_000);
    expect(page.payments).toMatchObject([{ amount: 50_000, method: 'import', note: INVOICE_MESSAGES.paymentNote, paid_on: todayInOslo() }]);
    expect(page.events.map((event: { to_state: string; reason: string | null }) => [event.to_state, event.reason])).toEqual([
      ['draft', 'Overført fra tidligere system (import av register-med-fakturaer.xlsx)'],
      ['sent', 'Sendt fra tidligere system'],
      ['partly_paid', 'Innbetaling kr 500,00 (overført fra tidligere system)'],
    ]);
    // The PDF (for 'Send på nytt' and downloads) names the old number beside ours.
    const pdf = await t.app.inject({ url: `/api/invoice/${imported[1].id}/pdf`, headers: bearer(staff.token) });
    expect(pdf.statusCode).toBe(200);
    const dir = mkdtempSync(path.join(tmpdir(), 'faktura-'));
    writeFileSync(path.join(dir, 'f.pdf'), pdf.rawPayload);
    const text = execFileSync('pdftotext', [path.join(dir, 'f.pdf'), '-'], { encoding: 'utf8' }).replace(/[ \u00a0]+/g, ' ');
    rmSync(dir, { recursive: true });
    expect(text).toContain('Tidligere nr.');
    expect(text).toContain('A-1002');
    expect(text).toContain('Overført fra tidligere system: Reiseforsikring 2026');
    // The members have their invoices from the old system: none is mailed again.
    const mails = await t.db.query('SELECT 1 FROM message_log WHERE invoice_id = ANY ($1::int[])', [imported.map((invoice) => invoice.id)]);
    expect(mails).toEqual([]);
  });

  it('makes no invoice twice when the same file is imported again', async () => {
    const again = await preview(await readFile(FIXTURE), 'register-med-fakturaer.xlsx');
    expect(again.errors).toEqual([]);
    expect(again.summary).toMatchObject({ new: 0, duplicate: 2, invoices: 0, invoices_existing: 3 });
    // With nothing else to do the commit is refused; with the members to fill in, it runs and still makes no invoice.
    expect((await startCommit(again.id)).statusCode).toBe(422);
    const fill = await t.app.inject({
      method: 'PATCH',
      url: `/api/member/import/${again.id}`,
      headers: bearer(staff.token),
      payload: { default_action: 'fill' },
    });
    expect(fill.statusCode, fill.body).toBe(200);
    expect((await commit(again.id)).state).toBe('done');
    expect((await invoicesOf([30001, 30002])).map((invoice) => invoice.id)).toEqual(imported.map((invoice) => invoice.id));
  });

  it('reminds an invoice long overdue in the old system from the day it came, and does not lapse it', async () => {
    const [old] = imported;
    await runReminders(t.db, t.services.outbox, t.config);
    expect((await invoicesOf([30001]))[0].state).toBe('sent');
    expect(await t.db.query('SELECT 1 FROM invoice_reminders WHERE invoice_id = $1', [old.id])).toEqual([]);
    // Fourteen days after the import (REMINDER_1_DAYS): the first reminder, though it fell due ten months ago.
    await t.db.query("UPDATE invoices SET created_at = created_at - interval '14 days' WHERE id = $1", [old.id]);
    await runReminders(t.db, t.services.outbox, t.config);
    expect(await t.db.query<{ level: number; status: string }>('SELECT level, status FROM invoice_reminders WHERE invoice_id = $1', [old.id])).toEqual([
      { level: 1, status: 'sent' },
    ]);
    expect((await invoicesOf([30001]))[0].state).toBe('reminded');
    const [membership] = await t.db.query<{ state: string }>(
      "SELECT s.state FROM subscriptions s JOIN accounts a ON a.id = s.member_id WHERE a.remote_id = 30001 AND s.kind = 'membership'",
    );
    expect(membership.state).toBe('active');
  });

  it("lets a payment with the old KID in the bank's OCR file pay the invoice", async () => {
    const [old] = imported;
    const ocr = ocrGiroFile(t.config.billing.bankAccount, 3_000_001, [{ transactionType: 10, date: todayInOslo(), amountOre: 123_450, kid: '0300011001' }]);
    const boundary = '----ocrgrense';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payment-file',
      headers: { ...bearer(staff.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="OCR.txt"\r\nContent-Type: text/plain\r\n\r\n`),
        ocr,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(response.statusCode, response.body).toBe(202);
    const fileId = response.json().data.id as number;
    await expect
      .poll(async () => (await t.app.inject({ url: `/api/payment-file/${fileId}`, headers: bearer(staff.token) })).json().data.state, {
        timeout: 20_000,
        interval: 100,
      })
      .toBe('done');
    const file = (await t.app.inject({ url: `/api/payment-file/${fileId}`, headers: bearer(staff.token) })).json().data;
    expect(file.matched).toMatchObject([{ kind: 'exact', kid: '0300011001', invoice_id: old.id, booked: 123_450 }]);
    expect(file.unmatched).toEqual([]);
    expect((await invoicesOf([30001]))[0]).toMatchObject({ state: 'paid', paid_ore: 123_450 });
  });

  it('names every bad row of the sheet by row and column, in Norwegian, and commits nothing while one is left', async () => {
    const member = await billedMember(t.db);
    const other = await billedMember(t.db);
    const n = member.remoteId;
    const file = await workbook(
      [
        ['Medlemsnummer', 'Fornavn', 'Etternavn', 'E-post'],
        [31001, 'Nyrad', 'Ifilen', 'nyrad.ifilen@example.no'],
      ],
      [
        HEADER,
        [31001, 'B-1', '01.03.2026', '15.03.2026', '100,00', '', 'Kontingent', ''], // 2: fine, a member of the same file
        [39999, 'B-2', '01.03.2026', '15.03.2026', '100', '', 'Kontingent', ''], // 3: nobody has the number
        [n, 'B-3', '31.02.2026', '15.03.2026', '100', '', 'Kontingent', ''], // 4: no such day
        [n, 'B-4', '01.03.2026', '15.03.2026', '0', '', 'Kontingent', ''], // 5: nothing to pay
        [n, 'B-5', '01.03.2026', '15.03.2026', '100', '150', 'Kontingent', ''], // 6: paid more than the amount
        [n, 'B-6', '01.03.2026', '15.03.2026', '100', '100,00', 'Kontingent', ''], // 7: paid in full
        [n, 'B-7', '01.03.2026', '15.02.2026', '100', '', 'Kontingent', ''], // 8: due before it was made
        [n, 'B-8', '01.03.2026', '15.03.2026', 'hundre', '', 'Kontingent', ''], // 9: not an amount
        [n, 'B-9', '01.03.2026', '15.03.2026', '100', '', 'Kontingent', 'ABC'], // 10: not a KID
        [n, 'B-10', '01.03.2030', '15.03.2030', '100', '', 'Kontingent', ''], // 11: made in the future
        [n, 'B-11', '01.03.2026', '15.03.2026', '100', '', 'Kontingent', '555'], // 12: fine
        [n, 'b-11', '02.03.2026', '16.03.2026', '200', '', 'Kontingent', ''], // 13: the same number for the same member
        [other.remoteId, 'B-11', '01.03.2026', '15.03.2026', '100', '', 'Kontingent', '555'], // 14: the number is another member's own, the KID is taken
        [n, '', '01.03.2026', '', '100', '', 'Kontingent', ''], // 15: no due date
      ],
      'Open invoices',
    );
    const data = await preview(file, 'feil-i-fakturaer.xlsx');
    expect(data.errors).toEqual([
      { sheet: SHEET, row: 3, column: 'Medlemsnummer', message: MEMBER_IMPORT_MESSAGES.memberUnknown },
      { sheet: SHEET, row: 4, column: 'Fakturadato', message: MEMBER_IMPORT_MESSAGES.date },
      { sheet: SHEET, row: 5, column: 'Beløp', message: INVOICE_MESSAGES.notPositive },
      { sheet: SHEET, row: 6, column: 'Innbetalt', message: INVOICE_MESSAGES.paidOverAmount },
      { sheet: SHEET, row: 7, column: 'Innbetalt', message: INVOICE_MESSAGES.fullyPaid },
      { sheet: SHEET, row: 8, column: 'Forfallsdato', message: INVOICE_MESSAGES.beforeInvoiceDate },
      { sheet: SHEET, row: 9, column: 'Beløp', message: INVOICE_MESSAGES.amount },
      { sheet: SHEET, row: 10, column: 'KID', message: INVOICE_MESSAGES.kid },
      { sheet: SHEET, row: 11, column: 'Fakturadato', message: INVOICE_MESSAGES.future },
      { sheet: SHEET, row: 13, column: 'Fakturanummer', message: INVOICE_MESSAGES.numberInFile(12) },
      { sheet: SHEET, row: 14, column: 'KID', message: INVOICE_MESSAGES.kidInFile(12) },
      { sheet: SHEET, row: 15, column: 'Forfallsdato', message: 'Påkrevd felt' },
    ]);
    expect(data.summary).toMatchObject({ new: 1, error: 12, invoices: 2 });
    expect((await startCommit(data.id)).statusCode).toBe(422);
    expect(await invoicesOf([31001, n, other.remoteId])).toEqual([]);
    const report = await t.app.inject({ url: `/api/member/import/${data.id}/errors.xlsx`, headers: bearer(staff.token) });
    expect(report.statusCode).toBe(200);
  });

  it('moves invoices in for members already in the portal, and the undo takes back those nobody has paid since', async () => {
    const paidSince = await billedMember(t.db);
    const unpaid = await billedMember(t.db);
    const file = await workbook(
      [['Medlemsnummer', 'Fornavn', 'Etternavn', 'E-post']],
      [
        ['Medlemsnr', 'Gjelder', 'Beløp', 'Fakturadato', 'Forfall'],
        [paidSince.remoteId, 'Kontingent', 1500, '2026-09-01', '2026-09-15'],
        [unpaid.remoteId, 'Kontingent', '1.500,00', '2026-09-01', '2026-09-15'],
      ],
    );
    const data = await preview(file, 'bare-fakturaer.xlsx');
    expect(data.errors).toEqual([]);
    expect(data.summary).toMatchObject({ rows: 0, invoices: 2 });
    expect((await commit(data.id)).state).toBe('done');
    const [kept, taken] = [(await invoicesOf([paidSince.remoteId]))[0], (await invoicesOf([unpaid.remoteId]))[0]];
    expect([kept.total_ore, taken.total_ore]).toEqual([150_000, 150_000]);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/invoice/${kept.id}/payment`,
      headers: bearer(staff.token),
      payload: { amount: 150_000, paid_on: todayInOslo(), method: 'bank', note: null },
    });
    expect(paid.statusCode, paid.body).toBe(201);

    const undone = await undo(t.app, staff.token, data.id);
    expect(await invoicesOf([unpaid.remoteId])).toEqual([]);
    expect((await invoicesOf([paidSince.remoteId])).map((invoice) => invoice.state)).toEqual(['paid']);
    expect(undone.summary.undo!.kept).toEqual([{ member_id: paidSince.id, name: expect.any(String), reason: MEMBER_IMPORT_MESSAGES.paidSince }]);
  });
});
