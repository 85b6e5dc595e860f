/**
 * The staff sign-in is a small page of its own: a visitor at '/' downloads no react-admin code,
 * signs in with the keyboard and lands in the full staff app, which does load react-admin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { checkA11y, launchBrowser, openPage, STAFF, startPortal, type Portal } from './harness.ts';

let portal: Portal;
let browser: Browser;
beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

// Strings only react-admin's packages carry: its translation keys and its component class names.
const REACT_ADMIN_MARKERS = ['ra.action.', 'RaLayout', 'RaDatagrid', 'ra.notification.'];

/** Collects the body of every script the page downloads from now on. */
function recordScripts(page: Page) {
  const scripts: { url: string; body: string }[] = [];
  const reads: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    reads.push(response.body().then((body) => void scripts.push({ url: response.url(), body: body.toString('utf8') })));
  });
  return async () => {
    await Promise.all(reads);
    return scripts;
  };
}

const withReactAdmin = (scripts: { url: string; body: string }[]) =>
  scripts.filter((script) => REACT_ADMIN_MARKERS.some((marker) => script.body.includes(marker))).map((script) => script.url);

describe('staff first load', () => {
  it.each(['/', '/reset-password'])('%s loads no react-admin code for a visitor', async (pathname) => {
    const page = await browser.newPage();
    const scripts = recordScripts(page);
    await page.goto(`${portal.baseUrl}${pathname}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    const loaded = await scripts();
    expect(loaded.length).toBeGreaterThan(0);
    expect(withReactAdmin(loaded)).toEqual([]);
    await page.close();
  });

  it('the sign-in page is accessible and shows its messages in Norwegian', async () => {
    const page = await openPage(browser, portal, '/');
    await checkA11y(page, 'staff sign-in');
    await page.getByRole('button', { name: 'Logg inn' }).click();
    await expect.poll(() => page.getByText('Påkrevd felt').count()).toBe(2);
    await page.getByRole('textbox', { name: 'E-post' }).fill(STAFF.email);
    await page.getByLabel(/Passord/).fill('ikke-passordet');
    await page.getByRole('button', { name: 'Logg inn' }).click();
    await page.getByRole('alert').filter({ hasText: 'Feil e-post eller passord' }).waitFor();
    await checkA11y(page, 'staff sign-in with an error');
    await page.context().close();
  });

  it('signs in with the keyboard and loads the staff app then, react-admin included', async () => {
    const page = await openPage(browser, portal, '/');
    const scripts = recordScripts(page);
    await page.getByRole('textbox', { name: 'E-post' }).focus();
    await page.keyboard.type(STAFF.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(STAFF.password);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/membership$/);
    await page.getByRole('heading', { level: 1, name: /MEDLEMMER$/ }).waitFor();
    expect(withReactAdmin(await scripts()).length).toBeGreaterThan(0);
    // Back leads to '/', which sends a signed-in member of staff home again.
    await page.goBack();
    await page.waitForURL(/\/membership$/);
    await page.context().close();
  });

  it('the signed-in /membership does load react-admin, so the checks above can tell', async () => {
    const page = await openPage(browser, portal, '/');
    await page.getByRole('textbox', { name: 'E-post' }).fill(STAFF.email);
    await page.getByLabel(/Passord/).fill(STAFF.password);
    await page.getByRole('button', { name: 'Logg inn' }).click();
    await page.waitForURL(/\/membership$/);
    const scripts = recordScripts(page);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: /MEDLEMMER$/ }).waitFor();
    expect(withReactAdmin(await scripts()).length).toBeGreaterThan(0);
    await page.context().close();
  });
});
