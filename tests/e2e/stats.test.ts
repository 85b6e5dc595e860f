/**
 * 'Nøkkeltall' in a real browser at 1440 and 390 px: an administrator lands on it after signing
 * in, it passes axe, a chosen period shows in the address and in the sections' tables (each figure
 * as the API answers it for that period), and a section's xlsx downloads and opens in openpyxl.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { api, apiLogin, checkA11y, openPage, screenshot, signIn, STAFF, typeStaffDate, usePortal } from './harness.ts';
import { formatAmount } from '../../src/common/format.ts';
import { formatMonth } from '../../src/admin/stats/format.ts';
import type { MembersStats } from '../../server/schemas/stats.ts';

const e2e = usePortal();

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const SECTIONS = ['Medlemmer', 'Forespørsler', 'Forsikring', 'Kampanjer', 'Økonomi'];

/** The sheets of a workbook as openpyxl reads them. */
function sheetsOf(file: string): string[] {
  const script = 'import sys, openpyxl\nbook = openpyxl.load_workbook(sys.argv[1])\nprint("\\n".join(book.sheetnames))';
  return execFileSync('/usr/bin/python3', ['-c', script, file], { encoding: 'utf8' }).trim().split('\n');
}

describe('Nøkkeltall', () => {
  for (const width of [1440, 390]) {
    it(`opens after signing in, changes period, shows the API's figures and downloads a section at ${width} px`, async () => {
      const page = await openPage(e2e.browser, e2e.portal, '/', { width });
      await signIn(page, e2e.portal, 'staff');
      expect(new URL(page.url()).pathname).toBe('/stats');
      await page.getByRole('heading', { level: 1, name: 'Nøkkeltall' }).waitFor();
      const members = page.getByRole('table', { name: 'Medlemmer per måned' });
      await members.waitFor({ timeout: 30_000 });
      for (const name of SECTIONS) await page.getByRole('heading', { level: 2, name }).waitFor();
      // Every section has come (none still loading) before the page is checked.
      await page.getByRole('table', { name: 'Fakturert og innbetalt per måned' }).waitFor({ timeout: 30_000 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await checkA11y(page, `Nøkkeltall at ${width} px`);
      await screenshot(page, `staff-stats-${width}`);

      // Last year: the address keeps it, and the table shows what the API answers for it.
      const lastYear = new Date().getFullYear() - 1;
      await page.getByRole('radio', { name: 'I fjor' }).check();
      await page.waitForURL(new RegExp(`/stats\\?from=${lastYear}-01-01&to=${lastYear}-12-31$`));
      const token = await apiLogin(e2e.portal, STAFF.email, STAFF.password);
      const { body } = await api(e2e.portal, token, 'GET', `/api/stats/members?from=${lastYear}-01-01&to=${lastYear}-12-31`);
      const answer = body.data as MembersStats;
      const december = answer.series.at(-1)!;
      const row = members.getByRole('row').filter({ has: page.getByRole('rowheader', { name: formatMonth(december.month), exact: true }) });
      await expect
        .poll(() => row.getByRole('cell').allInnerTexts())
        .toEqual([
          formatAmount(december.members),
          formatAmount(december.joins),
          formatAmount(december.leaves),
          formatAmount(december.leaves_resigned),
          formatAmount(december.leaves_lapsed),
          formatAmount(december.leaves_erased),
          expect.any(String),
        ]);
      await page.reload();
      await page.getByRole('radio', { name: 'I fjor' }).waitFor();
      expect(await page.getByRole('radio', { name: 'I fjor' }).isChecked()).toBe(true);

      // A chosen range, typed as a person would; a wrong order says so. Each date is typed once the
      // sections have their figures, as a person reads them before changing the period.
      const figuresIn = () => expect.poll(() => page.getByText('Henter tallene …').count()).toBe(0);
      await figuresIn();
      await page.getByRole('radio', { name: 'Velg periode' }).check();
      await typeStaffDate(page.getByRole('textbox', { name: 'Fra' }), `0107${lastYear}`);
      await page.waitForURL(new RegExp(`/stats\\?from=${lastYear}-07-01&to=${lastYear}-12-31$`));
      await figuresIn();
      await typeStaffDate(page.getByRole('textbox', { name: 'Til' }), `3006${lastYear}`);
      await page.getByText('Fra-datoen må være samme dag som eller før til-datoen.').waitFor();
      expect(await page.getByRole('textbox', { name: 'Til' }).inputValue()).toBe(`30/06/${lastYear}`);
      await checkA11y(page, `Nøkkeltall with a wrong range at ${width} px`);
      await typeStaffDate(page.getByRole('textbox', { name: 'Fra' }), `0101${lastYear}`);
      await page.waitForURL(new RegExp(`/stats\\?from=${lastYear}-01-01&to=${lastYear}-06-30$`));
      await page
        .getByRole('table', { name: 'Forsikring per måned' })
        .getByRole('rowheader', { name: formatMonth(`${lastYear}-06`) })
        .waitFor();
      await screenshot(page, `staff-stats-chosen-${width}`);

      // The insurance section's spreadsheet for that period.
      const insurance = page.getByRole('region', { name: 'Forsikring', exact: true });
      const [response, download] = await Promise.all([
        page.waitForResponse((answered) => answered.url().includes('/api/stats/insurance?') && answered.url().includes('format=xlsx')),
        page.waitForEvent('download'),
        insurance.getByRole('button', { name: 'Last ned (xlsx)' }).click(),
      ]);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toContain(XLSX);
      expect(download.suggestedFilename()).toBe(`nokkeltall-forsikring-${lastYear}-01-01-${lastYear}-06-30.xlsx`);
      // openpyxl reads a workbook by its name's ending.
      const saved = path.join(mkdtempSync(path.join(tmpdir(), 'stats-')), download.suggestedFilename());
      await download.saveAs(saved);
      expect(sheetsOf(saved).length).toBeGreaterThan(0);
      await page.context().close();
    }, 180_000);
  }
});
