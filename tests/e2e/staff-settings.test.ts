/**
 * The settings area in Chromium: the e-mail templates in the rich-text editor, campaign codes with
 * their QR code (decoded back to the sign-up address and used to sign up), the Vipps report and
 * the Tripletex sync against a fake Tripletex on loopback; axe, keyboard and screenshots.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { format, startOfMonth, subMonths } from 'date-fns';
import { openPglite } from '../../server/db/pglite.ts';
import { api, apiLogin, checkA11y, openPage, screenshot, STAFF, typeStaffDate, usePortal, settled, openSignedIn } from './harness.ts';
import { startFakeTripletex, type FakeTripletex } from '../server/fakes/tripletex.ts';
import { memberByEmail, tabTo } from './min-side-steps.ts';

let token: string;
let fake: FakeTripletex;
/** The invoices of the Vipps report's second tab: paid on Min side, and charged on an agreement. */
const invoiceNumbers: number[] = [];

// Last month as the portal counts it, from today in Europe/Oslo: between 23:00 and midnight UTC on a
// month's last day Oslo is already in the next month, and the page's default period with it.
const osloToday = new Date(`${new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(new Date())}T12:00:00`);
const lastMonth = subMonths(osloToday, 1);
const lastMonthDay = (day: number) => format(new Date(lastMonth.getFullYear(), lastMonth.getMonth(), day, 12), "yyyy-MM-dd'T'12:00:00+01:00");
const lastMonthDate = (day: number) => format(new Date(lastMonth.getFullYear(), lastMonth.getMonth(), day, 12), 'dd-MM-yyyy');
const osloTime = (at: string) => new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', hour: '2-digit', minute: '2-digit' }).format(new Date(at));

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
  }),
  // The Vipps checkout is built elsewhere: the report's rows are put in the database before the server starts.
  async seed(dataDir) {
    const db = await openPglite({ dataDir });
    try {
      for (const [reference, day] of [
        ['e2e-vipps-0001', 3],
        ['e2e-vipps-0002', 20],
      ] as const) {
        await db.query(
          `INSERT INTO vipps_registrations (reference, campaign_code, amount, state, payer, created_at)
           VALUES ($1, 'STUDENT', 145000, 'AUTHORIZED', $2, $3)`,
          [reference, JSON.stringify({ given_name: 'Vilde', family_name: 'Vipps', email: `${reference}@example.no` }), lastMonthDay(day)],
        );
      }
      // The second tab's: an invoice paid with Vipps on Min side and a failed charge on an agreement.
      const [paid, charged] = await db.query<{ id: number; number: number; member_id: number; total_ore: number; due_date: string }>(
        'SELECT id, number, member_id, total_ore, due_date::text AS due_date FROM invoices ORDER BY id LIMIT 2',
      );
      invoiceNumbers.push(paid.number, charged.number);
      await db.query(
        `INSERT INTO invoice_vipps_payments (invoice_id, member_id, attempt, reference, amount, state, authorized_amount, capture_amount, created_at)
         VALUES ($1, $2, 1, $3, $4, 'CAPTURED', $4, $4, $5)`,
        [paid.id, paid.member_id, `faktura-${paid.number}-1`, paid.total_ore, lastMonthDay(5)],
      );
      const [agreement] = await db.query<{ id: number }>(
        `INSERT INTO vipps_agreements (member_id, vipps_agreement_id, state, price_ore, product_id, product_name)
         SELECT $1, 'agr_e2e_rapport', 'ACTIVE', $2, id, name FROM products ORDER BY id LIMIT 1 RETURNING id`,
        [charged.member_id, charged.total_ore],
      );
      await db.query(
        `INSERT INTO vipps_charges (agreement_id, invoice_id, order_id, amount_ore, due_date, retry_days, state, failure_reason, created_at)
         VALUES ($1, $2, $3, $4, $5, 5, 'FAILED', 'Kortet ble avvist', $6)`,
        [agreement.id, charged.id, `mp-faktura-${charged.number}`, charged.total_ore, charged.due_date, lastMonthDay(12)],
      );
    } finally {
      await db.close();
    }
  },
});

beforeAll(async () => {
  token = await apiLogin(e2e.portal, STAFF.email, STAFF.password);
});

