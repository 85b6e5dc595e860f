/**
 * 'Utsendelser' in Chromium at both widths: the list, a new send's form, a draft with its preview
 * and the send confirmation, and a finished send's report, each checked with axe and for a page
 * that fits the screen (nothing scrolls sideways at 390 px). The outreach API's answers are given
 * by the page's own route handler, as its contract shapes them, so these screens are checked with
 * the sends the test names; the flows against the server's sends are in the server and
 * component tests.
 */
import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { checkA11y, openPage, screenshot, signIn, usePortal } from './harness.ts';

const e2e = usePortal();

const base = {
  segment_id: 1, segment_name: 'Alle aktive medlemmer', kind: 'required', kind_label: 'Nødvendig informasjon', channel: 'email_sms',
  subject: 'Innkalling til årsmøte 2027 i Musikernes hus, med forslag til vedtektsendringer',
  body: '<p>Hei {first_name}, velkommen til årsmøtet.</p>', sms_text: 'Hei {first_name}, se e-posten om årsmøtet.',
  send_at: null, recipient_count: null, sent: 0, failed: 0, created_by: 'Ingrid Berg',
  created_at: '2026-11-25T09:00:00Z', updated_at: '2026-11-25T09:00:00Z', started_at: null, finished_at: null,
};
const DRAFT = { ...base, id: 7, state: 'draft' };
const DONE = {
  ...base, id: 8, state: 'done', kind: 'newsletter_2', kind_label: 'Nyheter fra organisasjonen', channel: 'email', subject: 'Nytt fra kontoret',
  recipient_count: 1234, sent: 1220, failed: 2, started_at: '2026-11-20T09:00:00Z', finished_at: '2026-11-20T09:40:00Z',
};
const PREVIEW = {
  member: { id: 11, name: 'Ingrid Berg' }, subject: DRAFT.subject,
  body: '<!doctype html><html lang="nb"><head><title>Årsmøte</title></head><body><p>Hei Ingrid, velkommen til årsmøtet.</p><p><a href="https://example.no/unsubscribe/abc">Meld deg av</a></p></body></html>',
  sms_text: 'Hei Ingrid, se e-posten om årsmøtet. Stopp: https://example.no/u/abc',
  recipients: 1234, excluded: { erased: 2, blocked: 1, no_consent: 40, no_address: 5 },
};
const REPORT = {
  recipients: 1234, queued: 0, sent: 1220, failed: 2, skipped: 12, unsubscribed: 3,
  failures: [
    { member_id: 21, name: 'Per Lund', channel: 'email', address: 'per.lund.med.en.lang.adresse@example.no', reason: '550 5.1.1 <per.lund.med.en.lang.adresse@example.no>: Recipient address rejected: User unknown in virtual mailbox table' },
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

async function look(page: Page, name: string, width: number) {
  await checkA11y(page, `${name} at ${width} px`);
  // Nothing wider than the screen: the page never scrolls sideways (a wide table scrolls in its own box).
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
  await screenshot(page, `staff-sends-${name}-${width}`);
}

describe.each([1440, 390])('the sends at %i px', (width) => {
  it('list, form, draft with preview and confirmation, and report pass axe and fit the screen', async () => {
    const page = await openPage(e2e.browser, e2e.portal, '/', { width });
    await page.route(/\/api\/outreach(\/|\?|$)/, answerOutreach);
    await signIn(page, e2e.portal, 'staff');

    await page.goto(`${e2e.portal.baseUrl}/sends`);
    await page.getByRole('heading', { level: 1, name: 'Utsendelser' }).waitFor();
    await page.getByRole('link', { name: 'Nytt fra kontoret' }).waitFor();
    await look(page, 'list', width);

    await page.getByRole('link', { name: 'Ny utsendelse' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ny utsendelse' }).waitFor();
    await page.getByRole('radio', { name: 'E-post, og SMS til dem uten e-postadresse' }).check();
    await page.getByRole('textbox', { name: /SMS-tekst/ }).fill('Hei {first_name}, husk årsmøtet i morgen.');
    await page.getByText(/tegn · 1 SMS-del \(GSM-7\)/).waitFor();
    await page.getByRole('radio', { name: 'Planlegg tidspunkt' }).check();
    await page.getByRole('textbox', { name: /Sendetidspunkt/ }).waitFor();
    await look(page, 'form', width);

    await page.goto(`${e2e.portal.baseUrl}/sends/7`);
    const preview = page.getByRole('region', { name: 'Forhåndsvisning' });
    await preview.getByText('1 234 mottakere').waitFor();
    await preview.scrollIntoViewIfNeeded();
    await look(page, 'draft', width);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('dialog', { name: 'Send utsendelsen' }).getByText('Sende til 1 234 mottakere?').waitFor();
    await look(page, 'confirm', width);
    await page.getByRole('dialog').getByRole('button', { name: 'Avbryt' }).click();

    await page.goto(`${e2e.portal.baseUrl}/sends/8`);
    const report = page.getByRole('region', { name: 'Rapport' });
    await report.getByRole('table', { name: 'Meldinger som feilet' }).waitFor();
    await look(page, 'report', width);
    await page.context().close();
  });
});
