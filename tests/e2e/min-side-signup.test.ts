/** Sign-up in the browser: step one with a campaign code, the success message, step two, the profile. */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, MEMBER, openPage, usePortal } from './harness.ts';
import { look, memberByEmail, staffToken, WIDTHS } from './min-side-steps.ts';

const e2e = usePortal();

async function fillStepOne(page: Page, email: string) {
  await page.getByLabel('Fornavn').fill('Sigrid');
  await page.getByLabel('Etternavn').fill('Fiolin');
  await page.getByLabel('Mobil').fill(`4${Date.now().toString().slice(-7)}`);
  await page.getByLabel('E-post').fill(email);
  await page.getByLabel(/^Passord/).fill('fiolin123');
  await page.getByLabel('Bekreft passord').fill('fiolin123');
  await page.getByLabel('Jeg godtar vilkårene for medlemskap').check();
}

describe.each(WIDTHS)('sign-up at %i px', (width) => {
  it('signs up with a campaign code, sees the success message, completes step two and lands on the profile', async () => {
    const email = `sigrid.${width}@example.no`;
    const page = await openPage(e2e.browser, e2e.portal, '/new-member?campaign_code=STUDENT', { width });
    await expect(page.getByLabel('Kampanjekode').inputValue()).resolves.toBe('STUDENT');
    await page.getByText('Steg 1 av 2').waitFor();
    // The terms checkbox stands on the same line as its label, also at 390 px.
    const box = await page.getByRole('checkbox', { name: 'Jeg godtar vilkårene for medlemskap' }).boundingBox();
    const label = await page.locator('label', { hasText: 'Jeg godtar vilkårene for medlemskap' }).boundingBox();
    expect(Math.abs((box?.y ?? 0) - (label?.y ?? 1000))).toBeLessThan(label?.height ?? 0);
    await look(page, 'new-member', width);
    await fillStepOne(page, email);
    await page.getByRole('button', { name: 'Send søknad' }).click();

    await page.getByText('Den er sendt til godkjenning').waitFor();
    await page.getByRole('heading', { name: 'Fullfør innmeldingen' }).waitFor();
    expect(page.url()).toMatch(/\/new-member\/update\/\d+$/);
    // The message covers none of the top bar's controls (language, name, 'Logg ut'): a focused one stays in sight.
    const toast = await page.locator('.toast-success').boundingBox();
    for (const control of [page.getByRole('group', { name: 'Språk' }), page.getByRole('button', { name: 'Logg ut' })]) {
      const area = await control.boundingBox();
      const apart =
        !toast ||
        !area ||
        toast.x + toast.width <= area.x ||
        area.x + area.width <= toast.x ||
        toast.y + toast.height <= area.y ||
        area.y + area.height <= toast.y;
      expect(apart).toBe(true);
    }
    const next = page.getByRole('button', { name: 'Neste' });
    expect(await next.isDisabled()).toBe(true);
    await look(page, 'step-two-personal', width);

    await page.getByLabel('Adresse').fill('Kirkegata 5');
    await page.getByLabel('Postnummer').fill('0153');
    await expect.poll(() => page.getByLabel('Poststed').inputValue()).not.toBe('');
    await page.getByLabel('Hovedinstrument').selectOption({ index: 1 });
    await expect.poll(() => next.isEnabled()).toBe(true);
    await next.click();

    await page.getByRole('heading', { name: 'Fakturering' }).waitFor();
    const approve = page.getByRole('button', { name: 'Godkjenn' });
    expect(await approve.isDisabled()).toBe(true);
    await page.getByLabel('E-post', { exact: true }).check();
    await page.getByLabel('E-post for faktura').fill('faktura@');
    expect(await approve.isDisabled()).toBe(true);
    await page.getByLabel('E-post for faktura').fill(`faktura.${width}@example.no`);
    await expect.poll(() => approve.isEnabled()).toBe(true);
    await look(page, 'step-two-invoice', width);
    await approve.click();

    await page.getByRole('heading', { name: 'Hei, Sigrid' }).waitFor();
    expect(page.url()).toMatch(/\/profile\/\d+$/);
    expect(await page.evaluate(() => localStorage.getItem('registrationCompleted'))).toBe('1');

    const staff = await staffToken(e2e.portal);
    const created = await memberByEmail(e2e.portal, staff, email);
    const { body } = await api(e2e.portal, staff, 'GET', `/api/member/${created.id}`);
    expect(body.data).toMatchObject({ campaign_code: 'STUDENT', registration_completed: 1, invoice_method: 'EMAIL', address: 'Kirkegata 5' });
    await page.context().close();
  });

  it('keeps the form and shows the server message for an e-mail that already has an account', async () => {
    const page = await openPage(e2e.browser, e2e.portal, '/new-member', { width });
    await fillStepOne(page, MEMBER.email);
    await page.getByRole('button', { name: 'Send søknad' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /registrert|finnes|allerede/i })
      .waitFor();
    expect(await page.getByLabel('Fornavn').inputValue()).toBe('Sigrid');
    expect(await page.getByLabel(/^Passord/).inputValue()).toBe('fiolin123');
    expect(page.url()).toMatch(/\/new-member$/);
    await look(page, 'new-member-duplicate-email', width);
    await page.context().close();
  });

  it("keeps the form and shows 'Ugyldig Kampanje kode' for a wrong code", async () => {
    const page = await openPage(e2e.browser, e2e.portal, '/new-member?campaign_code=FINNESIKKE', { width });
    await fillStepOne(page, `ny.${width}@example.no`);
    await page.getByRole('button', { name: 'Send søknad' }).click();
    await page.getByRole('alert').filter({ hasText: 'Ugyldig Kampanje kode' }).waitFor();
    expect(await page.getByLabel('E-post').inputValue()).toBe(`ny.${width}@example.no`);
    expect(await page.getByLabel('Kampanjekode').inputValue()).toBe('FINNESIKKE');
    await look(page, 'new-member-wrong-code', width);
    await page.context().close();
  });
});
