/**
 * An invoice of the Tripletex ledger in Chromium at a desk and on a phone: its Tripletex invoice
 * as a link, the last error Tripletex gave, and 'Les status fra Tripletex'; axe and screenshots.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPglite } from '../../server/db/pglite.ts';
import { checkA11y, screenshot, usePortal, openSignedIn } from './harness.ts';
import { startFakeTripletex, type FakeTripletex } from '../server/fakes/tripletex.ts';

let fake: FakeTripletex;
let invoiceId = 0;

// Registered before the portal's hooks, so the fake answers before the server starts and closes after it stopped.
beforeAll(async () => {
  fake = await startFakeTripletex('e2e-consumer', 'e2e-employee');
});
afterAll(async () => {
  await fake?.close();
});

const e2e = usePortal({
  env: () => ({
    TRIPLETEX_URL: fake.url,
    TRIPLETEX_CONSUMER_TOKEN: 'e2e-consumer',
    TRIPLETEX_EMPLOYEE_TOKEN: 'e2e-employee',
    TRIPLETEX_INVOICE_URL: 'https://tripletex.test/faktura?id={id}',
  }),
  // One open demo invoice as if Tripletex had made it, and the last run had failed on it.
  async seed(dataDir) {
    const db = await openPglite({ dataDir });
    try {
      const [row] = await db.query<{ id: number }>(
        `UPDATE invoices SET tripletex_invoice_id = 5501, tripletex_order_id = 5500,
                tripletex_error = 'Innbetalingen kunne ikke registreres i Tripletex: Tripletex hadde en feil (500): Nede'
          WHERE id = (SELECT min(id) FROM invoices WHERE state IN ('sent', 'overdue', 'reminded', 'partly_paid') AND total_ore > paid_ore + credited_ore)
          RETURNING id`,
      );
      invoiceId = row.id;
    } finally {
      await db.close();
    }
  },
});

async function invoicePage(width: number): Promise<Page> {
  const page = await openSignedIn(e2e.browser, e2e.portal, 'staff', `/payments/${invoiceId}`, { width });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  return page;
}

describe('an invoice in Tripletex', () => {
  for (const width of [1440, 390]) {
    it(`shows its Tripletex link and error, and reads the status on demand, at ${width} px`, async () => {
      const page = await invoicePage(width);
      const facts = page.getByRole('region', { name: 'Om fakturaen' });
      await expect
        .poll(() => facts.getByRole('link', { name: 'Faktura 5501 i Tripletex' }).getAttribute('href'))
        .toBe('https://tripletex.test/faktura?id=5501');
      expect(await page.getByText('Tripletex svarte med en feil: Innbetalingen kunne ikke registreres i Tripletex').isVisible()).toBe(true);
      await checkA11y(page, `invoice in Tripletex at ${width} px`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `staff-billing-tripletex-${width}`);

      await page.getByRole('button', { name: 'Les status fra Tripletex' }).click();
      await page.getByText('Status for fakturaene hentes fra Tripletex nå.').waitFor();
      await page.close();
    });
  }
});
