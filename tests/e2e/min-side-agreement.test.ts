/** The dues drawn by a Vipps agreement, in the browser with the test checkout: set up, approve, come back to 'Aktiv', stop after a confirmation. */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MEMBER, openPage, usePortal } from './harness.ts';
import { look, showProfileSections, tabTo, WIDTHS } from './min-side-steps.ts';

const TITLE = 'Trekk kontingenten automatisk med Vipps';

async function fits(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

describe.each(WIDTHS)('the Vipps agreement at %i px', (width) => {
  const e2e = usePortal();

  it('is set up and approved in the test checkout, shown as active, and stopped after a confirmation', async () => {
    const page = await openPage(e2e.browser, e2e.portal, '/profile', { width });
    await tabTo(page, 'E-post');
    await page.keyboard.type(MEMBER.email);
    await tabTo(page, 'Passord');
    await page.keyboard.type(MEMBER.password);
    await page.keyboard.press('Enter');
    await showProfileSections(page);
    const card = page.getByRole('region', { name: TITLE });
    await card.getByRole('button', { name: 'Start avtale med Vipps' }).waitFor();
    await card.scrollIntoViewIfNeeded();
    await look(page, 'agreement-none', width);
    await fits(page);

    // The member chooses to have the insurance premiums drawn too: the price shown follows.
    const dues = await card.locator('dd').first().textContent();
    await card.getByRole('checkbox', { name: /Trekk også forsikringspremiene/ }).check();
    expect(await card.locator('dd').first().textContent()).not.toBe(dues);
    await look(page, 'agreement-with-premiums', width);
    await card.getByRole('button', { name: 'Start avtale med Vipps' }).click();
    await page.getByRole('heading', { name: 'Fast trekk med Vipps (test)' }).waitFor();
    await look(page, 'agreement-test-checkout', width);
    await page.getByRole('button', { name: 'Godkjenn avtalen' }).click();

    await page.getByRole('heading', { name: 'Hei, Ola' }).waitFor();
    await card.getByText('Avtalen er godkjent. Kontingenten trekkes automatisk fra neste faktura.').waitFor();
    await card.getByText('Aktiv', { exact: true }).waitFor();
    await card.getByText('Kontingenten og forsikringspremiene', { exact: true }).waitFor();
    await look(page, 'agreement-active', width);
    await fits(page);

    await card.getByRole('button', { name: 'Stopp avtalen' }).click();
    await card.getByText(/Vil du stoppe avtalen\?/).waitFor();
    // The question takes the keyboard: its 'Ja' has the focus, so Enter answers it. Asked a second
    // time in the same page too (a browser moves the focus to an `autofocus` element only once).
    const focused = () => page.evaluate(() => document.activeElement?.textContent);
    await expect.poll(focused).toBe('Ja, stopp avtalen');
    await card.getByRole('button', { name: 'Avbryt' }).click();
    await card.getByRole('button', { name: 'Stopp avtalen' }).click();
    await expect.poll(focused).toBe('Ja, stopp avtalen');
    await look(page, 'agreement-confirm-stop', width);
    await page.keyboard.press('Enter');
    await card.getByText('Avtalen er stoppet.').waitFor();
    await card.getByText('Stoppet', { exact: true }).waitFor();
    await look(page, 'agreement-stopped', width);
    await fits(page);
    await page.context().close();
  });
});
