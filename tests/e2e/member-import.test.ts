/** Moving in: staff import the example file through 'Importer medlemmer', resolve a duplicate, commit, find the members, undo. */
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, apiLogin, checkA11y, MEMBER, openPage, screenshot, signIn, STAFF, usePortal } from './harness.ts';

const e2e = usePortal();
let token: string;

beforeAll(async () => {
  token = await apiLogin(e2e.portal, STAFF.email, STAFF.password);
});

/**
 * The template as staff download it, with the office's rows added: two new members and one who is
 * already a member, and an open invoice of one of the new ones.
 */
async function exampleFile(tag: string, number: number): Promise<Buffer> {
  const response = await fetch(`${e2e.portal.baseUrl}/api/member/import/template.xlsx`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await response.arrayBuffer());
  const sheet = book.worksheets[0];
  sheet.getRow(2).getCell(2).value = `Kari${tag}`;
  sheet.getRow(2).getCell(4).value = `kari.${tag}@example.no`;
  sheet.getRow(2).getCell(5).value = null;
  sheet.addRow([number, `Jonas${tag}`, 'Flyttesen', `jonas.${tag}@example.no`, '', 'Kirkegata 3', '5003', '', '02.03.1991', 'Mann']);
  sheet.addRow(['', 'Medlem', 'Fra Før', MEMBER.email.toUpperCase(), '', '', '', '', '', '', `Band${tag}`]);
  // Jonas's open invoice in the old system, partly paid, in the template's 'Åpne fakturaer'.
  book.getWorksheet('Åpne fakturaer')!.addRow([number, 'G-77', '01.10.2026', '15.10.2026', '1 290,00', '290,00', 'Kontingent 2026', '']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const count = async (query: string) => (await api(e2e.portal, token, 'GET', `/api/member/list?per_page=25&${query}`)).body.total as number;

async function importThrough(page: Page, width: number, tag: string) {
  const suffix = `${width}`;
  await page.goto(`${e2e.portal.baseUrl}/membership`);
  // The menu lists 'Importer medlemmer'; on a phone it is behind the menu button.
  if (width < 600) {
    await page.goto(`${e2e.portal.baseUrl}/member-import`);
  } else {
    await page.getByRole('link', { name: 'Importer medlemmer' }).first().click();
  }
  await page
    .getByRole('heading', { name: 'Importer medlemmer', level: 1 })
    .waitFor()
    .catch(async (error: unknown) => {
      await screenshot(page, `staff-member-import-failed-${suffix}`);
      throw error;
    });
  await page.getByRole('button', { name: 'Last ned mal (.xlsx)' }).waitFor();
  await checkA11y(page, `import page ${suffix}`);
  await screenshot(page, `staff-member-import-start-${suffix}`);

  await page.locator('input[type="file"]').setInputFiles({
    name: `medlemmer-${tag}.xlsx`,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await exampleFile(tag, 880_000 + width),
  });
  await page.getByText(`Valgt fil: medlemmer-${tag}.xlsx`).waitFor();
  await page.getByRole('button', { name: 'Last opp og forhåndsvis' }).click();
  await page
    .getByRole('heading', { name: 'Mulige duplikater (1)' })
    .waitFor()
    .catch(async (error: unknown) => {
      await screenshot(page, `staff-member-import-failed-${suffix}`);
      throw error;
    });
  await page.getByRole('heading', { name: 'Kolonner' }).waitFor();
  expect(await page.locator('[data-count="new"]').textContent()).toBe('2');
  expect(await page.locator('[data-count="duplicate"]').textContent()).toBe('1');
  expect(await page.locator('[data-count="invoices"]').textContent()).toBe('1');
  await checkA11y(page, `import preview ${suffix}`);
  await screenshot(page, `staff-member-import-preview-${suffix}`);

  // The member already in the portal: fill in what the portal lacks instead of skipping.
  await page.getByRole('combobox', { name: 'Hva skal skje? Rad 4' }).click();
  await page.getByRole('option', { name: 'Oppdater tomme felt' }).click();
  await page.waitForFunction(() => document.querySelector('[data-count="update"]')?.textContent === '1');
  await screenshot(page, `staff-member-import-decided-${suffix}`);

  await page.getByRole('button', { name: 'Importer', exact: true }).click();
  await page.getByText(/Importert: 2 nye medlemmer, 1 oppdatert, 0 duplikater hoppet over\. 1 åpen faktura overført\./).waitFor({ timeout: 60_000 });
  await checkA11y(page, `import done ${suffix}`);
  await screenshot(page, `staff-member-import-done-${suffix}`);

  // Jonas's invoice is ours now: our number and KID, the old number and KID beside them, the part paid booked.
  const importUrl = page.url();
  const [jonas] = (await api(e2e.portal, token, 'GET', `/api/member/list?per_page=25&filter[name]=jonas.${tag}@example.no`)).body.data;
  const [invoice] = (await api(e2e.portal, token, 'GET', `/api/member/${jonas.id}/invoice`)).body.data;
  expect(invoice).toMatchObject({ kind: 'imported', state: 'partly_paid', total: 129_000, paid: 29_000 });
  await page.goto(`${e2e.portal.baseUrl}/payments/${invoice.id}`);
  await page.getByText('Fakturanummer i tidligere system').waitFor();
  expect(await page.getByText('G-77', { exact: true }).count()).toBe(1);
  await checkA11y(page, `imported invoice ${suffix}`);
  await screenshot(page, `staff-member-import-invoice-${suffix}`);
  await page.goto(importUrl);

  // The new members are in the overview.
  await page.getByRole('link', { name: 'Se medlemsoversikten' }).click();
  await page.getByRole('searchbox').or(page.getByLabel('Søk etter medlem')).first().fill(`Jonas${tag}`);
  await page.getByText(`Jonas${tag}`).first().waitFor();
  await screenshot(page, `staff-member-import-overview-${suffix}`);
  expect(await count(`filter[name]=jonas.${tag}@example.no`)).toBe(1);
  await page.goto(importUrl);

  // Undo: the two new members go, the updated one is put back.
  await page.getByRole('button', { name: 'Angre importen' }).click();
  await page.getByRole('dialog', { name: 'Angre importen?' }).waitFor();
  await checkA11y(page, `undo dialog ${suffix}`);
  await screenshot(page, `staff-member-import-undo-confirm-${suffix}`);
  await page.getByRole('dialog').getByRole('button', { name: 'Angre', exact: true }).click();
  await page
    .getByText(/Importen er angret: \d+ medlemmer\./)
    .waitFor()
    .catch(async (error: unknown) => {
      await screenshot(page, `staff-member-import-failed-${suffix}`);
      throw error;
    });
  await checkA11y(page, `undone ${suffix}`);
  await screenshot(page, `staff-member-import-undone-${suffix}`);
  expect(await count(`filter[name]=jonas.${tag}@example.no`)).toBe(0);

  // The history lists it as undone.
  await page.getByRole('link', { name: 'Tilbake til importene' }).click();
  await page.getByRole('link', { name: `medlemmer-${tag}.xlsx` }).waitFor();
  await screenshot(page, `staff-member-import-history-${suffix}`);
}

describe('importing members through the page', () => {
  it.each([1440, 390])(
    'imports, resolves a duplicate, commits, finds the members and undoes at %i px',
    async (width) => {
      const page = await openPage(e2e.browser, e2e.portal, '/', { width });
      await signIn(page, e2e.portal, 'staff');
      await importThrough(page, width, `w${width}`);
      await page.context().close();
    },
    180_000,
  );
});
