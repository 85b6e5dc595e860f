/**
 * Min side's invoices in Chromium at 390 and 1440 px with axe: the member sees the banner of what
 * is due, pays by keyboard with the embedded test checkout, comes back to the page that says it is
 * paid, and finds the invoice 'Betalt' with its receipt; the same in English.
 */
import { describe, expect, it } from 'vitest';
import { openPglite } from '../../server/db/pglite.ts';
import { api, apiLogin, checkA11y, MEMBER, pdfTextOf, screenshot, STAFF, usePortal, openSignedIn } from './harness.ts';
import { look, tabTo } from './min-side-steps.ts';

const numbers: number[] = [];

const e2e = usePortal({
  // Two open demo invoices become the demo member's: one overdue, one due in ten days.
  async seed(dataDir) {
    const db = await openPglite({ dataDir });
    try {
      const [member] = await db.query<{ id: number; remote_id: number }>('SELECT id, remote_id FROM accounts WHERE email = $1', [MEMBER.email]);
      const rows = await db.query<{ number: number }>(
        `WITH chosen AS (
           SELECT id, row_number() OVER (ORDER BY id) AS n FROM invoices
            WHERE state IN ('sent', 'overdue', 'reminded', 'partly_paid') AND total_ore > paid_ore + credited_ore ORDER BY id LIMIT 2)
         UPDATE invoices i SET member_id = $1, member_number = $2,
                due_date = (now() AT TIME ZONE 'Europe/Oslo')::date + CASE WHEN c.n = 1 THEN -10 ELSE 10 END,
                reminders_paused_until = NULL
           FROM chosen c WHERE i.id = c.id RETURNING i.number`,
        [member.id, member.remote_id],
      );
      numbers.push(...rows.map((row) => row.number).sort((a, b) => a - b));
      if (numbers.length !== 2) throw new Error(`the demo has ${numbers.length} open invoices to give the member, not 2`);
    } finally {
      await db.close();
    }
  },
});

describe('Min side invoices', () => {
  for (const width of [390, 1440]) {
    it(`shows the banner, pays with the test checkout by keyboard and comes back to 'Betalt' at ${width} px`, async () => {
      const page = await openSignedIn(e2e.browser, e2e.portal, 'member', '/profile', { width });
      const banner = page.getByRole('region', { name: 'Å betale' });
      await banner.waitFor();
      const card = page.getByRole('region', { name: 'Mine fakturaer' });
      await card.getByRole('heading', { level: 3 }).first().waitFor();
      await look(page, 'invoices', width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      // The banner's one button pays the most urgent invoice; by keyboard alone.
      const payButton = banner.getByRole('button', { name: /^Betal med Vipps – Faktura \d+/ });
      const label = (await payButton.getAttribute('aria-label'))!;
      const number = Number(/Faktura (\d+)/.exec(label)![1]);
      expect(numbers).toContain(number);
      await page.getByRole('heading', { name: 'Hei, Ola' }).click();
      await tabTo(page, label);
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/api\/vipps-test-checkout\/faktura-\d+-\d+$/);
      await page.getByText('TESTBETALING').waitFor();
      await page.getByText(`Faktura ${number} – Musikerportalen`).waitFor();
      await checkA11y(page, `test checkout for an invoice at ${width} px`);
      await screenshot(page, `min-side-invoice-test-checkout-${width}`);
      await page.getByRole('button', { name: 'Godkjenn betaling' }).focus();
      await page.keyboard.press('Enter');

      await page.waitForURL(/\/profile\/payment\/\d+\?invoice=\d+&reference=faktura-/);
      await page.getByText(new RegExp(`^Takk! kr [\\d ]+,\\d\\d er betalt, og faktura ${number} er registrert som betalt\\.$`)).waitFor();
      await look(page, 'invoice-paid', width);

      await tabTo(page, 'Tilbake til Min side');
      await page.keyboard.press('Enter');
      const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Faktura ${number}` }) });
      await item.getByText('Betalt', { exact: true }).waitFor();
      await item.getByText(/betalt \d\d-\d\d-\d{4} med Vipps$/).waitFor();
      expect(await item.getByRole('button', { name: /Betal med Vipps/ }).count()).toBe(0);
      // The paid invoice's PDF, as the member's PDF reader meets it.
      const [pdf] = await Promise.all([
        page.waitForEvent('download'),
        item.getByRole('button', { name: `Last ned faktura (PDF) – Faktura ${number}` }).click(),
      ]);
      expect(pdf.suggestedFilename()).toBe(`faktura-${number}.pdf`);
      expect(await pdfTextOf(pdf)).toContain(String(number));
      await look(page, 'invoices-after-payment', width);
      await page.context().close();

      // Staff find the payment on the invoice's page in 'Betaling', under 'Vipps'.
      const token = await apiLogin(e2e.portal, STAFF.email, STAFF.password);
      const listed = await api(e2e.portal, token, 'GET', `/api/invoice/list?filter[number]=${number}`);
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      const invoiceId = (listed.body.data as { id: number }[])[0].id;
      const staffPage = await openSignedIn(e2e.browser, e2e.portal, 'staff', `/payments/${invoiceId}`, { width });
      const vipps = staffPage.getByRole('region', { name: 'Vipps' });
      await vipps.getByRole('row', { name: /Betaling fra Min side faktura-\d+-\d+ Betalt/ }).waitFor();
      await checkA11y(staffPage, `the invoice page with its Vipps payment at ${width} px`);
      await screenshot(staffPage, `staff-invoice-vipps-${width}`);
      await staffPage.context().close();
    });
  }

  it('shows the invoices in English', async () => {
    const page = await openSignedIn(e2e.browser, e2e.portal, 'member', '/profile', { width: 390 });
    await page.getByRole('region', { name: 'Mine fakturaer' }).waitFor();
    await page.getByRole('button', { name: 'English', exact: true }).click();
    const card = page.getByRole('region', { name: 'My invoices' });
    await card.getByText('Paid', { exact: true }).first().waitFor();
    await card
      .getByText(/paid on .* by Vipps$/)
      .first()
      .waitFor();
    await look(page, 'invoices-english', 390);
    await page.context().close();
  });
});
