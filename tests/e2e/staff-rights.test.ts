/**
 * Staff rights in the browser: a case worker (role 3) sees no exports and no 'Innstillinger', is
 * told 'Du har ikke tilgang' at /settings typed in, and once an administrator gives the role
 * 'members.export' the export shows on the next page, without signing in again.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, apiLogin, checkA11y, openPage, screenshot, usePortal } from './harness.ts';

const e2e = usePortal();

const CASE_WORKER = { email: 'thomas.lie@example.no', password: 'demo1234' };
const ADMINISTRATOR = { email: 'admin@example.no', password: 'demo1234' };
const CASE_WORKER_ROLE = 3;

/** The staff sign-in form, as the case worker fills it in. */
async function signInAsCaseWorker(width: number): Promise<Page> {
  const page = await openPage(e2e.browser, e2e.portal, '/', { width });
  await page.getByRole('textbox', { name: 'E-post' }).fill(CASE_WORKER.email);
  await page.getByLabel(/Passord/).fill(CASE_WORKER.password);
  await page.getByRole('button', { name: 'Logg inn' }).click();
  await page.waitForURL(/\/membership$/);
  await page.getByRole('heading', { level: 1, name: /MEDLEMMER$/ }).waitFor();
  await page.locator('tbody tr').first().waitFor();
  return page;
}

/** The main menu's links; on a phone the menu is opened first (and closed again after). */
async function menuLinks(page: Page, width: number): Promise<string[]> {
  if (width < 600) await page.getByRole('button', { name: 'Åpne menyen' }).click();
  const menu = page.getByRole('navigation', { name: 'Hovedmeny' });
  await menu.getByRole('link', { name: 'Medlemsoversikt' }).waitFor();
  const links = (await menu.getByRole('link').allInnerTexts()).map((text) => text.trim());
  if (width < 600) {
    await screenshot(page, `staff-rights-case-worker-menu-${width}`);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
  }
  return links;
}

describe.each([1440, 390])("a case worker's rights at %i px", (width) => {
  it('hide the exports and the settings, say so at /settings, and follow a right the administrator gives', async () => {
    const admin = await apiLogin(e2e.portal, ADMINISTRATOR.email, ADMINISTRATOR.password);
    const { status, body: roles } = await api(e2e.portal, admin, 'GET', '/api/role/list');
    expect(status, JSON.stringify(roles)).toBe(200);
    const before = (roles.data as { id: number; rights: string[] }[]).find((role) => role.id === CASE_WORKER_ROLE)!.rights;
    expect(before).not.toContain('members.export');

    const page = await signInAsCaseWorker(width);
    try {
      // A case worker may create members (a control that the buttons are drawn), not export them.
      await page.getByRole('link', { name: /Opprett nytt medlem/i }).waitFor();
      expect(await page.getByRole('button', { name: /Eksporter/ }).count()).toBe(0);
      await checkA11y(page, `member overview of a case worker at ${width} px`);
      await screenshot(page, `staff-rights-case-worker-membership-${width}`);
      const links = await menuLinks(page, width);
      expect(links).toContain('Medlemsoversikt');
      expect(links).not.toContain('Innstillinger');
      expect(links).not.toContain('Betaling');

      await page.goto(`${e2e.portal.baseUrl}/settings`);
      await page.getByRole('heading', { level: 1, name: 'Du har ikke tilgang' }).waitFor();
      await page.getByText('«Endre e-postmaler» (templates.change)').waitFor();
      expect(page.url()).toMatch(/\/settings$/);
      await checkA11y(page, `/settings without its right at ${width} px`);
      await screenshot(page, `staff-rights-no-access-${width}`);

      // The administrator gives the role the right to export; the case worker goes on to the next page.
      const given = await api(e2e.portal, admin, 'PATCH', `/api/role/${CASE_WORKER_ROLE}`, { rights: [...before, 'members.export'] });
      expect(given.status).toBe(200);
      await page.getByRole('link', { name: 'Gå til Medlemsoversikt' }).click();
      await page.waitForURL(/\/membership$/);
      await page.getByRole('button', { name: 'Eksporter liste (csv)' }).waitFor();
      await page.getByRole('button', { name: 'Eksporter liste (xlsx)' }).waitFor();
      await checkA11y(page, `member overview with the export at ${width} px`);
      await screenshot(page, `staff-rights-export-given-${width}`);
    } finally {
      const restored = await api(e2e.portal, admin, 'PATCH', `/api/role/${CASE_WORKER_ROLE}`, { rights: before });
      expect(restored.status).toBe(200);
      await page.context().close();
    }
  });
});
