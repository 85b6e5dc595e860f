/** Min side must never download the staff app's react-admin code, on any of its public pages. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, startPortal, type Portal } from './harness.ts';

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

describe('Min side first load', () => {
  it.each(['/profile', '/new-member', '/profile/reset-password', '/vipps-thanks'])('%s loads no react-admin code', async (pathname) => {
    const page = await browser.newPage();
    const scripts: { url: string; body: string }[] = [];
    // Every body is read before the page closes, so no read is cut off by the close.
    const reads: Promise<void>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      reads.push(response.body().then((body) => void scripts.push({ url: response.url(), body: body.toString('utf8') })));
    });
    await page.goto(`${portal.baseUrl}${pathname}`);
    await page.getByRole('heading').first().waitFor();
    await Promise.all(reads);
    expect(scripts.length).toBeGreaterThan(0);
    const offenders = scripts.filter((script) => REACT_ADMIN_MARKERS.some((marker) => script.body.includes(marker)));
    expect(offenders.map((script) => script.url)).toEqual([]);
    await page.close();
  });
});
