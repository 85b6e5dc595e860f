/**
 * Both apps as people meet them: addresses that never strand anyone, a deploy under an open
 * page, toasts on phones, the staff app at 390 px, and screenshots of every screen touched.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { api, checkA11y, MEMBER, openPage, screenshot, signIn, usePortal, openSignedIn } from './harness.ts';
import { memberByEmail, showProfileSections, staffToken, WIDTHS } from './min-side-steps.ts';

const e2e = usePortal();

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator.toString()} has no box`);
  return found;
}

async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [one, two] = [await box(a), await box(b)];
  return one.x < two.x + two.width && two.x < one.x + one.width && one.y < two.y + two.height && two.y < one.y + one.height;
}

async function shoot(page: Page, name: string, width: number) {
  await checkA11y(page, `${name} at ${width} px`);
  await screenshot(page, `polish-${name}-${width}`);
}

describe('addresses', () => {
  it('sends a signed-in member on an unknown or staff address to their profile, still signed in', async () => {
    const page = await openSignedIn(e2e.browser, e2e.portal, 'member', '/profile');
    const profile = page.url();
    for (const address of ['/finnes-ikke', '/membership', '/membership/edit/1', '/']) {
      await page.goto(`${e2e.portal.baseUrl}${address}`);
      await page.waitForURL(profile);
      await page.getByRole('heading', { name: /^Hei, / }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
    }
    expect(await page.getByText('Innlogging for ansatte').count()).toBe(0);
    await page.context().close();
  });

  it('sends a visitor on an unknown address to /', async () => {
    const page = await openPage(e2e.browser, e2e.portal, '/finnes-ikke');
    await page.waitForURL(`${e2e.portal.baseUrl}/`);
    await page.getByRole('button', { name: 'Logg inn' }).waitFor();
    await page.context().close();
  });
});

describe('a deploy under an open page', () => {
  it('answers a missing script with 404, not the app page', async () => {
    const response = await fetch(`${e2e.portal.baseUrl}/assets/MemberEdit-gone.js`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).not.toContain('text/html');
  });

  it('reloads the staff app once when a page script of the old build is gone, instead of crashing', async () => {
    const manifest = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../dist/.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
    const chunk = manifest['src/admin/members/MemberEdit.tsx'].file;
    const page = await openSignedIn(e2e.browser, e2e.portal, 'staff', '/membership');
    await page.locator('tbody tr').first().waitFor();
    let refused = 0;
    // The first request for the member page's script fails as it would after a deploy.
    await page.route(`**/${chunk}`, (route) => (refused++ === 0 ? route.fulfill({ status: 404, body: 'Fant ikke' }) : route.continue()));
    let loads = 0;
    page.on('load', () => loads++);
    await page.locator('tbody tr').first().locator('td').first().click();
    await page.getByRole('button', { name: 'Meldingslogg' }).waitFor();
    expect(refused).toBeGreaterThanOrEqual(2);
    expect(loads).toBe(1);
    expect(await page.getByText('Det oppstod en feil i nettleseren').count()).toBe(0);
    await page.context().close();
  });
});

describe('on a phone (390 px)', () => {
  const width = 390;

  it('shows a refused sign-up without covering the e-mail field', async () => {
    const page = await openPage(e2e.browser, e2e.portal, '/new-member', { width });
    await page.getByLabel('Fornavn').fill('Sigrid');
    await page.getByLabel('Etternavn').fill('Fiolin');
    await page.getByLabel('Mobil').fill('41234567');
    await page.getByLabel('E-post').fill(MEMBER.email);
    await page.getByLabel(/^Passord/).fill('fiolin123');
    await page.getByLabel('Bekreft passord').fill('fiolin123');
    await page.getByLabel('Jeg godtar vilkårene for medlemskap').check();
    await page.getByRole('button', { name: 'Send søknad' }).click();
    const toast = page.locator('.toast-error');
    await toast.waitFor();
    const email = page.getByLabel('E-post');
    await expect.poll(() => email.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await overlaps(toast, email)).toBe(false);
    await page.getByRole('button', { name: 'Les vilkårene for medlemskap' }).click();
    await page.getByText('Vilkår for medlemskap').first().waitFor();
    await shoot(page, 'sign-up-refused', width);
    await page.context().close();
  });

  it('shows the registration success without covering step two', async () => {
    const page = await openPage(e2e.browser, e2e.portal, '/new-member', { width });
    await page.getByLabel('Fornavn').fill('Sigrid');
    await page.getByLabel('Etternavn').fill('Fiolin');
    await page.getByLabel('Mobil').fill('41234568');
    await page.getByLabel('E-post').fill('sigrid.telefon@example.no');
    await page.getByLabel(/^Passord/).fill('fiolin123');
    await page.getByLabel('Bekreft passord').fill('fiolin123');
    await page.getByLabel('Jeg godtar vilkårene for medlemskap').check();
    await page.getByRole('button', { name: 'Send søknad' }).click();
    await page.getByRole('heading', { name: 'Fullfør innmeldingen' }).waitFor();
    const toast = page.locator('.toast-success');
    await toast.waitFor();
    const address = page.getByLabel('Adresse');
    await address.scrollIntoViewIfNeeded();
    expect(await overlaps(toast, address)).toBe(false);
    await address.click();
    expect(await overlaps(toast, address)).toBe(false);
    await page.getByRole('button', { name: 'Logg ut' }).waitFor();
    await shoot(page, 'step-two', width);
    await page.context().close();
  });

  it('keeps the staff overview within the screen, with STATUS and the staff name showing', async () => {
    const page = await openSignedIn(e2e.browser, e2e.portal, 'staff', '/membership', { width });
    await page.locator('tbody tr').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const status = page.getByRole('columnheader', { name: 'STATUS' });
    const statusBox = await box(status);
    expect(statusBox.x + statusBox.width).toBeLessThanOrEqual(width);
    expect(
      await page
        .getByText('Demo Ansatt', { exact: false })
        .or(page.locator('header').getByText(/\w+ \w+/))
        .first()
        .isVisible(),
    ).toBe(true);
    await shoot(page, 'staff-overview', width);
    await page.context().close();
  });

  it("puts the staff toasts where they hide neither the breadcrumb nor the form, and keeps 'Meldingslogg' tidy", async () => {
    const staff = await staffToken(e2e.portal);
    const member = await memberByEmail(e2e.portal, staff, MEMBER.email);
    const page = await openSignedIn(e2e.browser, e2e.portal, 'staff', `/membership/edit/${member.id}`, { width });
    const log = page.getByRole('button', { name: 'Meldingslogg' });
    await log.waitFor();
    const block = page.getByRole('button', { name: /Blokker min side|Aktiver min side/ });
    expect((await box(log)).x).toBeLessThanOrEqual((await box(block)).x + 1);
    const artist = page.getByRole('textbox', { name: /Artist\/band/ });
    await artist.fill(`${await artist.inputValue()} `);
    await artist.fill((await artist.inputValue()).trim() + ' trio');
    await page.getByRole('button', { name: 'Lagre' }).click();
    const toast = page.getByText('Oppdatert!');
    await toast.waitFor();
    const crumbs = page.getByRole('navigation', { name: 'Brødsmulesti' });
    expect(await overlaps(toast, crumbs)).toBe(false);
    expect(await overlaps(toast, page.getByRole('textbox', { name: 'Fornavn' }))).toBe(false);
    await shoot(page, 'staff-member-edit', width);
    await page.context().close();
  });

  it('keeps the log dates on one line and gives the menu arrow room', async () => {
    const staff = await staffToken(e2e.portal);
    const member = await memberByEmail(e2e.portal, staff, MEMBER.email);
    const page = await openSignedIn(e2e.browser, e2e.portal, 'staff', `/membership/edit/travel-insurance/insurance-logs/${member.id}`, { width });
    await page.getByRole('heading', { name: /^REISEFORSIKRINGS \(\d+\)$/ }).waitFor();
    await page.locator('tbody tr').first().getByRole('button').first().click();
    const dialog = page.getByRole('dialog', { name: 'REISEFORSIKRING LOGG' });
    const start = dialog.getByRole('row', { name: /^START DATO/ });
    await start.waitFor();
    const lineHeight = await start
      .locator('td')
      .last()
      .evaluate((cell) => parseFloat(getComputedStyle(cell).lineHeight));
    for (const cell of await start.locator('td').all()) {
      if ((await cell.innerText()).trim() !== '') expect((await box(cell)).height).toBeLessThan(lineHeight * 2 + 16);
    }
    await shoot(page, 'staff-log-modal', width);
    await page.keyboard.press('Escape');
    await page
      .getByRole('button', { name: /menu|meny/i })
      .first()
      .click();
    const requests = page.getByRole('button', { name: /^Forespørsler/ });
    await requests.waitFor();
    const drawer = page.locator('.MuiDrawer-paper').filter({ has: requests });
    const arrow = requests.locator('svg').last();
    const [arrowBox, drawerBox] = [await box(arrow), await box(drawer)];
    expect(drawerBox.x + drawerBox.width - (arrowBox.x + arrowBox.width)).toBeGreaterThanOrEqual(16);
    await shoot(page, 'staff-menu', width);
    await page.context().close();
  });
});

describe.each(WIDTHS)('screens touched, at %i px', (width) => {
  it('the sign-up with the terms open', async () => {
    const page = await openPage(e2e.browser, e2e.portal, '/new-member', { width });
    await page.getByRole('button', { name: 'Les vilkårene for medlemskap' }).click();
    await page.getByRole('heading', { name: 'Vilkår for medlemskap' }).waitFor();
    await shoot(page, 'sign-up-terms', width);
    await page.context().close();
  });

  it('the profile with each instrument by type, maker and model', async () => {
    const page = await openSignedIn(e2e.browser, e2e.portal, 'member', '/profile', { width });
    await showProfileSections(page);
    const instruments = page.getByRole('region', { name: 'Instrumentforsikring' });
    await instruments.getByRole('columnheader', { name: 'FABRIKANT' }).or(instruments.getByText('FABRIKANT')).first().waitFor({ state: 'attached' });
    expect(await instruments.getByRole('cell', { name: 'Instrumentforsikring', exact: true }).count()).toBe(0);
    await shoot(page, 'profile', width);
    await page.context().close();
  });

  it('the staff member page with its instruments, an unknown member and the staff login', async () => {
    const staff = await staffToken(e2e.portal);
    const member = await memberByEmail(e2e.portal, staff, MEMBER.email);
    const { body } = await api(e2e.portal, staff, 'GET', `/api/member/${member.id}`);
    const first = body.data.subscription_instrument_insurance.instruments[0];
    const page = await openPage(e2e.browser, e2e.portal, '/', { width });
    await shoot(page, 'staff-login', width);
    await signIn(page, e2e.portal, 'staff');
    await page.goto(`${e2e.portal.baseUrl}/membership/edit/${member.id}`);
    await page.getByText(`${first.type}: ${first.make} ${first.model}`).waitFor();
    await shoot(page, 'staff-member-page', width);
    await page.goto(`${e2e.portal.baseUrl}/membership/edit/99999999`);
    await page.getByRole('heading', { level: 1, name: 'Fant ikke medlemmet' }).waitFor();
    await page.getByRole('button', { name: 'Gå tilbake' }).waitFor();
    await shoot(page, 'staff-member-not-found', width);
    await page.context().close();
  });
});
