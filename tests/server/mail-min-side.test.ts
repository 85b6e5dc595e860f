/**
 * The sign-up receipt and the welcome mails show the way to Min side: a link to PUBLIC_URL/profile
 * where the template has {min_side}, or on a line of its own at the end when it has none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, login, type TestContext } from './helpers.ts';
import { clientAddress, signUpForm } from './factories-member-self.ts';
import { mailText } from '../../server/lib/mail-html.ts';

let t: TestContext;
let staffToken: string;
const RECEIPT_TEMPLATE = 5;
const LINK = '<a href="http://portal.test/profile"';

beforeAll(async () => {
  t = await buildTestApp();
  const staff = await createAccount(t.db, { role_id: 5 });
  staffToken = await login(t.app, staff.email, staff.password);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function receiptOfSignUp(): Promise<string> {
  const form = signUpForm();
  const response = await t.app.inject({ method: 'POST', url: '/api/member/register', remoteAddress: clientAddress(), payload: form });
  expect(response.statusCode, response.body).toBe(201);
  const [mail] = await t.db.query<{ content: string }>('SELECT content FROM message_log WHERE email_to = $1', [form.email]);
  return mail.content;
}

describe('the sign-up receipt', () => {
  it('links to Min side at the end when the template has no {min_side}', async () => {
    const html = await receiptOfSignUp();
    expect(html.split(LINK)).toHaveLength(2);
    expect(mailText(html).split('\n').at(-1)).toBe('Min side: http://portal.test/profile');
  });

  it('puts the link where staff wrote {min_side}, and only there', async () => {
    const saved = await t.app.inject({
      method: 'PATCH',
      url: `/api/emails/template/${RECEIPT_TEMPLATE}`,
      headers: bearer(staffToken),
      payload: { content: '<p>Hei {first_name},</p><p>Følg søknaden på {min_side} når du vil.</p><p>Hilsen oss</p>' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const html = await receiptOfSignUp();
    expect(html.split(LINK)).toHaveLength(2);
    expect(html).not.toContain('{min_side}');
    expect(mailText(html)).toContain('Følg søknaden på http://portal.test/profile når du vil.');
    expect(mailText(html).split('\n').at(-1)).toBe('Hilsen oss');
  });

  it('shows staff the link in the preview too', async () => {
    const member = await createAccount(t.db);
    const preview = await t.app.inject({ url: `/api/emails/template/${RECEIPT_TEMPLATE}/preview?member_id=${member.id}`, headers: bearer(staffToken) });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data.html).toContain(LINK);
  });
});
