/**
 * Vipps quick checkout in the browser, offline through the embedded test checkout: join and pay
 * with a campaign code, abort, and pay again with the same e-mail and phone.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, checkA11y, openPage, screenshot, usePortal } from './harness.ts';
import { look, memberByEmail, messagesOf, staffToken, tabTo } from './min-side-steps.ts';
import { openPglite } from '../../server/db/pglite.ts';

const e2e = usePortal();
let token: string;

beforeAll(async () => {
  token = await staffToken(e2e.portal);
});

const stamp = Date.now().toString().slice(-6);
const PAYER = { email: `vilde.vipps.${stamp}@example.no`, phone: `98${stamp}` };
const references: Record<string, string> = {};

async function memberTotal(): Promise<number> {
  const { body } = await api(e2e.portal, token, 'GET', '/api/member/list?per_page=25');
  return body.total as number;
}

/** The form at /new-member?vipps=1 with the terms accepted by keyboard, then the Vipps button pressed by keyboard. */
async function payWithVipps(page: Page): Promise<string> {
  await page.getByRole('heading', { name: 'Bli medlem med Vipps' }).waitFor();
  await tabTo(page, 'Jeg godtar vilkårene for medlemskap');
  await page.keyboard.press('Space');
  await tabTo(page, 'Betal med Vipps');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/api\/vipps-test-checkout\/mp-/);
  const reference = new URL(page.url()).pathname.split('/').pop()!;
  await page.getByText('TESTBETALING').waitFor();
  return reference;
}

async function fillPayer(page: Page, email: string, phone: string) {
  await page.getByLabel('E-post').fill(email);
  await page.getByLabel('Mobil').fill(phone);
}

describe('Vipps quick checkout at 390 px', () => {
  it('the form needs the terms, keeps the campaign code from the link, and is accessible', async () => {
    const page = await openPage(e2e.browser, e2e.portal, '/new-member?vipps=1&campaign_code=STUDENT', { width: 390 });
    await page.getByRole('heading', { name: 'Bli medlem med Vipps' }).waitFor();
    await page.getByText('1 450 kr').waitFor();
    expect(await page.getByLabel('Kampanjekode').inputValue()).toBe('STUDENT');
    await look(page, 'vipps-checkout', 390);
    // Keyboard only: the button without the terms shows the spec's rule and stays on the page.
    await tabTo(page, 'Betal med Vipps');
    await page.keyboard.press('Enter');
    await page.getByText('Du må godta vilkårene for medlemskap').waitFor();
    expect(new URL(page.url()).pathname).toBe('/new-member');
    expect(await page.getByLabel('Kampanjekode').inputValue()).toBe('STUDENT');
    await look(page, 'vipps-checkout-terms-error', 390);
    await page.context().close();
  });

  it('approve on the test checkout → /vipps-thanks; the member is in the overview with the campaign and the welcome mail is logged', async () => {
    const before = await memberTotal();
    const page = await openPage(e2e.browser, e2e.portal, '/new-member?vipps=true&campaign_code=STUDENT', { width: 390 });
    references.paid = await payWithVipps(page);
    await checkA11y(page, 'test checkout at 390 px');
    await screenshot(page, 'vipps-test-checkout-390');
    await fillPayer(page, PAYER.email, PAYER.phone);
    await page.getByRole('button', { name: 'Godkjenn betaling' }).click();
    await page.waitForURL(/\/vipps-thanks$/);
    await page.getByRole('heading', { name: 'Takk for at du ble medlem!' }).waitFor();
    await look(page, 'vipps-thanks-after-payment', 390);

    expect(await memberTotal()).toBe(before + 1);
    const member = await memberByEmail(e2e.portal, token, PAYER.email);
    const { body } = await api(e2e.portal, token, 'GET', `/api/member/${member.id}`);
    expect(body.data).toMatchObject({ first_name: 'Test', last_name: 'Betaler', phone: PAYER.phone, campaign_code: 'STUDENT' });
    const mails = await messagesOf(e2e.portal, token, member.id);
    expect(mails.map((mail) => mail.subject)).toContain('Velkommen som medlem!');
    await page.context().close();
  });

  it('abort → /vipps-error, nothing created', async () => {
    const before = await memberTotal();
    const page = await openPage(e2e.browser, e2e.portal, '/new-member?vipps=1', { width: 390 });
    references.aborted = await payWithVipps(page);
    await page.getByRole('button', { name: 'Avbryt betaling' }).click();
    await page.waitForURL(/\/vipps-error$/);
    await page.getByRole('heading', { name: 'Beklager, noe gikk galt' }).waitFor();
    expect(await memberTotal()).toBe(before);
    await page.context().close();
  });

  it('paying again with the same e-mail and phone → the money goes back and /vipps-error', async () => {
    const before = await memberTotal();
    const page = await openPage(e2e.browser, e2e.portal, '/new-member?vipps=1', { width: 390 });
    references.again = await payWithVipps(page);
    await fillPayer(page, PAYER.email, PAYER.phone);
    await page.getByRole('button', { name: 'Godkjenn betaling' }).click();
    await page.waitForURL(/\/vipps-error$/);
    await page.getByText('tidligere medlem med samme e-postadresse og telefonnummer').waitFor();
    await look(page, 'vipps-error-after-payment', 390);
    expect(await memberTotal()).toBe(before);
    await page.context().close();
  });
});

