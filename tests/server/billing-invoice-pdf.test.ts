/**
 * The invoice without Tripletex: the portal mails it with its PDF (read back with poppler's
 * pdftotext) when the membership is accepted, staff send it again, and the PDF is a download for
 * staff and for the member whose invoice it is.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, login, settledMessage, type TestContext } from './helpers.ts';
import { PRODUCTS, signedInStaff } from './factories-member-admin.ts';
import { billedMember, firstInvoice } from './billing-factories.ts';
import { readOutboxFiles, outboxDir } from '../../server/adapters/outbox-files.ts';
import { smtpTransport } from '../../server/adapters/mail.ts';
import { startSmtpProcess, type SmtpProcess } from './fakes/smtp-process.ts';

let t: TestContext;
let staff: { id: number; token: string };
const dir = mkdtempSync(path.join(tmpdir(), 'invoice-pdf-'));

beforeAll(async () => {
  t = await buildTestApp();
  staff = await signedInStaff(t.app, t.db, { first_name: 'Ingrid', last_name: 'Berg' });
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, token = staff.token) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, token = staff.token) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload: {} });

let files = 0;
/** The PDF's text as a reader copies it (pdftotext), without the layout's runs of spaces. */
function pdfText(pdf: Buffer): string {
  const file = path.join(dir, `${++files}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/[ \u00a0]+/g, ' ');
}

interface InvoiceRow {
  id: number;
  number: number;
  kid: string;
  total: number;
  due_date: string;
  state: string;
}

/** A member applies and staff accept: the first invoice is made and mailed. Answers the member and the invoice. */
async function acceptedMember(firstName: string, lastName: string) {
  const account = await createAccount(t.db, { role_id: 1, first_name: firstName, last_name: lastName });
  await t.db.query("UPDATE accounts SET address = 'Storgata 1', postal_code = '0155', postal_area = 'Oslo', invoice_method = 'EFAKTURA' WHERE id = $1", [
    account.id,
  ]);
  const [membership] = await t.db.query<{ id: number }>(
    `INSERT INTO subscriptions (member_id, product_id, kind, state) VALUES ($1, $2, 'membership', 'pending') RETURNING id`,
    [account.id, PRODUCTS.membership],
  );
  const accepted = await post(`/api/subscription/accept/${membership.id}`);
  expect(accepted.statusCode, accepted.body).toBe(200);
  const list = (await get(`/api/member/${account.id}/invoice`)).json();
  expect(list.total).toBe(1);
  const [{ remote_id: remoteId }] = await t.db.query<{ remote_id: number }>('SELECT remote_id FROM accounts WHERE id = $1', [account.id]);
  return { account, remoteId, invoice: list.data[0] as InvoiceRow };
}

const kronerText = (ore: number) => `kr ${String(Math.floor(ore / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')},${String(ore % 100).padStart(2, '0')}`;
const dateText = (iso: string) => iso.split('-').reverse().join('.');
const groupedKid = (kid: string) => kid.replace(/(\d{5})(?=\d)/g, '$1 ');

interface LoggedMail {
  id: number;
  status: string;
  subject: string;
  content: string;
  email_to: string;
  invoice_id: number | null;
}
const invoiceMails = (invoiceId: number) =>
  t.db.query<LoggedMail>('SELECT id::int AS id, status, subject, content, email_to, invoice_id FROM message_log WHERE invoice_id = $1 ORDER BY id', [
    invoiceId,
  ]);

/** The outbox file of the mail with this subject to this address, once the worker wrote it. */
async function outboxMail(to: string, count: number) {
  const until = Date.now() + 20_000;
  for (;;) {
    const mails = (await readOutboxFiles(outboxDir(t.config.dataDir), 1000)).filter((mail) => mail.to === to && mail.attachments);
    if (mails.length >= count) return mails;
    if (Date.now() > until) throw new Error(`only ${mails.length} invoice mails to ${to} in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the invoice by e-mail without Tripletex', () => {
  it('mails the first invoice on acceptance with the PDF: member, KID, amount, due date and account number', async () => {
    const { account, remoteId, invoice } = await acceptedMember('Pia', 'Pdfsen');
    expect(invoice.state).toBe('sent');
    const [mail] = await invoiceMails(invoice.id);
    expect(mail).toMatchObject({ email_to: account.email, subject: `Faktura ${invoice.number} fra Musikerportalen` });
    // The body says how to pay, as the template has it (an eFaktura member too: without Tripletex, e-mail).
    expect(mail.content).toContain(groupedKid(invoice.kid));
    expect(mail.content).toContain('1503.12.34562');
    expect(mail.content).toContain(dateText(invoice.due_date));
    await settledMessage(t.db, 'SELECT status FROM message_log WHERE id = $1', [mail.id]);

    const [file] = await outboxMail(account.email, 1);
    expect(file.attachments).toEqual([expect.objectContaining({ filename: `faktura-${invoice.number}.pdf`, content_type: 'application/pdf' })]);
    const text = pdfText(Buffer.from(file.attachments![0].base64, 'base64'));
    expect(text).toContain('Pia Pdfsen');
    expect(text).toContain(String(remoteId));
    expect(text).toContain('Storgata 1');
    expect(text).toContain(`Faktura ${invoice.number}`);
    expect(text).toContain(groupedKid(invoice.kid));
    expect(text).toContain(kronerText(invoice.total));
    expect(text).toContain(dateText(invoice.due_date));
    expect(text).toContain('1503.12.34562');
    expect(text).toContain('Medlemskap');

    // The state history says how it went.
    const details = (await get(`/api/invoice/${invoice.id}`)).json().data;
    expect(details.events.map((event: { to_state: string; reason: string }) => [event.to_state, event.reason])).toEqual([
      ['draft', 'Medlemskap akseptert'],
      ['sent', 'Sendt på e-post'],
    ]);
  });

  it('sends the invoice again for staff: 202, a second mail with the PDF, in the state history and the message log', async () => {
    const { account, invoice } = await acceptedMember('Rolf', 'Resend');
    const resent = await post(`/api/invoice/${invoice.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(202);
    expect(resent.json().message).toBe('Fakturaen er lagt i kø for å sendes på nytt på e-post.');

    const mails = await invoiceMails(invoice.id);
    expect(mails).toHaveLength(2);
    const files = await outboxMail(account.email, 2);
    expect(files.map((file) => file.attachments![0].filename)).toEqual([`faktura-${invoice.number}.pdf`, `faktura-${invoice.number}.pdf`]);

    const logged = await t.db.query<{ sender_id: number | null }>('SELECT sender_id FROM message_log WHERE member_id = $1 AND subject = $2 ORDER BY id', [
      account.id,
      `Faktura ${invoice.number} fra Musikerportalen`,
    ]);
    expect(logged).toEqual([{ sender_id: staff.id }, { sender_id: staff.id }]);
    const details = (await get(`/api/invoice/${invoice.id}`)).json().data;
    expect(details.state).toBe('sent');
    expect(details.events.at(-1)).toMatchObject({ from_state: 'sent', to_state: 'sent', actor_name: 'Ingrid Berg', reason: 'Sendt på nytt på e-post' });
  });

  it('refuses to send a credited invoice again, and a member may not send one at all', async () => {
    const { account, invoice } = await acceptedMember('Kari', 'Kreditert');
    const member = await login(t.app, account.email, account.password);
    expect((await post(`/api/invoice/${invoice.id}/resend`, member)).statusCode).toBe(403);
    const credited = await t.app.inject({
      method: 'POST',
      url: `/api/invoice/${invoice.id}/credit`,
      headers: bearer(staff.token),
      payload: { reason: 'Feil pris' },
    });
    expect(credited.statusCode, credited.body).toBe(200);
    const refused = await post(`/api/invoice/${invoice.id}/resend`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('En kreditert faktura sendes ikke på nytt.');
    expect(await invoiceMails(invoice.id)).toHaveLength(1);
    expect((await post('/api/invoice/999999/resend')).statusCode).toBe(404);
  });

  it('makes no mail of its own when Tripletex is the ledger', async () => {
    const member = await billedMember(t.db, { first_name: 'Tor', last_name: 'Tripletex' });
    const id = await t.db.transaction(async (tx) => {
      const { invoiceRestOfYear } = await import('../../server/domain/billing/first-invoice.ts');
      return invoiceRestOfYear(tx, {
        memberId: member.id,
        membershipSubscriptionId: member.membership,
        actorId: null,
        today: `${new Date().getFullYear() + 1}-02-01`,
        billing: { ...t.config.billing, tripletex: true },
        outbox: t.services.outbox,
      });
    });
    expect(id).not.toBeNull();
    expect(await invoiceMails(id!)).toHaveLength(0);
    // Tripletex sends it (the ledger job); until then it is a draft of ours.
    expect((await get(`/api/invoice/${id}`)).json().data.state).toBe('draft');
  });
});

describe('the invoice mail through SMTP', () => {
  let smtp: SmtpProcess;
  let s: TestContext;
  beforeAll(async () => {
    smtp = await startSmtpProcess();
    s = await buildTestApp({ mail: smtpTransport(smtp.url) });
  });
  afterAll(async () => {
    await s?.close();
    await smtp?.close();
  });

  it('arrives with the PDF as an attachment named after the invoice', async () => {
    const member = await billedMember(s.db, { first_name: 'Sigrid', last_name: 'Smtp' });
    const { invoiceRestOfYear } = await import('../../server/domain/billing/first-invoice.ts');
    const id = await s.db.transaction((tx) =>
      invoiceRestOfYear(tx, {
        memberId: member.id,
        membershipSubscriptionId: member.membership,
        actorId: null,
        today: `${new Date().getFullYear() + 1}-02-01`,
        billing: s.config.billing,
        outbox: s.services.outbox,
      }),
    );
    const [{ number, kid }] = await s.db.query<{ number: number; kid: string }>('SELECT number, kid FROM invoices WHERE id = $1', [id]);
    await expect.poll(() => smtp.received().filter((mail) => mail.to === member.email).length, { timeout: 20_000 }).toBe(1);
    const raw = smtp.received().find((mail) => mail.to === member.email)!.raw;
    // The attachment's part: its headers name the file, its body is the PDF in base64.
    const part = raw.split(/\r?\n--/).find((piece) => piece.includes(`filename=faktura-${number}.pdf`));
    expect(part).toBeDefined();
    expect(part).toMatch(/Content-Type: application\/pdf/i);
    expect(part).toMatch(/Content-Disposition: attachment/i);
    const body = part!
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('')
      .replace(/\s+/g, '');
    const text = pdfText(Buffer.from(body, 'base64'));
    expect(text).toContain('Sigrid Smtp');
    expect(text).toContain(groupedKid(kid));
  });
});

describe('the invoice as a PDF download', () => {
  it('gives staff the PDF as an attachment, not cached, and logs the access', async () => {
    const member = await billedMember(t.db, { first_name: 'Åse', last_name: 'Øvrebø' });
    const id = await firstInvoice(t.db, t.config, member, `${new Date().getFullYear() + 1}-05-02`);
    const invoice = (await get(`/api/invoice/${id}`)).json().data as InvoiceRow;
    const response = await get(`/api/invoice/${id}/pdf`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="faktura-${invoice.number}.pdf"`);
    expect(response.headers['cache-control']).toBe('no-store');
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Åse Øvrebø');
    expect(text).toContain(groupedKid(invoice.kid));
    expect(text).toContain(kronerText(invoice.total));
    const info = execFileSync('pdfinfo', [path.join(dir, `${files}.pdf`)], { encoding: 'utf8' });
    expect(info).toMatch(/Tagged:\s+yes/);
    expect(info).toContain(`Faktura ${invoice.number} – Åse Øvrebø`);

    const log = await settledAccess(member.id, 'Faktura (PDF)');
    expect(log).toMatchObject({ actor_id: staff.id, kind: 'export' });
  });

  it("gives a member their own invoice and 404 for another member's", async () => {
    const own = await billedMember(t.db, { role_id: 2, first_name: 'Mona', last_name: 'Medlem' });
    const other = await billedMember(t.db, { first_name: 'Ola', last_name: 'Annen' });
    const year = new Date().getFullYear() + 1;
    const ownId = await firstInvoice(t.db, t.config, own, `${year}-03-01`);
    const otherId = await firstInvoice(t.db, t.config, other, `${year}-03-01`);
    const token = await login(t.app, own.email, own.password);
    const mine = await get(`/api/invoice/${ownId}/pdf`, token);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(pdfText(mine.rawPayload)).toContain('Mona Medlem');
    const theirs = await get(`/api/invoice/${otherId}/pdf`, token);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.headers['content-type']).not.toContain('pdf');
    expect((await get('/api/invoice/999999/pdf', token)).statusCode).toBe(404);
    expect((await get('/api/invoice/999999/pdf')).statusCode).toBe(404);
  });
});

/** The access log's entry for the member with this detail, once it is written (after the answer). */
async function settledAccess(memberId: number, detail: string) {
  const until = Date.now() + 20_000;
  for (;;) {
    await t.services.accessLog.flush();
    const [row] = await t.db.query<{ actor_id: number; kind: string }>('SELECT actor_id, kind FROM access_log WHERE member_id = $1 AND detail = $2', [
      memberId,
      detail,
    ]);
    if (row) return row;
    if (Date.now() > until) throw new Error('no access log entry');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
