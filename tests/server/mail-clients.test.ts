/**
 * Mail that works in any client, read from a plain SMTP server that is not ours (Python's smtpd,
 * a process of its own on loopback) that the portal's nodemailer client talks to: the plain-text part carries every link as its full address (a
 * reset can be done from a text-only client), and the sender follows one rule: MAIL_FROM_NAME /
 * MAIL_FROM_EMAIL unless the template names its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, login, settledMessage, type TestContext } from './helpers.ts';
import { smtpTransport } from '../../server/adapters/mail.ts';
import { startSmtpProcess, type SmtpProcess } from './fakes/smtp-process.ts';
import { parseMail } from './fakes/mime.ts';

let smtp: SmtpProcess;
let t: TestContext;
let staff: Awaited<ReturnType<typeof createAccount>>;
let staffToken: string;

const SETTINGS_SENDER = { MAIL_FROM_NAME: 'Musikernes Hus', MAIL_FROM_EMAIL: 'medlem@musikerhus.example' };

beforeAll(async () => {
  smtp = await startSmtpProcess();
  t = await buildTestApp({ mail: smtpTransport(smtp.url), env: SETTINGS_SENDER });
  staff = await createAccount(t.db, { role_id: 5 });
  staffToken = await login(t.app, staff.email, staff.password);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function receivedBy(email: string, count = 1) {
  await expect.poll(() => smtp.received().filter((mail) => mail.to === email).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(count);
  return parseMail(
    smtp
      .received()
      .filter((mail) => mail.to === email)
      .at(-1)!.raw,
  );
}

const sendTest = (templateId: number) =>
  t.app.inject({ method: 'POST', url: `/api/emails/template/${templateId}/test`, headers: bearer(staffToken), payload: {} });
const patchTemplate = (templateId: number, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/emails/template/${templateId}`, headers: bearer(staffToken), payload });

describe('the plain-text part', () => {
  it('carries the reset link as its full address, and the password can be changed from it alone', async () => {
    const member = await createAccount(t.db);
    expect((await t.app.inject({ method: 'POST', url: '/api/user/password/reset', payload: { email: member.email } })).statusCode).toBe(200);
    await settledMessage(t.db, 'SELECT status FROM message_log WHERE email_to = $1', [member.email]);
    const mail = await receivedBy(member.email);
    const line = mail.text.split('\n').find((text) => text.includes('/password/change?'));
    expect(line).toMatch(/^Lag nytt passord: http:\/\/portal\.test\/password\/change\?token=[A-Za-z0-9_-]{20,}&email=/);
    const link = new URL(line!.slice('Lag nytt passord: '.length).trim());
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/user/password/change',
      payload: {
        token: link.searchParams.get('token'),
        email: link.searchParams.get('email'),
        password: 'nyttpassord1',
        password_confirmation: 'nyttpassord1',
      },
    });
    expect(changed.statusCode).toBe(200);
    await login(t.app, member.email, 'nyttpassord1');
  });

  it('writes out every link staff put in a template, after its words', async () => {
    const saved = await patchTemplate(1, {
      content:
        '<p>Hei {first_name},</p><p>Les <a href="https://example.no/vilkar?a=1&amp;b=2">vilkårene</a> eller skriv til <a href="mailto:post@example.no">post@example.no</a>.</p><p>Se https://example.no/hjelp</p>',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await sendTest(1)).statusCode).toBe(202);
    const mail = await receivedBy(staff.email);
    expect(mail.text).toContain('Les vilkårene: https://example.no/vilkar?a=1&b=2 eller skriv til post@example.no.');
    expect(mail.text).toContain('Se https://example.no/hjelp');
    expect(mail.text).not.toMatch(/<a|&amp;/);
  });
  it('keeps a numbered list numbered and paragraphs apart by a blank line', async () => {
    const saved = await patchTemplate(1, {
      content:
        '<p>Hei {first_name},</p><p>Slik gjør du:</p><ol><li>Logg inn på <a href="https://example.no/profile">Min side</a></li><li>Velg <strong>Instrumenter</strong></li><li>Trykk Lagre</li></ol><p>Hilsen oss</p>',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const before = smtp.received().filter((mail) => mail.to === staff.email).length;
    expect((await sendTest(1)).statusCode).toBe(202);
    const lines = (await receivedBy(staff.email, before + 1)).text.split(/\r?\n/).map((line) => line.trim());
    const first = lines.indexOf('1. Logg inn på Min side: https://example.no/profile');
    expect(first, lines.join('\n')).toBeGreaterThan(0);
    expect(lines.slice(first, first + 3)).toEqual(['1. Logg inn på Min side: https://example.no/profile', '2. Velg Instrumenter', '3. Trykk Lagre']);
    // Paragraphs: a blank line between them, as in the HTML.
    expect(lines.slice(lines.indexOf('Slik gjør du:') - 1, lines.indexOf('Slik gjør du:') + 2)).toEqual(['', 'Slik gjør du:', '']);
    expect(lines.slice(first + 3, first + 5)).toEqual(['', 'Hilsen oss']);
  });
});

describe('the sender', () => {
  const fromOf = async (templateId: number) => {
    const before = smtp.received().filter((mail) => mail.to === staff.email).length;
    expect((await sendTest(templateId)).statusCode).toBe(202);
    return (await receivedBy(staff.email, before + 1)).headers.from;
  };

  it('is MAIL_FROM_NAME <MAIL_FROM_EMAIL> for a template that names none, and the template sender where it does', async () => {
    // The organisation's templates follow the settings; the insurance department names its own.
    expect(await fromOf(6)).toBe('Musikernes Hus <medlem@musikerhus.example>');
    expect(await fromOf(2)).toBe('Forsikringsavdelingen <forsikring@example.no>');
    const template = await t.app.inject({ url: '/api/emails/template/6', headers: bearer(staffToken) });
    expect(template.json().data).toMatchObject({ from_name: 'Musikernes Hus', from_email: 'medlem@musikerhus.example' });
  });

  it('a sender staff set overrides the settings; set back to the settings, it follows them again', async () => {
    expect((await patchTemplate(5, { from_name: 'Innmelding', from_email: 'innmelding@musikerhus.example' })).statusCode).toBe(200);
    expect(await fromOf(5)).toBe('Innmelding <innmelding@musikerhus.example>');
    expect((await patchTemplate(5, { from_name: 'Musikernes Hus', from_email: 'medlem@musikerhus.example' })).statusCode).toBe(200);
    const [stored] = await t.db.query<{ from_name: string | null; from_email: string | null }>(
      'SELECT from_name, from_email FROM email_templates WHERE id = 5',
    );
    expect(stored).toEqual({ from_name: null, from_email: null });
    expect(await fromOf(5)).toBe('Musikernes Hus <medlem@musikerhus.example>');
  });
});
