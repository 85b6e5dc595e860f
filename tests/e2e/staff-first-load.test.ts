/**
 * The staff sign-in is a small page of its own: a visitor at '/' downloads no react-admin code,
 * signs in with the keyboard and lands in the full staff app, which does load react-admin.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiLogin, checkA11y, openPage, STAFF, usePortal } from './harness.ts';

const e2e = usePortal();

// Strings only react-admin's packages carry: its translation keys and its component class names.
const REACT_ADMIN_MARKERS = ['ra.action.', 'RaLayout', 'RaDatagrid', 'ra.notification.'];

/** Collects the body of every script the page downloads from now on. */
function recordScripts(page: Page) {
  const scripts: { url: string; body: string }[] = [];
  const reads: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    // A preloaded script's body can be gone from the browser once its page is left (a reload):
    // the assets are immutable, so such a body is fetched again from the server.
    const body = response.body().then(
      (bytes) => bytes.toString('utf8'),
      async () => (await fetch(response.url())).text(),
    );
    reads.push(body.then((text) => void scripts.push({ url: response.url(), body: text })));
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
    const page = await e2e.browser.newPage();
    const scripts = recordScripts(page);
    await page.goto(`${e2e.portal.baseUrl}${pathname}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    const loaded = await scripts();
    expect(loaded.length).toBeGreaterThan(0);
    expect(withReactAdmin(loaded)).toEqual([]);
    await page.close();
  });

  it('the sign-in page is accessible and shows its messages in Norwegian', async () => {
    const page = await openPage(e2e.browser, e2e.portal, '/');
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
    const page = await openPage(e2e.browser, e2e.portal, '/');
    const scripts = recordScripts(page);
    await page.getByRole('textbox', { name: 'E-post' }).focus();
    await page.keyboard.type(STAFF.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(STAFF.password);
    await page.keyboard.press('Enter');
    // An administrator (stats.read) starts at 'Nøkkeltall'.
    await page.waitForURL(/\/stats$/);
    await page.getByRole('heading', { level: 1, name: 'Nøkkeltall' }).waitFor();
    expect(withReactAdmin(await scripts()).length).toBeGreaterThan(0);
    // Back leads to '/', which sends a signed-in member of staff home again.
    await page.goBack();
    await page.waitForURL(/\/stats$/);
    await page.context().close();
  });

  it('the signed-in /membership does load react-admin, so the checks above can tell', async () => {
    const page = await openPage(e2e.browser, e2e.portal, '/');
    await page.getByRole('textbox', { name: 'E-post' }).fill(STAFF.email);
    await page.getByLabel(/Passord/).fill(STAFF.password);
    await page.getByRole('button', { name: 'Logg inn' }).click();
    await page.waitForURL(/\/stats$/);
    const scripts = recordScripts(page);
    await page.goto(`${e2e.portal.baseUrl}/membership`);
    await page.getByRole('heading', { level: 1, name: /MEDLEMMER$/ }).waitFor();
    expect(withReactAdmin(await scripts()).length).toBeGreaterThan(0);
    await page.context().close();
  });

  it.each([
    ['/membership', 1440],
    ['/membership', 390],
    ['/membership-request', 1440],
    ['/instrument-insurance', 1440],
    ['/instrument-insurance', 1280],
    ['/settings/content', 1280],
  ] as const)('%s at %i px does not shift when its rows arrive', async (pathname, width) => {
    const token = await apiLogin(e2e.portal, STAFF.email, STAFF.password);
    const context = await e2e.browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 }, locale: 'nb-NO' });
    const page = await context.newPage();
    await page.addInitScript((accessToken) => {
      Object.entries({ token: accessToken, userId: '1', userRole: '3', isLoggedIn: 'true', firstName: 'A', lastName: 'B', registrationCompleted: '1' }).forEach(
        ([key, value]) => localStorage.setItem(key, value),
      );
      // Every unexpected layout shift from the first paint on, as Chromium reports them.
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    }, token);
    await page.goto(`${e2e.portal.baseUrl}${pathname}`);
    await page.locator('tbody tr').first().waitFor();
    await page.waitForLoadState('networkidle');
    const shifted = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0));
    expect(shifted).toBeLessThanOrEqual(0.02);
    await context.close();
  });
});

// A string only the rich-text editor's code carries (ProseMirror's class names).
const EDITOR_MARKER = 'ProseMirror-focused';
const withEditor = (scripts: { url: string; body: string }[]) => scripts.filter((script) => script.body.includes(EDITOR_MARKER));

describe('the rich-text editor loads with its dialog', () => {
  async function staffPage(pathname: string) {
    const token = await apiLogin(e2e.portal, STAFF.email, STAFF.password);
    const context = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'nb-NO' });
    const page = await context.newPage();
    await page.addInitScript((accessToken) => {
      Object.entries({ token: accessToken, userId: '1', userRole: '3', isLoggedIn: 'true', firstName: 'A', lastName: 'B', registrationCompleted: '1' }).forEach(
        ([key, value]) => localStorage.setItem(key, value),
      );
    }, token);
    const scripts = recordScripts(page);
    await page.goto(`${e2e.portal.baseUrl}${pathname}`);
    await page.locator('tbody tr').first().waitFor();
    await page.waitForLoadState('networkidle');
    return { page, scripts };
  }

  it("/membership-request leaves it out until 'Avvis' opens the dialog", async () => {
    const { page, scripts } = await staffPage('/membership-request');
    expect(withEditor(await scripts())).toEqual([]);
    await page.locator('tbody tr').first().getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Avvis', exact: true }).click();
    await page.getByRole('dialog').getByRole('textbox', { name: 'Begrunnelse' }).waitFor();
    expect(withEditor(await scripts()).length).toBeGreaterThan(0);
    await page.context().close();
  });

  it('/settings/content leaves it out until a page is expanded', async () => {
    const { page, scripts } = await staffPage('/settings/content');
    expect(withEditor(await scripts())).toEqual([]);
    await page.locator('[id^="page-"][id$="-header"]').first().click();
    await page.locator('.ProseMirror').first().waitFor();
    expect(withEditor(await scripts()).length).toBeGreaterThan(0);
    await page.context().close();
  });

  it('/settings/system-message leaves it out until a template is opened', async () => {
    const { page, scripts } = await staffPage('/settings/system-message');
    expect(withEditor(await scripts())).toEqual([]);
    await page.locator('tbody tr').first().getByRole('button').first().click();
    await page.getByRole('dialog').locator('.ProseMirror').waitFor();
    expect(withEditor(await scripts()).length).toBeGreaterThan(0);
    await page.context().close();
  });
});

// A string only the charts library's code carries (its drawing surface's class name).
const CHARTS_MARKER = 'MuiChartsSurface';

describe("the charts load with 'Nøkkeltall' only", () => {
  it('leaves them out of /membership, and /stats brings them', async () => {
    const token = await apiLogin(e2e.portal, STAFF.email, STAFF.password);
    const context = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'nb-NO' });
    const page = await context.newPage();
    await page.addInitScript((accessToken) => {
      Object.entries({ token: accessToken, userId: '1', userRole: '5', isLoggedIn: 'true', firstName: 'A', lastName: 'B', registrationCompleted: '1' }).forEach(
        ([key, value]) => localStorage.setItem(key, value),
      );
    }, token);
    const scripts = recordScripts(page);
    await page.goto(`${e2e.portal.baseUrl}/membership`);
    await page.locator('tbody tr').first().waitFor();
    await page.waitForLoadState('networkidle');
    const withCharts = (loaded: { url: string; body: string }[]) => loaded.filter((script) => script.body.includes(CHARTS_MARKER));
    expect(withCharts(await scripts())).toEqual([]);
    await page.getByRole('navigation', { name: 'Hovedmeny' }).getByRole('link', { name: 'Nøkkeltall' }).click();
    await page.getByRole('heading', { level: 1, name: 'Nøkkeltall' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(withCharts(await scripts()).length).toBeGreaterThan(0);
    await context.close();
  });
});
