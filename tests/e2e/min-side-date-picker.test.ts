/** The birth date picker on Min side in Chromium, by keyboard alone, in Oslo and in UTC. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, MEMBER, usePortal, openSignedIn } from './harness.ts';
import { look, memberByEmail, staffToken, tabTo } from './min-side-steps.ts';

describe.each([
  ['Europe/Oslo', 390],
  ['UTC', 1440],
] as const)('birth date in %s at %i px', (timezoneId, width) => {
  const e2e = usePortal();
  let page: Page;
  let memberId: number;
  let token: string;

  const storedBirthdate = async () => (await api(e2e.portal, token, 'GET', `/api/member/${memberId}`)).body.data.birthdate;
  const field = () => page.getByRole('textbox', { name: 'Fødselsdato' });
  const saveByKeyboard = async () => {
    const save = page.getByRole('button', { name: 'Lagre' });
    await expect.poll(() => save.isEnabled()).toBe(true);
    await tabTo(page, 'Lagre');
    // The toast of an earlier save may still show: wait for this save's own answer.
    const saved = page.waitForResponse((response) => response.request().method() === 'PATCH' && /\/api\/member\/\d+$/.test(response.url()));
    await page.keyboard.press('Enter');
    expect((await saved).status()).toBe(200);
  };

  beforeAll(async () => {
    token = await staffToken(e2e.portal);
    memberId = (await memberByEmail(e2e.portal, token, MEMBER.email)).id;
    page = await openSignedIn(e2e.browser, e2e.portal, 'member', '/profile', { width, timezoneId });
    await field().waitFor();
  });

  it('shows the stored 1988-04-17 as 17/04/1988, and saves a typed date as the same day after a reload', async () => {
    expect(await storedBirthdate()).toBe('1988-04-17');
    expect(await field().inputValue()).toBe('17/04/1988');
    await page.getByRole('heading', { name: /^Hei, / }).click();
    await tabTo(page, 'Fødselsdato');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('05/06/1975');
    await saveByKeyboard();
    expect(await storedBirthdate()).toBe('1975-06-05');
    await page.reload();
    await field().waitFor();
    expect(await field().inputValue()).toBe('05/06/1975');
  });

  it('picks the next day in the calendar by keyboard, and the calendar passes axe', async () => {
    await page.getByRole('heading', { name: /^Hei, / }).click();
    await tabTo(page, 'Velg fødselsdato i kalenderen');
    await page.keyboard.press('Enter');
    const calendar = page.getByRole('dialog', { name: 'Fødselsdato' });
    await calendar.getByRole('button', { name: /5\. juni 1975, valgt/ }).waitFor();
    await look(page, 'date-picker', width);
    // Each arrow moves the focus one day or one week and the calendar answers at once (a focus handed
    // back and forth between two days once left the page without an answer).
    const focusedDay = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    for (const [key, day] of [
      ['ArrowRight', /^fredag 6\. juni 1975$/],
      ['ArrowDown', /^fredag 13\. juni 1975$/],
      ['ArrowLeft', /^torsdag 12\. juni 1975$/],
      ['ArrowUp', /^torsdag 5\. juni 1975, valgt$/],
    ] as const) {
      await page.keyboard.press(key);
      await expect.poll(focusedDay).toMatch(day);
    }
    // Keys pressed faster than the calendar paints: each arrow is taken as the day focused last.
    for (const key of ['ArrowRight', 'ArrowLeft', 'ArrowRight', 'ArrowLeft', 'ArrowRight']) await page.keyboard.press(key);
    await page.keyboard.press('Enter');
    // A page stuck in rendering answers no script: say so at once, not when the test's time is out.
    await Promise.race([
      page.evaluate(() => true),
      new Promise((_, reject) => setTimeout(() => reject(new Error('the page stopped answering after the arrow keys')), 10_000)),
    ]);
    expect(await field().inputValue()).toBe('06/06/1975');
    await saveByKeyboard();
    expect(await storedBirthdate()).toBe('1975-06-06');
  });

  it('refuses a year before 1905 and clears the date by keyboard', async () => {
    await page.getByRole('heading', { name: /^Hei, / }).click();
    await tabTo(page, 'Fødselsdato');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('01/01/1904');
    await page.keyboard.press('Tab');
    await page.getByText(/Ugyldig dato/).waitFor();
    expect(await page.getByRole('button', { name: 'Lagre' }).isDisabled()).toBe(true);
    await page.getByRole('heading', { name: /^Hei, / }).click();
    await tabTo(page, 'Tøm fødselsdato');
    await page.keyboard.press('Enter');
    expect(await field().inputValue()).toBe('');
    await saveByKeyboard();
    expect(await storedBirthdate()).toBeNull();
  });
});
