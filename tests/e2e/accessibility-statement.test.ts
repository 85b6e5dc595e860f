/**
 * The accessibility statements: reached with the keyboard from the footer of Min side's and the
 * staff app's sign-in pages and from a signed-in staff page, public, axe clean at 1440 and 390 px
 * in Norwegian and in English. Screenshots of both statements at both widths.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { checkA11y, openPage, screenshot, signIn, usePortal } from './harness.ts';
import { tabTo } from './min-side-steps.ts';

const e2e = usePortal();
const WIDTHS = [1440, 390] as const;

/** Tabs to the footer's link, checks the focus shows, and follows it with Enter. */
async function followFooterLink(page: Page, name: string): Promise<void> {
  await tabTo(page, name, 80);
  const outline = await page.evaluate(() => {
    const style = getComputedStyle(document.activeElement as HTMLElement);
    return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
  });
  expect(outline).toBe(true);
  await page.keyboard.press('Enter');
}

describe('the accessibility statement', () => {
  for (const width of WIDTHS) {
    it(`for Min side: from the sign-in page's footer by keyboard, axe clean at ${width} px`, async () => {
      const page = await openPage(e2e.browser, e2e.portal, '/profile', { width });
      await followFooterLink(page, 'Tilgjengelighetserklæring');
      await page.getByRole('heading', { level: 1, name: 'Tilgjengelighetserklæring' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/tilgjengelighet');
      expect(await page.title()).toBe('Tilgjengelighetserklæring – Musikerportalen');
      await page.getByRole('table', { name: /Status for hvert krav i WCAG 2.2/ }).waitFor();
      expect(await page.getByRole('table').getByRole('row').count()).toBe(56);
      await expect.poll(() => page.getByRole('link', { name: 'post@example.no' }).last().getAttribute('href')).toBe('mailto:post@example.no');
      await checkA11y(page, `the statement for Min side at ${width} px`);
      await screenshot(page, `statement-min-side-${width}`);
      await page.context().close();
    });

    it(`for the staff app: from the staff sign-in page's footer by keyboard, axe clean at ${width} px`, async () => {
      const page = await openPage(e2e.browser, e2e.portal, '/', { width });
      await followFooterLink(page, 'Tilgjengelighetserklæring');
      await page.getByRole('heading', { level: 1, name: 'Tilgjengelighetserklæring for ansattportalen' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/tilgjengelighet/ansatte');
      await checkA11y(page, `the statement for the staff app at ${width} px`);
      await screenshot(page, `statement-staff-${width}`);
      await page.context().close();
    });
  }

  it('is linked from the footer of a signed-in staff page', async () => {
    const page = await openPage(e2e.browser, e2e.portal, '/', { width: 1440 });
    await signIn(page, e2e.portal, 'staff');
    // The staff footer sits inside react-admin's <main>, so it is no contentinfo landmark of its own.
    await page.getByRole('link', { name: 'Tilgjengelighetserklæring' }).click();
    await page.getByRole('heading', { level: 1, name: 'Tilgjengelighetserklæring for ansattportalen' }).waitFor();
    await page.context().close();
  });

  it('is the Accessibility statement in English, axe clean at 390 px', async () => {
    const page = await openPage(e2e.browser, e2e.portal, '/tilgjengelighet', { width: 390 });
    const english = page.getByRole('group', { name: 'Språk' }).getByRole('button', { name: 'English' });
    await english.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Accessibility statement' }).waitFor();
    expect(await page.title()).toBe('Accessibility statement – Musikerportalen');
    await page.getByRole('columnheader', { name: 'Criterion' }).waitFor();
    await checkA11y(page, 'the statement in English at 390 px');
    await screenshot(page, 'statement-min-side-english-390');
    await page.context().close();
  });
});