describe('Vipps quick checkout at 1440 px', () => {
  it('the form and the test checkout look right and pass axe', async () => {
    const page = await openPage(e2e.browser, e2e.portal, '/new-member?vipps=1&campaign_code=STUDENT', { width: 1440 });
    await page.getByRole('heading', { name: 'Bli medlem med Vipps' }).waitFor();
    await page.getByText('1 450 kr').waitFor();
    await look(page, 'vipps-checkout', 1440);
    await page.getByLabel('Jeg godtar vilkårene for medlemskap').check();
    await page.getByRole('button', { name: 'Betal med Vipps' }).click();
    await page.waitForURL(/\/api\/vipps-test-checkout\/mp-/);
    await page.getByText('TESTBETALING').waitFor();
    await checkA11y(page, 'test checkout at 1440 px');
    await screenshot(page, 'vipps-test-checkout-1440');
    await page.context().close();
  });
});

describe('what the quick checkouts left in the database', () => {
  it('one captured registration with the campaign, one aborted and one cancelled, nothing charged twice', async () => {
    await e2e.portal.halt();
    const db = await openPglite({ dataDir: e2e.portal.dataDir });
    try {
      const rows = await db.query<{ reference: string; state: string; campaign_code: string | null; member_id: number | null; captured_amount: number }>(
        'SELECT reference, state, campaign_code, member_id, captured_amount FROM vipps_registrations WHERE reference = ANY($1)',
        [Object.values(references)],
      );
      const byReference = Object.fromEntries(rows.map((row) => [row.reference, row]));
      expect(byReference[references.paid]).toMatchObject({ state: 'CAPTURED', campaign_code: 'STUDENT', captured_amount: 145000 });
      expect(byReference[references.paid].member_id).not.toBeNull();
      expect(byReference[references.aborted]).toMatchObject({ state: 'ABORTED', member_id: null, captured_amount: 0 });
      expect(byReference[references.again]).toMatchObject({ state: 'CANCELLED', member_id: null, captured_amount: 0 });
      const payments = await db.query<{ reference: string; captured_amount: number; cancelled: boolean }>(
        'SELECT reference, captured_amount, cancelled FROM vipps_test_payments WHERE reference = ANY($1)',
        [[references.paid, references.again]],
      );
      const payment = Object.fromEntries(payments.map((row) => [row.reference, row]));
      expect(payment[references.paid]).toMatchObject({ captured_amount: 145000, cancelled: false });
      expect(payment[references.again]).toMatchObject({ captured_amount: 0, cancelled: true });
    } finally {
      await db.close();
    }
  });
});
