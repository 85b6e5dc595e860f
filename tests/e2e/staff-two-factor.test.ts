/**
 * Two-factor sign-in for staff in Chromium, with STAFF_2FA_REQUIRED on: a staff user's password
 * mails a link, which leads to setting it up (the key is read from the page and the code computed
 * here, as an app would),
 * keeps the recovery codes, signs in again with a code by keyboard only, and sees their active
 * sign-ins in the profile; axe at 390 and 1440 px, with screenshots.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { generate } from 'otplib';
import { checkA11y, openPage, screenshot, usePortal } from './harness.ts';
import { outboxDir, readOutboxFiles } from '../../server/adapters/outbox-files.ts';
import { showProfileSections, tabTo } from './min-side-steps.ts';

const e2e = usePortal({ env: { STAFF_2FA_REQUIRED: '1' } });

/** The code an authenticator app shows `steps` time steps from now. */
const codeFor = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** E-mail, password and Enter, with the keyboard only, from a fresh sign-in page. */
async function typePassword(page: Page, email: string) {
  await tabTo(page, 'E-post');
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type('demo1234');
  await page.keyboard.press('Enter');
}

/** The enrolment link's path and query as the developer reads it in DATA_DIR/outbox. */
async function outboxEnrolmentLink(email: string): Promise<string> {
  const until = Date.now() + 20_000;
  for (;;) {
    const mails = await readOutboxFiles(outboxDir(e2e.portal.dataDir), 100);
    const match = /\/\?enrol=[A-Za-z0-9]+/.exec(mails.find((file) => file.to === email && file.html?.includes('?enrol='))?.html ?? '');
    if (match) return match[0];
    if (Date.now() > until) throw new Error(`no enrolment mail to ${email} in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function enrolAtSignIn(page: Page, email: string, label: string): Promise<{ secret: string; recoveryCode: string }> {
  await typePassword(page, email);
  // The password alone sets nothing up: a link goes by e-mail.
  await expect.poll(() => page.getByRole('heading', { name: 'Sjekk e-posten din' }).isVisible(), { timeout: 20_000 }).toBe(true);
  await checkA11y(page, `${label}: the enrolment link was mailed`);
  await screenshot(page, `staff-two-factor-mailed-${label}`);
  await page.goto(`${e2e.portal.baseUrl}${await outboxEnrolmentLink(email)}`);
  await expect.poll(() => page.getByRole('heading', { name: 'Slå på totrinnsinnlogging' }).isVisible(), { timeout: 20_000 }).toBe(true);
  await expect.poll(() => page.getByRole('img', { name: 'QR-kode for autentiseringsappen' }).isVisible()).toBe(true);
  await checkA11y(page, `${label}: setting up two-factor sign-in`);
  await screenshot(page, `staff-two-factor-setup-${label}`);
  const secret = (await page.getByTestId('two-factor-key').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await tabTo(page, 'Kode fra autentiseringsappen');
  await page.keyboard.type(await codeFor(secret));
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByRole('heading', { name: 'Gjenopprettingskoder' }).isVisible(), { timeout: 20_000 }).toBe(true);
  const codes = page.getByRole('list', { name: 'Gjenopprettingskoder' }).getByRole('listitem');
  expect(await codes.count()).toBe(10);
  const recoveryCode = await codes.first().innerText();
  await checkA11y(page, `${label}: recovery codes`);
  await screenshot(page, `staff-two-factor-recovery-${label}`);
  await tabTo(page, 'Jeg har tatt vare på kodene');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/(membership|stats)$/, { timeout: 30_000 });
  return { secret, recoveryCode };
}

describe('staff two-factor sign-in', () => {
  it('at 1440 px: set up at sign-in, sign in again with a code by keyboard, and see the active sign-ins', async () => {
    const page = await openPage(e2e.browser, e2e.portal, '/');
    const { secret } = await enrolAtSignIn(page, 'thomas.lie@example.no', '1440');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().isVisible(), { timeout: 20_000 }).toBe(true);

    // Signed out, then in again: the code is asked for, and typed by keyboard.
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${e2e.portal.baseUrl}/`);
    await typePassword(page, 'thomas.lie@example.no');
    await expect.poll(() => page.getByRole('heading', { name: 'Bekreft at det er deg' }).isVisible(), { timeout: 20_000 }).toBe(true);
    // The code field has the focus.
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent)).toMatch(/Kode fra autentiseringsappen/);
    await checkA11y(page, '1440: the code step');
    await screenshot(page, 'staff-two-factor-code-1440');
    // The code that turned it on is used up; the next step's code is taken.
    await page.keyboard.type(await codeFor(secret, 1));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/(membership|stats)$/, { timeout: 30_000 });

    await page.getByRole('button', { name: 'Åpne profilpanelet' }).click();
    await page.getByRole('button', { name: 'Sikkerhet og innlogging' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sikkerhet og innlogging' });
    await expect.poll(() => dialog.getByText('Totrinnsinnlogging er slått på.').isVisible(), { timeout: 20_000 }).toBe(true);
    const sessions = dialog.getByRole('list', { name: 'Aktive innlogginger' }).getByRole('listitem');
    await expect.poll(() => sessions.count()).toBe(2);
    await expect.poll(() => dialog.getByText(/Chrome på Linux · Lokalt nettverk \(Denne enheten\)/).isVisible()).toBe(true);
    await checkA11y(page, '1440: security and sign-ins');
    await screenshot(page, 'staff-two-factor-sessions-1440');
    // The first sign-in (the set-up's) is ended from here.
    await dialog.getByRole('button', { name: /Avslutt innloggingen på/ }).click();
    await expect.poll(() => sessions.count()).toBe(1);
    await page.context().close();
  });

  it('at 390 px: set up, then sign in with a recovery code, and the sign-ins in the profile', async () => {
    const page = await openPage(e2e.browser, e2e.portal, '/', { width: 390 });
    const { recoveryCode } = await enrolAtSignIn(page, 'leder@example.no', '390');
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${e2e.portal.baseUrl}/`);
    await typePassword(page, 'leder@example.no');
    await expect.poll(() => page.getByRole('heading', { name: 'Bekreft at det er deg' }).isVisible(), { timeout: 20_000 }).toBe(true);
    await checkA11y(page, '390: the code step');
    await screenshot(page, 'staff-two-factor-code-390');
    // A wrong code is refused on the field.
    await page.keyboard.type('000000');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByText('Feil kode. Prøv igjen.').first().isVisible(), { timeout: 10_000 }).toBe(true);
    await page.getByRole('button', { name: 'Bruk en gjenopprettingskode i stedet' }).click();
    await expect.poll(() => page.getByLabel('Gjenopprettingskode').isVisible()).toBe(true);
    await page.getByLabel('Gjenopprettingskode').fill(recoveryCode);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/(membership|stats)$/, { timeout: 30_000 });

    await page.getByRole('button', { name: 'Åpne profilpanelet' }).click();
    await page.getByRole('button', { name: 'Sikkerhet og innlogging' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sikkerhet og innlogging' });
    await expect.poll(() => dialog.getByRole('list', { name: 'Aktive innlogginger' }).getByRole('listitem').count(), { timeout: 20_000 }).toBe(2);
    await checkA11y(page, '390: security and sign-ins');
    await screenshot(page, 'staff-two-factor-sessions-390');
    await page.context().close();
  });

  it('at 1440 px: the administrator resets another staff user’s two-factor sign-in from the profile', async () => {
    const page = await openPage(e2e.browser, e2e.portal, '/');
    await enrolAtSignIn(page, 'admin@example.no', 'admin-1440');
    await page.getByRole('button', { name: 'Åpne profilpanelet' }).click();
    await page.getByRole('button', { name: 'Sikkerhet og innlogging' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sikkerhet og innlogging' });
    const reset = dialog.getByRole('button', { name: 'Tilbakestill totrinnsinnlogging for Thomas Lie' });
    await expect.poll(() => reset.isVisible(), { timeout: 20_000 }).toBe(true);
    await checkA11y(page, '1440: the administrator’s reset');
    await screenshot(page, 'staff-two-factor-admin-reset-1440');
    await reset.click();
    await expect
      .poll(
        () =>
          page
            .getByText(/Totrinnsinnloggingen er tilbakestilt/)
            .first()
            .isVisible(),
        { timeout: 10_000 },
      )
      .toBe(true);
    await expect.poll(() => reset.count()).toBe(0);
    await page.context().close();
  });

  it('at 390 px: a member may turn it on from the profile on Min side, and then signs in with a code', async () => {
    const page = await openPage(e2e.browser, e2e.portal, '/profile', { width: 390 });
    await page.getByLabel('E-post').fill('medlem@example.no');
    await page.getByLabel('Passord').fill('demo1234');
    await page.getByRole('button', { name: 'Logg inn' }).click();
    await page.waitForURL(/\/profile\/\d+/, { timeout: 30_000 });
    await showProfileSections(page);
    const card = page.getByRole('region', { name: 'Totrinnsinnlogging' });
    await card.getByRole('button', { name: 'Slå på totrinnsinnlogging' }).click();
    const key = card.getByTestId('two-factor-key');
    await expect.poll(() => key.isVisible(), { timeout: 20_000 }).toBe(true);
    await checkA11y(page, '390: Min side, setting up two-factor sign-in');
    await card.screenshot({ path: 'artifacts/screenshots/min-side-two-factor-setup-390.png' });
    const secret = (await key.innerText()).replace(/\s+/g, '');
    await card.getByLabel('Kode fra autentiseringsappen').fill(await codeFor(secret));
    await card.getByRole('button', { name: 'Slå på', exact: true }).click();
    await expect.poll(() => card.getByRole('list', { name: 'Gjenopprettingskoder' }).getByRole('listitem').count(), { timeout: 20_000 }).toBe(10);
    await checkA11y(page, '390: Min side, recovery codes');
    await card.getByRole('button', { name: 'Jeg har tatt vare på kodene' }).click();
    await expect.poll(() => card.getByText(/Totrinnsinnlogging er slått på/).isVisible()).toBe(true);

    await page.evaluate(() => localStorage.clear());
    await page.goto(`${e2e.portal.baseUrl}/profile`);
    await page.getByLabel('E-post').fill('medlem@example.no');
    await page.getByLabel('Passord').fill('demo1234');
    await page.getByRole('button', { name: 'Logg inn' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Bekreft at det er deg' }).isVisible(), { timeout: 20_000 }).toBe(true);
    await checkA11y(page, '390: Min side, the code step');
    await screenshot(page, 'min-side-two-factor-code-390');
    await page.keyboard.type(await codeFor(secret, 1));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/profile\/\d+/, { timeout: 30_000 });
    await page.context().close();
  });
});
