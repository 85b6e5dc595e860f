/** 'Eksporter liste (xlsx)' in a real browser: the download is a spreadsheet, and the pages stay accessible at both widths. */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { checkA11y, screenshot, usePortal, openSignedIn } from './harness.ts';

const e2e = usePortal();

async function staffPage(width: number, pathname: string): Promise<Page> {
  const page = await openSignedIn(e2e.browser, e2e.portal, 'staff', pathname, { width });
  return page;
}

async function download(page: Page, name: string | RegExp) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).click()]);
  const bytes = await readFile((await file.path())!);
  return { filename: file.suggestedFilename(), bytes };
}

describe('spreadsheet exports', () => {
  for (const width of [1440, 390]) {
    it(`saves the member overview and a queue as .xlsx beside the CSV at ${width} px`, async () => {
      const page = await staffPage(width, '/membership');
      const xlsx = page.getByRole('button', { name: 'Eksporter liste (xlsx)' });
      await xlsx.waitFor();
      await expect(page.getByRole('button', { name: 'Eksporter liste (csv)' }).isVisible()).resolves.toBe(true);
      await checkA11y(page, `/membership at ${width}`);
      await screenshot(page, `staff-membership-xlsx-${width}`);

      const members = await download(page, 'Eksporter liste (xlsx)');
      expect(members.filename).toBe('medlemsoversikt.xlsx');
      expect(members.bytes.subarray(0, 2).toString('latin1')).toBe('PK');

      await page.goto(`${e2e.portal.baseUrl}/travel-insurance`);
      await page.getByRole('button', { name: 'Eksporter liste (xlsx)' }).waitFor();
      await checkA11y(page, `/travel-insurance at ${width}`);
      await screenshot(page, `staff-travel-xlsx-${width}`);
      expect((await download(page, 'Eksporter liste (xlsx)')).filename).toBe('reiseforsikring-foresporsel.xlsx');

      await page.goto(`${e2e.portal.baseUrl}/settings/vipps-rapport`);
      await page.getByRole('button', { name: 'Eksporter (xlsx)' }).waitFor();
      await checkA11y(page, `/settings/vipps-rapport at ${width}`);
      await screenshot(page, `staff-vipps-xlsx-${width}`);
      await page.context().close();
    }, 120_000);
  }
});
