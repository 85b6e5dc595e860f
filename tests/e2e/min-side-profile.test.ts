/** The demo member's own page in the browser, by keyboard alone: sign in, edit, campaign code, member card. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, MEMBER, openPage, usePortal } from './harness.ts';
import { look, memberByEmail, messagesOf, showProfileSections, staffToken, tabTo, WIDTHS } from './min-side-steps.ts';

/** Every layout shift since the page began, from the browser's own record of them, once it is idle. */
async function layoutShift(page: Page): Promise<number> {
  await page.waitForLoadState('networkidle');
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list, observer) => {
          observer.disconnect();
          resolve(list.getEntries().reduce((sum, entry) => sum + (entry as PerformanceEntry & { value: number }).value, 0));
        }).observe({ type: 'layout-shift', buffered: true });
        // With no shift at all the observer never calls back: a frame later the answer is 0.
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(0)));
      }),
  );
}

describe.each(WIDTHS)('Min side at %i px', (width) => {
  const e2e = usePortal();
  let page: Page;
  let memberId: number;

  beforeAll(async () => {
    memberId = (await memberByEmail(e2e.portal, await staffToken(e2e.portal), MEMBER.email)).id;
  });

  it('signs in by keyboard alone and lands on the own profile', async () => {
    page = await openPage(e2e.browser, e2e.portal, '/profile', { width });
    await page.getByRole('heading', { name: 'Logg inn på Min side' }).waitFor();
    await look(page, 'login', width);
    await tabTo(page, 'E-post');
    await page.keyboard.type(MEMBER.email);
    await tabTo(page, 'Passord');
    await page.keyboard.type(MEMBER.password);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Hei, Ola' }).waitFor();
    expect(page.url()).toMatch(new RegExp(`/profile/${memberId}$`));
    await showProfileSections(page);
    await look(page, 'profile', width);
  });

  it('edits the profile by keyboard and the change survives a reload', async () => {
    const save = page.getByRole('button', { name: 'Lagre' });
    expect(await save.isDisabled()).toBe(true);
    await page.getByRole('heading', { name: 'Hei, Ola' }).click();
    await tabTo(page, 'Artistnavn / band');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Ola og Fjellbandet');
    await expect.poll(() => save.isEnabled()).toBe(true);
    await tabTo(page, 'Lagre');
    await page.keyboard.press('Enter');
    await page.getByText('Oppdatert!').waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Hei, Ola' }).waitFor();
    expect(await page.getByLabel('Artistnavn / band').inputValue()).toBe('Ola og Fjellbandet');
  });

  it('holds still while it loads: nothing visible moves (layout shift under 0.02)', async () => {
    await page.reload();
    await page.getByRole('heading', { name: 'Mine fakturaer' }).waitFor();
    expect(await layoutShift(page)).toBeLessThan(0.02);
  });

  it('holds the instrument page still too while its instruments and categories arrive', async () => {
    await page.goto(page.url().replace(/\/profile\/(\d+)$/, '/profile/edit/instrument-insurance/$1'));
    await page.getByRole('heading', { name: 'Forsikringsbevis' }).waitFor();
    expect(await layoutShift(page)).toBeLessThan(0.02);
    await page.goBack();
    await page.getByRole('heading', { name: 'Hei, Ola' }).waitFor();
  });

  it('adds a campaign code and sends the member card, which the message log records', async () => {
    await page.getByRole('heading', { name: 'Hei, Ola' }).click();
    await tabTo(page, 'Kampanjekode');
    await page.keyboard.type('STUDENT');
    await page.keyboard.press('Enter');
    await page.getByText('Din kampanjekode').waitFor();
    const phone = page.getByLabel('Telefonnummer');
    expect(await phone.getAttribute('placeholder')).toBe('Må innholde minst 8-siffer');
    expect(await phone.inputValue()).toBe('91234567');
    await tabTo(page, 'Send medlemskort');
    await page.keyboard.press('Enter');
    await page.getByText('Ditt medlemskort har blitt tilsendt').waitFor();
    await look(page, 'profile-member-card', width);

    const log = await messagesOf(e2e.portal, await staffToken(e2e.portal), memberId);
    expect(log.some((message) => message.channel === 'sms' && message.content.includes('STUDENT'))).toBe(true);
  });

  it("shows the insurance tables read-only and opens the insurance pages with 'Bestill' or 'Rediger'", async () => {
    await showProfileSections(page);
    const travel = page.getByRole('region', { name: 'Reiseforsikring' });
    await travel.getByRole('link', { name: /Bestill|Rediger/ }).click();
    await page.getByRole('heading', { name: 'Reiseforsikring' }).waitFor();
    expect(page.url()).toContain(`/profile/edit/travel-insurane/${memberId}`);
    await look(page, 'travel-insurance', width);
    await page.getByRole('link', { name: 'Tilbake til Min side' }).click();
    await showProfileSections(page);
    const instruments = page.getByRole('region', { name: 'Instrumentforsikring' });
    await instruments.getByRole('link', { name: /Bestill|Rediger/ }).click();
    await page.getByRole('heading', { name: 'Instrumentforsikring' }).waitFor();
    expect(page.url()).toContain(`/profile/edit/instrument-insurance/${memberId}`);
    await look(page, 'instrument-insurance', width);
    await page.getByRole('link', { name: 'Tilbake til Min side' }).click();
    await page.getByRole('heading', { name: 'Hei, Ola' }).waitFor();
    expect(await page.getByRole('textbox', { name: /Reiseforsikring/ }).count()).toBe(0);
  });

  it("sends a member who opens another member's profile back to their own, showing only their own data", async () => {
    const staff = await staffToken(e2e.portal);
    const { body } = await api(e2e.portal, staff, 'GET', '/api/member/list?per_page=25&sort=id');
    const other = (body.data as { id: number; first_name: string; last_name: string; email: string }[]).find((row) => row.id !== memberId)!;
    await page.goto(`${e2e.portal.baseUrl}/profile/${other.id}`);
    await page.getByRole('heading', { name: 'Hei, Ola' }).waitFor();
    expect(page.url()).toMatch(new RegExp(`/profile/${memberId}$`));
    expect(await page.getByText(other.email).count()).toBe(0);
    expect(await page.getByLabel('E-post', { exact: true }).inputValue()).toBe(MEMBER.email);
  });

  it('logs out by keyboard and returns to the login', async () => {
    await page.getByRole('heading', { name: 'Hei, Ola' }).click();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Logg inn på Min side' }).waitFor();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await page.context().close();
  });
});