/** Lets a dialog finish fading in, as the eye would, before it is checked or photographed. */

async function staffPage(pathname: string, width?: number): Promise<Page> {
  const page = await openSignedIn(e2e.browser, e2e.portal, 'staff', pathname, { width });
  await page.getByRole('heading', { level: 1 }).waitFor();
  return page;
}

async function look(page: Page, name: string, width: number) {
  await checkA11y(page, `${name} at ${width} px`);
  await screenshot(page, `staff-settings-${name}-${width}`);
}

describe.each([1440, 390])('the settings pages at %i px', (width) => {
  it('show their titles, pass axe and are photographed; /settings/anything goes back to /settings', async () => {
    const page = await staffPage('/settings/finnes-ikke', width);
    await page.waitForURL(/\/settings$/);
    await page.getByRole('heading', { level: 1, name: 'INNSTILLINGER' }).waitFor();
    await page.getByRole('heading', { name: 'Synkroniser ordre' }).waitFor();
    await page.getByRole('heading', { name: 'Innhold på Min side' }).waitFor();
    await look(page, 'index', width);
    for (const [pathname, title, name] of [
      ['/settings/system-message', 'SYSTEM MELDINGER', 'templates'],
      ['/settings/promo-code', 'KAMPANJE KODE', 'campaigns'],
      ['/settings/vipps-rapport', 'VIPPS RAPPORT', 'vipps'],
      ['/settings/vipps-rapport?tab=invoices', 'VIPPS RAPPORT', 'vipps-invoices'],
      ['/settings/content', 'INNHOLD', 'content'],
    ] as const) {
      await page.goto(`${e2e.portal.baseUrl}${pathname}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await page.waitForFunction(() => !document.querySelector('[role="progressbar"]'));
      await look(page, name, width);
    }
    await page.context().close();
  });
});

describe('e-mail templates', () => {
  it("edit template 1 in the rich-text editor by keyboard, and a membership request's reject text starts from it", async () => {
    const page = await staffPage('/settings/system-message');
    await page.getByRole('cell', { name: 'Søknaden din om medlemskap', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Rediger e-postmal 1' });
    await dialog.waitFor();
    await settled(page);
    await look(page, 'template-dialog', 1440);

    // The toolbar is reachable by keyboard from the subject field.
    await dialog.getByRole('textbox', { name: 'Emne' }).focus();
    await tabTo(page, 'Fet');
    const editor = dialog.locator('.ProseMirror');
    await editor.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Kjære ');
    await dialog.getByRole('button', { name: 'Fornavn {first_name}' }).click();
    // The editor takes focus back on the next frame (tiptap's focus command); type once it has.
    await expect.poll(() => editor.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.type(', vi har dessverre ikke plass til flere medlemmer akkurat nå.');
    await dialog.getByRole('button', { name: 'Lagre' }).click();
    await page.getByText('Epost malen har blitt oppdatert').first().waitFor();
    await dialog.waitFor({ state: 'detached', timeout: 5000 });

    const { body: template } = await api(e2e.portal, token, 'GET', '/api/emails/template/1');
    expect(template.data.content).toBe('<p>Kjære {first_name}, vi har dessverre ikke plass til flere medlemmer akkurat nå.</p>');
    // The membership-request area is not on main yet: the reject dialog's text comes from this preview route.
    const { body: pending } = await api(e2e.portal, token, 'GET', '/api/subscription/list/pending-memberships?per_page=25');
    const applicant = pending.data[0].member;
    const { body: preview } = await api(e2e.portal, token, 'GET', `/api/emails/template/1/preview?member_id=${applicant.id}`);
    expect(preview.data.html).toBe(`<p>Kjære ${applicant.first_name}, vi har dessverre ikke plass til flere medlemmer akkurat nå.</p>`);
    await page.context().close();
  });

  it("refuses a bad sender address with 'Ugyldig Epost format' and keeps what was typed", async () => {
    const page = await staffPage('/settings/system-message');
    await page.getByRole('button', { name: 'Rediger: Instrumentforsikringen din' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rediger e-postmal 2' });
    await dialog.getByRole('textbox', { name: 'Avsender (e-post)' }).fill('forsikring-example');
    await dialog.getByRole('textbox', { name: 'Emne' }).fill('Instrumentforsikringen din (ny)');
    await dialog.getByText('Ugyldig Epost format').waitFor();
    // Lagre is offered only for a valid form (spec section 4).
    expect(await dialog.getByRole('button', { name: 'Lagre' }).isDisabled()).toBe(true);
    expect(await dialog.getByRole('textbox', { name: 'Emne' }).inputValue()).toBe('Instrumentforsikringen din (ny)');
    await page.context().close();
  });

  it('stores a template without <script> and onerror', async () => {
    const { status, body } = await api(e2e.portal, token, 'PATCH', '/api/emails/template/2', {
      content: '<p>Hei {first_name}</p><script>alert(1)</script><img src="https://example.no/x.png" onerror="alert(2)">',
    });
    expect(status).toBe(200);
    expect(body.data.content).not.toMatch(/<script|onerror/);
    expect(body.data.content).toContain('<p>Hei {first_name}</p>');
  });

  it('previews a template for a member and sends a test to the signed-in staff user, which the message log shows', async () => {
    const page = await staffPage('/settings/system-message');
    await page.getByRole('cell', { name: 'Reiseforsikringen din', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Rediger e-postmal 3' });
    const { body: members } = await api(e2e.portal, token, 'GET', '/api/member/list?per_page=25&sort=id');
    const member = members.data[0];
    const picker = dialog.getByRole('combobox', { name: 'Fyll inn for medlem' });
    await picker.fill(member.last_name);
    await page
      .getByRole('option', { name: new RegExp(`${member.first_name} ${member.last_name}`) })
      .first()
      .click();
    await dialog.getByRole('button', { name: 'Vis forhåndsvisning' }).click();
    await dialog
      .getByTestId('template-preview')
      .frameLocator('iframe[title="E-posten slik medlemmet får den"]')
      .getByText(`Hei ${member.first_name} ${member.last_name},`)
      .waitFor();
    await dialog.getByRole('button', { name: 'Send en test til meg' }).click();
    await page.getByText(`Testen er sendt til ${STAFF.email}`).waitFor();
    await screenshot(page, 'staff-settings-template-preview-1440');
    const { body: log } = await api(e2e.portal, token, 'GET', '/api/emails/logs/list?sort=-id&per_page=25');
    expect(log.data[0]).toMatchObject({ subject: '[Test] Reiseforsikringen din', email_to: STAFF.email });
    expect(log.data[0].content).toContain(`Hei ${member.first_name} ${member.last_name},`);
    await page.context().close();
  });
});

describe('campaign codes', () => {
  it('creates a code, downloads its QR png that decodes to the sign-up address, and a sign-up through it carries the code', async () => {
    const page = await staffPage('/settings/promo-code');
    await page.getByRole('button', { name: 'Opprett kampanjekode' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ny kampanjekode' });
    // The empty form offers no Lagre (spec section 4).
    await dialog.getByRole('textbox', { name: 'Navn' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Lagre' }).isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Navn' }).fill('Festivalkampanje');
    await dialog.getByRole('textbox', { name: 'Kode' }).fill('FESTIVAL26');
    await typeStaffDate(dialog.getByRole('textbox', { name: 'Startdato' }), format(startOfMonth(new Date()), 'ddMMyyyy'));
    await settled(page);
    await look(page, 'campaign-dialog', 1440);
    await dialog.getByRole('button', { name: 'Lagre' }).click();
    await page.getByText('Kampanje kode er opprettet').first().waitFor();
    await page.getByRole('cell', { name: 'FESTIVAL26', exact: true }).waitFor();

    // The same code in another letter case is refused on the code field.
    await page.getByRole('button', { name: 'Opprett kampanjekode' }).click();
    const again = page.getByRole('dialog', { name: 'Ny kampanjekode' });
    await again.getByRole('textbox', { name: 'Navn' }).fill('Kopi');
    await again.getByRole('textbox', { name: 'Kode' }).fill('festival26');
    await typeStaffDate(again.getByRole('textbox', { name: 'Startdato' }), format(new Date(), 'ddMMyyyy'));
    await again.getByRole('button', { name: 'Lagre' }).click();
    await again.getByText('Kampanjekoden finnes allerede').waitFor();
    await again.getByRole('button', { name: 'Avbryt' }).click();

    await page.getByRole('button', { name: 'QR-kode: FESTIVAL26' }).click();
    const qr = page.getByRole('dialog', { name: 'QR-kode for FESTIVAL26' });
    await settled(page);
    await look(page, 'campaign-qr', 1440);
    const [download] = await Promise.all([page.waitForEvent('download'), qr.getByRole('button', { name: 'Last ned PNG' }).click()]);
    const file = await download.path();
    const png = PNG.sync.read(readFileSync(file!));
    expect([png.width, png.height]).toEqual([500, 500]);
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    const url = `${e2e.portal.baseUrl}/new-member?campaign_code=FESTIVAL26`;
    expect(decoded?.data).toBe(url);
    await page.context().close();

    const signUp = await openPage(e2e.browser, e2e.portal, new URL(url).pathname + new URL(url).search);
    expect(await signUp.getByLabel('Kampanjekode').inputValue()).toBe('FESTIVAL26');
    const email = 'festival.sanger@example.no';
    await signUp.getByLabel('Fornavn').fill('Frida');
    await signUp.getByLabel('Etternavn').fill('Festival');
    await signUp.getByLabel('Mobil').fill('41234567');
    await signUp.getByLabel('E-post').fill(email);
    await signUp.getByLabel(/^Passord/).fill('festival123');
    await signUp.getByLabel('Bekreft passord').fill('festival123');
    await signUp.getByLabel('Jeg godtar vilkårene for medlemskap').check();
    await signUp.getByRole('button', { name: 'Send søknad' }).click();
    await signUp.waitForURL(/\/new-member\/update\/\d+$/);
    const applicant = await memberByEmail(e2e.portal, token, email);
    const { body } = await api(e2e.portal, token, 'GET', `/api/member/${applicant.id}`);
    expect(body.data.campaign_code).toBe('FESTIVAL26');
    await signUp.context().close();
  });
});

describe('the Vipps report', () => {
  it("exports last month's registrations as vipps_registrations.csv, and says 'Ukjent feil - prøv igjen' for a month without any", async () => {
    const page = await staffPage('/settings/vipps-rapport');
    const from = page.getByRole('textbox', { name: 'Fra dato' });
    expect(await from.inputValue()).toBe(format(startOfMonth(lastMonth), 'dd/MM/yyyy'));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Eksporter (csv)' }).click()]);
    expect(download.suggestedFilename()).toBe('vipps_registrations.csv');
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain('e2e-vipps-0001');
    expect(csv).toContain('e2e-vipps-0002');

    await typeStaffDate(from, '01012000');
    const to = page.getByRole('textbox', { name: 'Til dato' });
    await typeStaffDate(to, '31012000');
    await expect.poll(() => to.inputValue()).toBe('31/01/2000');
    await page.getByRole('button', { name: 'Eksporter (csv)' }).click();
    await page.getByRole('alert').filter({ hasText: 'Ukjent feil - prøv igjen' }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'Ingen Vipps-registreringer i perioden.' }).waitFor();
    await page.context().close();
  });

  it("exports last month's invoice payments and charges from 'Fakturaer og trekk', chosen by keyboard, as CSV and XLSX", async () => {
    const page = await staffPage('/settings/vipps-rapport');
    const first = page.getByRole('tab', { name: 'Innmeldinger' });
    expect(await first.getAttribute('aria-selected')).toBe('true');
    await first.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/settings\/vipps-rapport\?tab=invoices$/);
    const panel = page.getByRole('tabpanel', { name: 'Fakturaer og trekk' });
    await panel.getByText('vipps_fakturabetalinger', { exact: false }).waitFor();
    const from = panel.getByRole('textbox', { name: 'Fra dato' });
    expect(await from.inputValue()).toBe(format(startOfMonth(lastMonth), 'dd/MM/yyyy'));
    await checkA11y(page, 'the Vipps report tab of invoice payments');

    const [csvFile] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Eksporter (csv)' }).click()]);
    expect(csvFile.suggestedFilename()).toBe('vipps_fakturabetalinger.csv');
    const lines = readFileSync((await csvFile.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Type;Referanse;Dato;Tid;Status;Beløp (kr);Fakturanummer;KID;Medlemsnummer;Fornavn;Etternavn;E-post;Feil/årsak');
    const [paidNumber, chargedNumber] = invoiceNumbers;
    const rows = lines.slice(1).map((line) => line.split(';'));
    expect(rows.map((row) => [row[0], row[1], row[2], row[3], row[4], row[6], row[12]])).toEqual([
      ['Trekk', `mp-faktura-${chargedNumber}`, lastMonthDate(12), osloTime(lastMonthDay(12)), 'FAILED', String(chargedNumber), 'Kortet ble avvist'],
      ['Betaling', `faktura-${paidNumber}-1`, lastMonthDate(5), osloTime(lastMonthDay(5)), 'CAPTURED', String(paidNumber), ''],
    ]);
    const [xlsxFile] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Eksporter (xlsx)' }).click()]);
    expect(xlsxFile.suggestedFilename()).toBe('vipps_fakturabetalinger.xlsx');
    expect(
      readFileSync((await xlsxFile.path())!)
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');

    await typeStaffDate(from, '01012000');
    const to = panel.getByRole('textbox', { name: 'Til dato' });
    await typeStaffDate(to, '31012000');
    await expect.poll(() => to.inputValue()).toBe('31/01/2000');
    await panel.getByRole('button', { name: 'Eksporter (csv)' }).click();
    await page.getByRole('alert').filter({ hasText: 'Ukjent feil - prøv igjen' }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'Ingen Vipps-betalinger eller trekk av fakturaer i perioden.' }).waitFor();
    await checkA11y(page, 'the Vipps report tab of invoice payments with nothing to export');
    await page.context().close();
  });
});

describe('the Tripletex sync', () => {
  it('runs against the fake Tripletex twice: the second run creates nothing', async () => {
    const page = await staffPage('/settings');
    const run = page.getByRole('button', { name: 'Synkroniser ordre med Tripletex' });
    // The sync sends customers and orders to the accounting system: it asks first.
    const confirmRun = async () => {
      await run.click();
      const dialog = page.getByRole('dialog', { name: 'Synkroniser ordre med Tripletex?' });
      await dialog.getByRole('button', { name: 'Synkroniser' }).click();
    };
    await confirmRun();
    await page.getByText('Synkroniserer med Tripletex...').first().waitFor();
    const result = page.getByRole('status').filter({ hasText: 'Kunder opprettet' });
    await result.waitFor({ timeout: 90_000 });
    const created = fake.orders.length;
    expect(created).toBeGreaterThan(0);
    expect(await result.textContent()).toContain(`ordre opprettet: ${created}`);
    await screenshot(page, 'staff-settings-tripletex-1440');

    await expect.poll(() => run.isEnabled()).toBe(true);
    await confirmRun();
    await page.getByRole('status').filter({ hasText: 'ordre opprettet: 0' }).waitFor({ timeout: 90_000 });
    expect(fake.orders).toHaveLength(created);
    expect(new Set(fake.orders.map((order) => order.reference)).size).toBe(created);
    const { body } = await api(e2e.portal, token, 'GET', '/api/dev/sync-tripletex/runs');
    expect(body.data.map((entry: { state: string; orders_created: number }) => [entry.state, entry.orders_created])).toEqual([
      ['done', 0],
      ['done', created],
    ]);
    await page.context().close();
  });
});

describe.each([1440, 390])('the reset template at %i px', (width) => {
  it('explains where the button with the secret link goes, passes axe and is photographed', async () => {
    const page = await staffPage('/settings/system-message', width);
    await page.getByRole('cell', { name: 'Lag nytt passord', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Rediger e-postmal 6' });
    await dialog.waitFor();
    await settled(page);
    const hint = dialog.getByTestId('template-button-hint');
    await hint.getByText('Slik plasseres knappen med lenken').waitFor();
    await dialog.getByRole('button', { name: 'Knapp med lenke {button}' }).waitFor();
    await hint.scrollIntoViewIfNeeded();
    await look(page, 'template-button-hint', width);
    await page.context().close();
  });
});
