/**
 * Vipps quick checkout in the browser, offline through the embedded test checkout: join and pay
 * with a campaign code, abort, and pay again with the same e-mail and phone; and join with
 * 'Betal kontingenten automatisk hvert år' ticked, approve the agreement, and find it active on
 * Min side once signed in.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, checkA11y, openPage, screenshot, signIn, usePortal, type Portal } from './harness.ts';
import { look, memberByEmail, messagesOf, showProfileSections, staffToken, tabTo, WIDTHS } from './min-side-steps.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { outboxDir, readOutboxFiles } from '../../server/adapters/outbox-files.ts';

const e2e = usePortal();
let token: string;

beforeAll(async () => {
  token = await staffToken(e2e.portal);
});

const stamp = Date.now().toString().slice(-6);
const PAYER = { email: `vilde.vipps.${stamp}@example.no`, phone: `98${stamp}` };
const references: Record<string, string> = {};
/** The e-mail of each payer who joined with a yearly agreement. */
const agreementPayers: string[] = [];

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

  it('abort → /vipps-cancelled, nothing created', async () => {
    const before = await memberTotal();
    const page = await openPage(e2e.browser, e2e.portal, '/new-member?vipps=1', { width: 390 });
    references.aborted = await payWithVipps(page);
    await page.getByRole('button', { name: 'Avbryt betaling' }).click();
    await page.waitForURL(/\/vipps-cancelled$/);
    await page.getByRole('heading', { name: 'Betalingen ble avbrutt' }).waitFor();
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

/** The password link in the welcome mail to `email`, as the developer reads it in DATA_DIR/outbox once the queue has sent it. */
async function welcomeLink(portal: Portal, email: string): Promise<string> {
  const until = Date.now() + 20_000;
  for (;;) {
    const mails = await readOutboxFiles(outboxDir(portal.dataDir), 200);
    const html = mails.find((file) => file.to === email && file.html?.includes('/password/change'))?.html;
    const match = html ? /\/password\/change\?token=[^"'\s<]+/.exec(html.replace(/&amp;/g, '&')) : null;
    if (match) return match[0];
    if (Date.now() > until) throw new Error(`no welcome mail to ${email} in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.each(WIDTHS)('Vipps quick checkout with a yearly agreement at %i px', (width) => {
  it("tick 'Betal kontingenten automatisk hvert år', approve in the test checkout, thanks; signed in, Min side shows the agreement as 'Aktiv'", async () => {
    const email = `aud.avtale.${width}.${stamp}@example.no`;
    const phone = `9${width === 390 ? 6 : 5}${stamp}`;
    agreementPayers.push(email);
    const page = await openPage(e2e.browser, e2e.portal, '/new-member?vipps=1', { width });
    await page.getByRole('heading', { name: 'Bli medlem med Vipps' }).waitFor();
    const box = page.getByRole('checkbox', { name: 'Betal kontingenten automatisk hvert år' });
    expect(await box.isChecked()).toBe(false);
    // The box stands on the line of its label, and the explanation is read with it.
    const boxAt = await box.boundingBox();
    const labelAt = await page.locator('label', { hasText: 'Betal kontingenten automatisk hvert år' }).boundingBox();
    expect(Math.abs((boxAt?.y ?? 0) - (labelAt?.y ?? 1000))).toBeLessThan(labelAt?.height ?? 0);
    const described = await box.evaluate((element) =>
      (element.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
    expect(described).toContain('Du kan stoppe avtalen på Min side eller i Vipps-appen.');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await look(page, 'vipps-checkout-agreement', width);

    // Keyboard only: tick the box and the terms, then pay.
    await tabTo(page, 'Betal kontingenten automatisk hvert år');
    await page.keyboard.press('Space');
    await tabTo(page, 'Jeg godtar vilkårene for medlemskap');
    await page.keyboard.press('Space');
    expect(await box.isChecked()).toBe(true);
    await look(page, 'vipps-checkout-agreement-ticked', width);
    await tabTo(page, 'Betal med Vipps');
    await page.keyboard.press('Enter');

    await page.waitForURL(/\/api\/vipps-test-checkout\/agreement\/agr_test_/);
    await page.getByText('TESTAVTALE').waitFor();
    await page.getByText('Første betaling nå:').waitFor();
    await checkA11y(page, `test agreement at ${width} px`);
    await screenshot(page, `vipps-test-agreement-${width}`);
    await fillPayer(page, email, phone);
    await page.getByRole('button', { name: 'Betal og godkjenn avtalen' }).click();
    await page.waitForURL(/\/vipps-thanks$/);
    await page.getByRole('heading', { name: 'Takk for at du ble medlem!' }).waitFor();
    await look(page, 'vipps-thanks-after-agreement', width);

    // The new member chooses a password through the welcome mail's link, signs in and completes step two.
    await page.goto(`${e2e.portal.baseUrl}${await welcomeLink(e2e.portal, email)}`);
    await page.getByRole('heading', { name: 'Lag nytt passord' }).waitFor();
    await page.getByLabel('Passord', { exact: true }).fill('avtale12345');
    await page.getByLabel('Bekreft passord').fill('avtale12345');
    await page.getByRole('button', { name: 'Lagre nytt passord' }).click();
    await page.getByRole('link', { name: 'Logg inn på Min side' }).waitFor();
    await signIn(page, e2e.portal, { email, password: 'avtale12345' });
    await page.getByRole('heading', { name: 'Fullfør innmeldingen' }).waitFor();
    await page.getByLabel('Adresse').fill('Kirkegata 5');
    await page.getByLabel('Postnummer').fill('0153');
    await expect.poll(() => page.getByLabel('Poststed').inputValue()).not.toBe('');
    await page.getByLabel('Hovedinstrument').selectOption({ index: 1 });
    const next = page.getByRole('button', { name: 'Neste' });
    await expect.poll(() => next.isEnabled()).toBe(true);
    await next.click();
    await page.getByRole('heading', { name: 'Fakturering' }).waitFor();
    await page.getByLabel('E-post', { exact: true }).check();
    const approve = page.getByRole('button', { name: 'Godkjenn' });
    await expect.poll(() => approve.isEnabled()).toBe(true);
    await approve.click();

    await showProfileSections(page);
    const card = page.getByRole('region', { name: 'Trekk kontingenten automatisk med Vipps' });
    await card.getByText('Aktiv', { exact: true }).waitFor();
    await card.getByText('kr 1 450').waitFor();
    expect(await card.getByRole('button', { name: 'Start avtale med Vipps' }).count()).toBe(0);
    await card.getByRole('button', { name: 'Stopp avtalen' }).waitFor();
    await card.scrollIntoViewIfNeeded();
    await look(page, 'agreement-from-signup', width);
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

      // Each payer with a yearly agreement: the registration paid once by the agreement's initial charge, and the agreement active.
      const joined = await db.query<{
        state: string;
        kind: string;
        captured_amount: number;
        agreement_state: string;
        charges: { type: string; status: string; amount: number }[];
      }>(
        `SELECT r.state, r.kind, r.captured_amount, g.state AS agreement_state,
                (SELECT json_agg(json_build_object('type', c.type, 'status', c.status, 'amount', c.amount)) FROM vipps_test_charges c WHERE c.agreement_id = r.vipps_agreement_id) AS charges
           FROM vipps_registrations r JOIN accounts a ON a.id = r.member_id JOIN vipps_agreements g ON g.vipps_agreement_id = r.vipps_agreement_id AND g.member_id = a.id
          WHERE a.email = ANY($1)`,
        [agreementPayers],
      );
      expect(joined).toHaveLength(agreementPayers.length);
      for (const row of joined) {
        expect(row).toEqual({
          state: 'CAPTURED',
          kind: 'agreement',
          captured_amount: 145000,
          agreement_state: 'ACTIVE',
          charges: [{ type: 'INITIAL', status: 'CHARGED', amount: 145000 }],
        });
      }
    } finally {
      await db.close();
    }
  });
});
