/**
 * A member follows the unsubscribe link of a newsletter on a phone (390 px), signed out: the page
 * names the kind and changes nothing until 'Meld meg av'; then it says so, offers the other
 * choice as a switch (used by keyboard) and the way to Min side. A forged link says it is not
 * valid. axe finds nothing on any of it. The mail client's one-click POST is the server tests'.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { checkA11y, MEMBER, screenshot, usePortal } from './harness.ts';
import { memberByEmail, staffToken } from './min-side-steps.ts';
import { keysFor } from '../../server/lib/secret-key.ts';
import { unsubscribeToken } from '../../server/domain/outreach/unsubscribe-token.ts';

const SECRET_KEY = 'e2e-avmelding-nokkel-som-er-lang-nok-0123456789';
const e2e = usePortal({ env: { SECRET_KEY } });

let link: string;
let memberId: number;
beforeAll(async () => {
  memberId = (await memberByEmail(e2e.portal, await staffToken(e2e.portal), MEMBER.email)).id;
  // The token a send's mail would carry: the server's key is the one SECRET_KEY derives.
  const token = unsubscribeToken(keysFor({ secretKey: SECRET_KEY, dataDir: '' }), { memberId, kind: 'newsletter_2', outreachId: null });
  link = `${e2e.portal.baseUrl}/unsubscribe/${token}`;
});

const consents = async () => {
  const answer = await fetch(link.replace('/unsubscribe/', '/api/unsubscribe/'));
  return ((await answer.json()) as { data: { consents: { kind: string; given: boolean }[] } }).data.consents;
};

describe('the unsubscribe page on a phone', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, locale: 'nb-NO', timezoneId: 'Europe/Oslo' });
    page = await context.newPage();
  });
  afterAll(async () => context?.close());

  it('turns the kind off with one button, then offers the other choice', async () => {
    await page.goto(link);
    await page.getByRole('heading', { name: 'Meld deg av', level: 1 }).waitFor();
    await page.getByText(/gjelder meldinger av typen «Nyheter fra organisasjonen»/).waitFor();
    // Opening the page (as a link scanner would) changed nothing.
    expect((await consents())[0]).toMatchObject({ kind: 'newsletter_2', given: true });
    await checkA11y(page, 'the unsubscribe page');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

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
    await screenshot(page, 'unsubscribe-390');
    await checkA11y(page, 'the unsubscribe page, done');
  });

  it('says a forged link is not valid', async () => {
    await page.goto(link.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A')));
    await page.getByText(/^Lenken for å melde deg av er ikke gyldig\./).waitFor();
    await checkA11y(page, 'the unsubscribe page with a forged link');
  });
});
