/**
 * Pages with names and a way past the menu (WCAG 2.4.1, 2.4.2): every staff page's title names the
 * page, from the areas' registry; 'Hopp til innholdet' shows readably when focused at every width
 * and leaves the keyboard on the content; Min side pages have one <title>.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { checkA11y, openPage, screenshot, signIn, usePortal, settled } from './harness.ts';

const e2e = usePortal();

async function staffPage(width: number): Promise<Page> {
  const page = await openPage(e2e.browser, e2e.portal, '/', { width });
  expect(await page.title()).toBe('Logg inn – Musikerportalen');
  await signIn(page, e2e.portal, 'staff');
  await page.getByRole('heading', { level: 1 }).waitFor();
  return page;
}

/** WCAG's relative luminance contrast of two computed CSS colours. */
function contrast(foreground: string, background: string): number {
  const luminance = (css: string) => {
    const [r, g, b] = (css.match(/[\d.]+/g) ?? [])
      .slice(0, 3)
      .map(Number)
      .map((value) => {
        const channel = value / 255;
        return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return (light + 0.05) / (dark + 0.05);
}

describe('staff page titles', () => {
  it('name each page after its place in the registry', async () => {
    const page = await staffPage(1440);
    for (const [pathname, title] of [
      ['/membership', 'Medlemsoversikt – Musikerportalen'],
      ['/membership/create-new-user', 'Opprett nytt medlem – Musikerportalen'],
      ['/membership-request', 'Forespørsler medlemskap – Musikerportalen'],
      ['/membership-request/declined', 'Avviste forespørsler medlemskap – Musikerportalen'],
      ['/travel-insurance', 'Forespørsler reiseforsikring – Musikerportalen'],
      ['/instrument-insurance', 'Forespørsler instrumentforsikring – Musikerportalen'],
      ['/settings', 'Innstillinger – Musikerportalen'],
      ['/settings/system-message', 'System meldinger – Musikerportalen'],
      ['/settings/promo-code', 'Kampanje kode – Musikerportalen'],
      ['/settings/vipps-rapport', 'Vipps rapport – Musikerportalen'],
      ['/settings/prices', 'Priser – Musikerportalen'],
      ['/payments', 'Betaling – Musikerportalen'],
    ] as const) {
      await page.goto(`${e2e.portal.baseUrl}${pathname}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expect.poll(() => page.title()).toBe(title);
      await checkA11y(page, pathname);
    }
    await page.context().close();
  });
});

describe.each([1440, 390])('the skip link at %i px', (width) => {
  it('is the first stop, readable when focused, and moves the keyboard to the content', async () => {
    const page = await staffPage(width);
    await page.goto(`${e2e.portal.baseUrl}/settings`);
    await page.getByRole('heading', { level: 1, name: 'INNSTILLINGER' }).waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Hopp til innholdet' });
    await expect.poll(() => skip.evaluate((link) => link === document.activeElement)).toBe(true);
    await settled(page);
    const box = await skip.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.width).toBeGreaterThan(100);
    const colours = await skip.evaluate((link) => {
      const style = getComputedStyle(link);
      return { color: style.color, background: style.backgroundColor };
    });
    expect(contrast(colours.color, colours.background)).toBeGreaterThanOrEqual(4.5);
    await screenshot(page, `staff-skip-link-${width}`);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    // The next Tab goes on inside the content, not back to the top bar.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('#main-content'))).toBe(true);
    await page.context().close();
  });
});

describe('Min side titles', () => {
  it('has one <title>, naming the page', async () => {
    const page = await openPage(e2e.browser, e2e.portal, '/profile', { width: 390 });
    await expect.poll(() => page.title()).toBe('Logg inn på Min side – Musikerportalen');
    expect(await page.evaluate(() => document.querySelectorAll('title').length)).toBe(1);
    await signIn(page, e2e.portal, 'member');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expect.poll(() => page.title()).toBe('Min side – Musikerportalen');
    expect(await page.evaluate(() => document.querySelectorAll('title').length)).toBe(1);
    await checkA11y(page, 'Min side profile');
    await page.context().close();
  });
});

describe('titles of error screens', () => {
  it('an address the server refuses shows a titled page in Norwegian, not JSON', async () => {
    // Not through openPage: this page has no app in it to wait for.
    const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'nb-NO' });
    const page = await context.newPage();
    const answer = await page.goto(`${e2e.portal.baseUrl}/%E0%A4%A`);
    expect(answer?.status()).toBe(400);
    expect(await page.title()).toBe('Ugyldig forespørsel – Musikerportalen');
    await page.getByRole('heading', { level: 1, name: 'Ugyldig forespørsel' }).waitFor();
    await page.getByRole('link', { name: 'Til forsiden' }).waitFor();
    await screenshot(page, 'server-error-page-390');
    await checkA11y(page, 'the server error page');
    await context.close();
  });
});
