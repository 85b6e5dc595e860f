/**
 * 'Utsendelser' in Chromium against the real server, at 1440 and 390 px: the administrator writes
 * a newsletter to a group, previews it with who is left out, sends a test to herself, sends it
 * with the count confirmed and reads the report until every member's mail has gone. Ola Nordmann,
 * one of them, follows the unsubscribe link of the mail he got (read from the outbox, with its
 * RFC 8058 headers) on his phone: the page changes nothing until he presses 'Meld meg av', then
 * offers his other choice, used by keyboard; a forged link says it is not valid. axe on each page,
 * screenshots, and nothing wider than the screen.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { api, apiLogin, checkA11y, MEMBER, openPage, screenshot, signIn, STAFF, usePortal } from './harness.ts';
import { outboxDir, readOutboxFiles, type OutboxFile } from '../../server/adapters/outbox-files.ts';

const e2e = usePortal();
let token: string;
let group: { id: number; name: string; count: number };

beforeAll(async () => {
  token = await apiLogin(e2e.portal, STAFF.email, STAFF.password);
  // The group: members named Nordmann (Ola Nordmann among them); the news reaches those who said yes to it.
  const made = await api(e2e.portal, token, 'POST', '/api/segment', { name: 'Alle som heter Nordmann', filter: { name: 'Nordmann' } });
  expect(made.status).toBe(201);
  group = { id: made.body.data.id, name: made.body.data.name, count: made.body.data.count };
  expect(group.count).toBeGreaterThan(0);
});

async function look(page: Page, name: string, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(width);
  await checkA11y(page, `${name} at ${width} px`);
  await screenshot(page, `staff-sends-${name}-${width}`);
}

/** The newest mail to `to` with `subject` in the outbox, once the mail worker has written it. */
async function mailTo(to: string, subject: string): Promise<OutboxFile> {
  const until = Date.now() + 30_000;
  for (;;) {
    const mails = await readOutboxFiles(outboxDir(e2e.portal.dataDir), 500);
    const mail = mails.reverse().find((file) => file.channel === 'email' && file.to === to && file.subject === subject);
    if (mail) return mail;
    if (Date.now() > until) throw new Error(`no mail «${subject}» to ${to} in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const recipients = (count: number) => (count === 1 ? 'Sende til 1 mottaker?' : `Sende til ${count} mottakere?`);

/** Writes, previews, tests and sends a newsletter to the group through the screens; answers the send's id and its recipients. */
async function sendNewsletter(page: Page, subject: string, width: number): Promise<{ id: number; count: number; noConsent: number }> {
  await page.goto(`${e2e.portal.baseUrl}/sends`);
  await page.getByRole('heading', { level: 1, name: 'Utsendelser' }).waitFor();
  await look(page, 'list', width);
  await page.getByRole('link', { name: 'Ny utsendelse' }).click();
  await page.getByRole('heading', { level: 1, name: 'Ny utsendelse' }).waitFor();
  await page.getByRole('combobox', { name: 'Utvalg' }).click();
  await page.getByRole('option', { name: new RegExp(`^${group.name} \\(`) }).click();
  await page.getByRole('radio', { name: 'Nyheter fra organisasjonen' }).check();
  await page.getByRole('radio', { name: 'E-post', exact: true }).check();
  await page.getByRole('textbox', { name: 'Emne' }).fill(subject);
  await page.getByRole('textbox', { name: 'Innhold i e-posten' }).click();
  await page.keyboard.type('Hei {first_name}, velkommen til sommerkonserten i Musikernes hus.');
  await page.getByRole('radio', { name: 'Send nå' }).check();
  await look(page, 'form', width);
  await page.getByRole('button', { name: 'Lagre utkast' }).click();
  await page.waitForURL(/\/sends\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());

  const preview = (await api(e2e.portal, token, 'GET', `/api/outreach/${id}/preview`)).body.data;
  const count = preview.recipients as number;
  const noConsent = preview.excluded.no_consent as number;
  const shown = page.getByRole('region', { name: 'Forhåndsvisning' });
  await shown.getByText(count === 1 ? '1 mottaker' : `${count} mottakere`, { exact: true }).waitFor();
  await shown.getByText('Holdes utenfor').waitFor();
  await shown.getByText('Uten samtykke').waitFor();
  await look(page, 'draft', width);

  await page.getByRole('button', { name: 'Send test til meg' }).click();
  await page.getByText(`Testen er sendt til ${STAFF.email}.`).waitFor();
  const test = await mailTo(STAFF.email, `[Test] ${subject}`);
  expect(test.html).toContain('Hei Ingrid, velkommen til sommerkonserten');

  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Send utsendelsen' });
  await dialog.getByText(recipients(count)).waitFor();
  await look(page, 'confirm', width);
  await dialog.getByRole('button', { name: 'Ja, send' }).click();
  await page.getByText('Utsendelsen er startet').waitFor();

  // The report follows the send until every member's mail has gone.
  const report = page.getByRole('region', { name: 'Rapport' });
  await expect.poll(() => report.getByTestId('report-sent').textContent(), { timeout: 60_000 }).toBe(String(count));
  await expect.poll(() => report.getByTestId('report-recipients').textContent()).toBe(String(count));
  await report.getByText('Ingen meldinger har feilet.').waitFor();
  await look(page, 'report', width);
  return { id, count, noConsent };
}

describe('a newsletter to a group, and unsubscribing from it', () => {
  let unsubscribeLink = '';
  let first = { id: 0, count: 0, noConsent: 0 };

  it('at 1440 px: written, previewed, tested, sent and reported; Ola gets it with a one-click unsubscribe', async () => {
    const subject = 'Sommerkonsert i Musikernes hus';
    const page = await openPage(e2e.browser, e2e.portal, '/', { width: 1440 });
    await signIn(page, e2e.portal, 'staff');
    first = await sendNewsletter(page, subject, 1440);
    const { id } = first;
    await page.context().close();

    const mail = await mailTo(MEMBER.email, subject);
    expect(mail.html).toContain('Hei Ola, velkommen til sommerkonserten');
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers?.['List-Unsubscribe']).toMatch(new RegExp(`^<${e2e.portal.baseUrl}/api/unsubscribe/[^>]+>$`));
    const visible = /href="([^"]*\/unsubscribe\/[^"]+)"/.exec(mail.html ?? '');
    expect(visible).not.toBeNull();
    unsubscribeLink = visible![1].replace(/&amp;/g, '&');
    // Ola's message log names the send.
    const ola = (await api(e2e.portal, token, 'GET', `/api/member/list?filter[name]=${encodeURIComponent(MEMBER.email)}`)).body.data[0];
    const logged = await api(e2e.portal, token, 'GET', `/api/emails/logs/list?filter[member_id]=${ola.id}&sort=-id`);
    expect(logged.body.data.find((row: { subject: string }) => row.subject === subject)).toMatchObject({ outreach_id: id });
  });

  it("on Ola's phone: the link from the mail turns the news off with one button, then offers his other choice", async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'nb-NO', timezoneId: 'Europe/Oslo' });
    const page = await context.newPage();
    const apiLink = unsubscribeLink.replace('/unsubscribe/', '/api/unsubscribe/');
    const consents = async () => ((await (await fetch(apiLink)).json()) as { data: { consents: { kind: string; given: boolean }[] } }).data.consents;

    await page.goto(unsubscribeLink);
    await page.getByRole('heading', { name: 'Meld deg av', level: 1 }).waitFor();
    await page.getByText(/gjelder meldinger av typen «Nyheter fra organisasjonen»/).waitFor();
    // Opening the page (as a link scanner would) changed nothing.
    expect((await consents())[0]).toMatchObject({ kind: 'newsletter_2', given: true });
    await look(page, 'unsubscribe', 390);

    await page.getByRole('button', { name: 'Meld meg av' }).click();
    const done = page.getByRole('heading', { name: 'Du er meldt av «Nyheter fra organisasjonen»' });
    await done.waitFor();
    await expect.poll(() => done.evaluate((heading) => heading === document.activeElement)).toBe(true);
    expect((await consents())[0]).toMatchObject({ kind: 'newsletter_2', given: false });

    const other = page.getByRole('switch', { name: 'Tilbud fra samarbeidspartnere' });
    const before = await other.getAttribute('aria-checked');
    await page.keyboard.press('Tab');
    await expect.poll(() => other.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => other.getAttribute('aria-checked')).toBe(before === 'true' ? 'false' : 'true');
    expect((await consents())[1]).toMatchObject({ kind: 'newsletter_3', given: before !== 'true' });
    await page.getByRole('link', { name: 'Logg inn på Min side' }).waitFor();
    await look(page, 'unsubscribed', 390);

    await page.goto(unsubscribeLink.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A')));
    await page.getByText(/^Lenken for å melde deg av er ikke gyldig\./).waitFor();
    await checkA11y(page, 'the unsubscribe page with a forged link');
    await context.close();
  });

  it('at 390 px: the next newsletter to the same group leaves Ola out, counted among those without consent', async () => {
    const subject = 'Høstseminar for musikere';
    const page = await openPage(e2e.browser, e2e.portal, '/', { width: 390 });
    await signIn(page, e2e.portal, 'staff');
    const next = await sendNewsletter(page, subject, 390);
    await page.context().close();
    // The group still holds Ola (by name), but he said no to the news: one fewer gets it.
    expect((await api(e2e.portal, token, 'GET', `/api/segment/${group.id}/count`)).body.data.count).toBe(group.count);
    expect(next).toMatchObject({ count: first.count - 1, noConsent: first.noConsent + 1 });
    const olaGot = (await readOutboxFiles(outboxDir(e2e.portal.dataDir), 500)).some((file) => file.to === MEMBER.email && file.subject === subject);
    expect(olaGot).toBe(false);
  });
});

/*
 * The states a real send rarely shows in a test (an SMS text with its count, a scheduled time, a
 * report with failures): the outreach API's answers are given by the page's own route handler, as
 * its contract shapes them.
 */
const base = {
  segment_id: 1,
  segment_name: 'Alle aktive medlemmer',
  kind: 'required',
  kind_label: 'Nødvendig informasjon',
  channel: 'email_sms',
  subject: 'Innkalling til årsmøte 2027 i Musikernes hus, med forslag til vedtektsendringer',
  body: '<p>Hei {first_name}, velkommen til årsmøtet.</p>',
  sms_text: 'Hei {first_name}, se e-posten om årsmøtet.',
  send_at: null,
  recipient_count: null,
  sent: 0,
  failed: 0,
  created_by: 'Ingrid Berg',
  created_at: '2026-11-25T09:00:00Z',
  updated_at: '2026-11-25T09:00:00Z',
  started_at: null,
  finished_at: null,
};
const DRAFT = { ...base, id: 7, state: 'draft' };
const DONE = {
  ...base,
  id: 8,
  state: 'done',
  kind: 'newsletter_2',
  kind_label: 'Nyheter fra organisasjonen',
  channel: 'email',
  subject: 'Nytt fra kontoret',
  recipient_count: 1234,
  sent: 1220,
  failed: 2,
  started_at: '2026-11-20T09:00:00Z',
  finished_at: '2026-11-20T09:40:00Z',
};
const PREVIEW = {
  member: { id: 11, name: 'Ingrid Berg' },
  subject: DRAFT.subject,
  body: '<!doctype html><html lang="nb"><head><title>Årsmøte</title></head><body><p>Hei Ingrid, velkommen til årsmøtet.</p><p><a href="https://example.no/unsubscribe/abc">Meld deg av</a></p><script>parent.document.body.dataset.mailRan = "yes"</script></body></html>',
  sms_text: 'Hei Ingrid, se e-posten om årsmøtet. Stopp: https://example.no/u/abc',
  recipients: 1234,
  excluded: { erased: 2, blocked: 1, no_consent: 40, no_address: 5 },
};
const REPORT = {
  recipients: 1234,
  queued: 0,
  sent: 1220,
  failed: 2,
  skipped: 12,
  unsubscribed: 3,
  failures: [
    {
      member_id: 21,
      name: 'Per Lund',
      channel: 'email',
      address: 'per.lund.med.en.lang.adresse@example.no',
      reason: '550 5.1.1 <per.lund.med.en.lang.adresse@example.no>: Recipient address rejected: User unknown in virtual mailbox table',
    },
    { member_id: 22, name: 'Kari Dahl', channel: 'sms', address: '+4791234567', reason: 'Ugyldig nummer' },
  ],
};

/** The outreach API as its contract answers, for the sends above. */
async function answerOutreach(route: Route) {
  const url = new URL(route.request().url());
  const json = (data: unknown) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data }) });
  if (url.pathname === '/api/outreach') return json([DRAFT, DONE]);
  if (url.pathname === '/api/outreach/sms-parts') {
    const { text } = route.request().postDataJSON() as { text: string };
    return json({ characters: text.length, parts: Math.max(1, Math.ceil(text.length / 153)), encoding: 'GSM-7' });
  }
  if (url.pathname === '/api/outreach/7') return json(DRAFT);
  if (url.pathname === '/api/outreach/8') return json(DONE);
  if (url.pathname === '/api/outreach/7/preview') return json(PREVIEW);
  if (url.pathname === '/api/outreach/8/report') return json(REPORT);
  return route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ message: 'Fant ikke siden' }) });
}

describe.each([1440, 390])("the sends' states at %i px (the outreach API answered by the page)", (width) => {
  it('list, form, draft with preview and confirmation, and report pass axe and fit the screen', async () => {
    const page = await openPage(e2e.browser, e2e.portal, '/', { width });
    await page.route(/\/api\/outreach(\/|\?|$)/, answerOutreach);
    await signIn(page, e2e.portal, 'staff');

    await page.goto(`${e2e.portal.baseUrl}/sends`);
    await page.getByRole('heading', { level: 1, name: 'Utsendelser' }).waitFor();
    await page.getByRole('link', { name: 'Nytt fra kontoret' }).waitFor();
    await look(page, 'mock-list', width);

    await page.getByRole('link', { name: 'Ny utsendelse' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ny utsendelse' }).waitFor();
    await page.getByRole('radio', { name: 'E-post, og SMS til dem uten e-postadresse' }).check();
    await page.getByRole('textbox', { name: /SMS-tekst/ }).fill('Hei {first_name}, husk årsmøtet i morgen.');
    await page.getByText(/tegn · 1 SMS-del \(GSM-7\)/).waitFor();
    await page.getByRole('radio', { name: 'Planlegg tidspunkt' }).check();
    await page.getByRole('textbox', { name: /Sendetidspunkt/ }).waitFor();
    await look(page, 'mock-form', width);

    await page.goto(`${e2e.portal.baseUrl}/sends/7`);
    const preview = page.getByRole('region', { name: 'Forhåndsvisning' });
    await preview.getByText('1 234 mottakere').waitFor();
    // The mail in its frame, as tall as the mail, and a script in it never runs.
    const mail = page.frameLocator('iframe[title="E-posten slik medlemmet får den"]');
    await mail.getByText('Hei Ingrid, velkommen til årsmøtet.').waitFor();
    expect(await mail.getByRole('link', { name: 'Meld deg av' }).getAttribute('href')).toBe('https://example.no/unsubscribe/abc');
    expect(await page.evaluate(() => document.body.dataset.mailRan)).toBeUndefined();
    const frameBox = await page.locator('iframe[title="E-posten slik medlemmet får den"]').boundingBox();
    const mailEnd = await mail.locator('body').evaluate((body) => body.getBoundingClientRect().bottom);
    expect(frameBox!.height).toBeGreaterThanOrEqual(mailEnd);
    expect(frameBox!.height).toBeLessThanOrEqual(mailEnd + 40);
    // 'Vis som et annet medlem' brings the picker with the keyboard in it.
    await preview.getByRole('button', { name: 'Vis som et annet medlem' }).focus();
    await page.keyboard.press('Enter');
    const picker = preview.getByRole('combobox', { name: 'Vis som medlem' });
    await expect.poll(() => picker.evaluate((input) => input === document.activeElement)).toBe(true);
    await preview.scrollIntoViewIfNeeded();
    await look(page, 'mock-draft', width);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('dialog', { name: 'Send utsendelsen' }).getByText('Sende til 1 234 mottakere?').waitFor();
    await look(page, 'mock-confirm', width);
    await page.getByRole('dialog').getByRole('button', { name: 'Avbryt' }).click();

    await page.goto(`${e2e.portal.baseUrl}/sends/8`);
    const report = page.getByRole('region', { name: 'Rapport' });
    await report.getByRole('table', { name: 'Meldinger som feilet' }).waitFor();
    await look(page, 'mock-report', width);
    await page.context().close();
  });
});
