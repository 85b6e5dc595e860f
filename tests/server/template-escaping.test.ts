/**
 * A member's own text never becomes markup: every e-mail template and the member-card SMS, sent
 * to a member whose name is markup, carry the name as text only (escaped in HTML, plain in SMS).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, type TestContext } from './helpers.ts';
import { signedIn } from './factories-member-admin.ts';
import { acceptMembership, createCampaign } from './factories-member-self.ts';
import { MIN_SIDE_TEMPLATES, sendMail, sendMails, sendTemplate, templateBySlug, templateMail } from '../../server/domain/messages/messages.ts';
import { previewTemplate } from '../../server/domain/messages/templates.ts';
import { sanitizeMailHtml } from '../../server/lib/mail-html.ts';

const NAME = '<img src=x id=probe onerror=alert(1)>';
const LAST = '<a href="https://evil.example">Klikk</a>';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

/** The elements an HTML text holds, by tag name. */
const tags = (html: string) => [...html.matchAll(/<([a-z][a-z0-9]*)\b/gi)].map((match) => match[1].toLowerCase());

describe('placeholders filled with hostile names', () => {
  it('every template, sent and previewed, shows the name as escaped text and adds no element', async () => {
    const member = await createAccount(t.db, { first_name: NAME, last_name: LAST });
    const templates = await t.db.query<{ id: number; slug: string | null; content: string }>('SELECT id, slug, content FROM email_templates ORDER BY id');
    expect(templates.length).toBeGreaterThanOrEqual(5);
    for (const template of templates) {
      // A template with the server's button gets its link (preview) or its stand-in (the logged copy).
      // The welcomes and the sign-up receipt get the server's link to Min side.
      const allowed = new Set([
        ...tags(template.content),
        ...(template.content.includes('{button}') ? ['a', 'strong'] : []),
        ...(MIN_SIDE_TEMPLATES.includes(template.slug ?? '') ? ['a', 'p'] : []),
      ]);
      const preview = await previewTemplate(t.db, template.id, member.id, { publicUrl: t.config.publicUrl, sender: t.config.mailFrom });
      expect(preview, `template ${template.id}`).not.toBeNull();
      for (const html of [preview!.html]) {
        expect(
          tags(html).filter((tag) => !allowed.has(tag)),
          `template ${template.id}`,
        ).toEqual([]);
        expect(html).not.toMatch(/<img|<a href="https:\/\/evil/);
      }
      if (!template.slug) continue;
      const id = await sendTemplate(t.db, t.services.outbox, template.slug, { id: member.id, email: member.email, first_name: NAME, last_name: LAST });
      const [logged] = await t.db.query<{ content: string; subject: string }>('SELECT content, subject FROM message_log WHERE id = $1', [id]);
      expect(
        tags(logged.content).filter((tag) => !allowed.has(tag)),
        `template ${template.slug}`,
      ).toEqual([]);
      if (template.content.includes('{first_name}')) expect(logged.content).toContain('&lt;img src=x id=probe');
    }
  });

  it('a body the template made is logged as made; one changed after is sanitised again, by sendMail and sendMails alike', async () => {
    const member = await createAccount(t.db, { first_name: NAME, last_name: LAST });
    const template = await templateBySlug(t.db, 'invoice-reminder-1');
    const recipient = { id: member.id, email: member.email, first_name: NAME, last_name: LAST };
    const made = templateMail(template, 'invoice-reminder-1', recipient, { values: { invoice_number: '7' } });
    const changed = { ...made, html: `${made.html}<img src="https://evil.example/pixel.gif"><script>alert(1)</script>` };
    const logged = async (ids: number[]) =>
      (await t.db.query<{ content: string }>('SELECT content FROM message_log WHERE id = ANY($1::bigint[]) ORDER BY id', [ids])).map((row) => row.content);

    const [asMade, changedOne] = [await sendMail(t.db, t.services.outbox, made), await sendMail(t.db, t.services.outbox, changed)];
    const many = (await t.db.transaction((tx) => sendMails(tx, t.services.outbox, [made, changed]))).map((row) => row.id);
    expect(await logged([asMade, ...many.slice(0, 1)])).toEqual([made.html, made.html]);
    for (const content of await logged([changedOne, ...many.slice(1)])) {
      expect(content).toBe(made.html);
      expect(content).not.toMatch(/evil|<script|<img/);
    }
  });

  it('a value in a link is sanitised after the fill; values in the text alone are escaped and need no second pass', () => {
    const recipient = { id: 1, email: 'a@example.no', first_name: NAME, last_name: LAST };
    const inLink = { title: 'Lenke', content: '<p>Hei {first_name}, <a href="{site}">les mer</a></p>', from_name: null, from_email: null };
    const linked = templateMail(inLink, 'custom', recipient, { values: { site: 'javascript:alert(1)' } }).html;
    expect(linked).not.toMatch(/javascript:/i);
    expect(linked).toContain('les mer');
    const safeLink = templateMail(inLink, 'custom', recipient, { values: { site: 'https://example.no/x?a=1&b="2"' } }).html;
    expect(safeLink).toContain('href="https://example.no/x?a=1&amp;b=&quot;2&quot;"');

    const inText = { title: 'Tekst', content: '<p>Hei {first_name} {last_name}: {note}</p>', from_name: null, from_email: null };
    const note = "\"><script>alert(1)</script> &amp; 'x' {button} <style>";
    const html = templateMail(inText, 'custom', recipient, { values: { note } }).html;
    expect(tags(html)).toEqual(['p']);
    // A second pass would change nothing but how a quote in the text is written.
    const quotes = (text: string) => text.replaceAll('&quot;', '"').replaceAll('&#39;', "'");
    expect(quotes(sanitizeMailHtml(html))).toBe(quotes(html));
  });

  it('the member-card SMS carries the name as plain text with no markup characters', async () => {
    const member = await signedIn(t.app, t.db, { first_name: NAME, last_name: 'Nordmann', phone: '91234567', remote_id: 10999 });
    await acceptMembership(t.db, member.id);
    const campaign = await createCampaign(t.db);
    await t.db.query('UPDATE accounts SET campaign_id = $2 WHERE id = $1', [member.id, campaign.id]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/member/send-card',
      headers: bearer(member.token),
      payload: { member_id: member.id, phone_number: '91234567' },
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
    const [sms] = await t.db.query<{ content: string; channel: string }>("SELECT content, channel FROM message_log WHERE member_id = $1 AND channel = 'sms'", [
      member.id,
    ]);
    expect(sms.content).toMatch(/^Hei /);
    expect(sms.content).not.toMatch(/[<>]|&lt;/);
  });
});
