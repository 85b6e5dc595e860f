/** The staff date picker in Chromium, by keyboard only: typed, picked in the calendar, refused out of range, saved. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, apiLogin, checkA11y, STAFF, usePortal, openSignedIn } from './harness.ts';

const e2e = usePortal();
let token: string;

beforeAll(async () => {
  token = await apiLogin(e2e.portal, STAFF.email, STAFF.password);
});

async function editPage(memberId: number): Promise<Page> {
  const page = await openSignedIn(e2e.browser, e2e.portal, 'staff', `/membership/edit/${memberId}`);
  return page;
}

/** Empties a focused date field and types the digits of a date, as a person at a keyboard would. */
async function typeDate(page: Page, digits: string): Promise<void> {
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(digits);
}

describe('the staff date picker', () => {
  it('takes a typed date, moves it in the calendar by arrow keys and saves it as the same day', async () => {
    const { body } = await api(e2e.portal, token, 'GET', '/api/member/list?per_page=25&sort=id');
    const memberId = body.data[0].id as number;
    const page = await editPage(memberId);
    const birthdate = page.getByRole('textbox', { name: 'Fødselsdato' });
    await birthdate.focus();
    await typeDate(page, '17041988');
    await expect.poll(() => birthdate.inputValue()).toBe('17/04/1988');

    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const calendar = page.getByRole('dialog');
    await calendar.getByText('april 1988').waitFor();
    await checkA11y(page, 'date picker calendar');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect.poll(() => birthdate.inputValue()).toBe('18/04/1988');
    // A calendar still fading out fails the contrast check: look once it is gone, as the eye would.
    await calendar.waitFor({ state: 'hidden' });
    await checkA11y(page, 'member edit with the date picker');

    const save = page.getByRole('button', { name: 'Lagre' });
    await expect.poll(() => save.isEnabled()).toBe(true);
    await save.focus();
    await page.keyboard.press('Enter');
    await page.getByText('Oppdatert!').waitFor();
    expect((await api(e2e.portal, token, 'GET', `/api/member/${memberId}`)).body.data.birthdate).toBe('1988-04-18');
    await page.context().close();
  });

  it('refuses a typed year before 1905 or after next year', async () => {
    const { body } = await api(e2e.portal, token, 'GET', '/api/member/list?per_page=25&sort=-id');
    const page = await editPage(body.data[0].id as number);
    const birthdate = page.getByRole('textbox', { name: 'Fødselsdato' });
    await birthdate.focus();
    for (const year of [1904, new Date().getFullYear() + 2]) {
      await typeDate(page, `0101${year}`);
      await page.getByText('Datoen må være mellom 1905 og neste år').waitFor();
      expect(await page.getByRole('button', { name: 'Lagre' }).isEnabled()).toBe(false);
    }
    await page.context().close();
  });
});
