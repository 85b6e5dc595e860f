/**
 * The billing area in Chromium at a desk and on a phone: next year's prices, the invoice list
 * with its totals and 'Bare forfalte', the aging on its front, an invoice paid by hand and credited, and the overdue mark
 * and filter in the member overview and the invoices on the member page, and the bank's OCR file
 * read in, booked and its unmatched payment placed; axe, keyboard and screenshots of each.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { format } from 'date-fns';
import { api, apiLogin, checkA11y, screenshot, STAFF, usePortal, settled, openSignedIn } from './harness.ts';
import { tabTo } from './min-side-steps.ts';
import { makeKid } from '../../server/lib/kid.ts';
import { todayInOslo } from '../../server/domain/shared/oslo-date.ts';
import { writeOcrGiro } from '../../server/lib/ocr-giro.ts';
import { formatKroner, todayIso } from '../../src/common/format.ts';

const e2e = usePortal();
let token: string;

beforeAll(async () => {
  token = await apiLogin(e2e.portal, STAFF.email, STAFF.password);
});

interface InvoiceRow {
  id: number;
  number: string;
  member_id: number;
  total: number;
  paid: number;
  outstanding: number;
  state: string;
  overdue: boolean;
  kid: string;
}

async function invoices(query: string): Promise<{ total: number; data: InvoiceRow[] }> {
  const { status, body } = await api(e2e.portal, token, 'GET', `/api/invoice/list?per_page=100${query}`);
  expect(status).toBe(200);
  return body;
}

/** Lets a dialog finish fading in, as the eye would, before it is checked or photographed. */

async function staffPage(pathname: string, width: number): Promise<Page> {
  const page = await openSignedIn(e2e.browser, e2e.portal, 'staff', pathname, { width });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  return page;
}

async function look(page: Page, name: string, width: number) {
  await checkA11y(page, `${name} at ${width} px`);
  await screenshot(page, `staff-billing-${name}-${width}`);
}

/** The page fits a phone's width: nothing scrolls the whole page sideways (tables scroll in their own box). */
async function fits(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** The account the portal checks an OCR file's assignments against (BANK_ACCOUNT's default). */
const BANK_ACCOUNT = '15031234562';

/** A bank's OCR file (ISO-8859-1, CRLF) with the given payments, each to a KID, paid today. */
function ocrFile(transmission: string, payments: { kid: string; amountOre: number }[]): Buffer {
  const today = format(new Date(), 'yyyy-MM-dd');
  return Buffer.from(
    writeOcrGiro({
      transmissionNumber: transmission,
      dataRecipient: '00123456',
      date: today,
      assignments: [
        {
          assignmentNumber: transmission,
          agreementId: '000123456',
          account: BANK_ACCOUNT,
          transactions: payments.map((payment) => ({ date: today, ...payment })),
        },
      ],
    }),
    'latin1',
  );
}

const thisYear = new Date().getFullYear();
/** A count as the page writes it: thousands apart by a space. */
const spaced = (count: number) => String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

describe.each([1440, 390])('billing at %i px', (width) => {
  it("sets next year's prices, which are there after a reload", async () => {
    const page = await staffPage('/settings/prices', width);
    await page.getByRole('heading', { level: 1, name: 'PRISER' }).waitFor();
    const fields = page.getByRole('textbox', { name: new RegExp(`^Pris ${thisYear + 1}: `) });
    await fields.first().waitFor();
    await look(page, 'prices', width);
    const price = width === 1440 ? '1 234' : '987';
    const first = fields.first();
    const name = (await first.getAttribute('aria-label'))!;
    await first.fill(price);
    // Saved from the keyboard: Enter in a price field sends the form.
    await first.press('Enter');
    await page
      .getByText(`Prisene for ${thisYear + 1} er lagret`)
      .first()
      .waitFor();

    await page.reload();
    const again = page.getByRole('textbox', { name, exact: true });
    await expect.poll(() => again.inputValue()).toBe(price.replace(' ', ''));
    const { body } = await api(e2e.portal, token, 'GET', `/api/price/list?year=${thisYear + 1}`);
    expect(body.data.map((row: { price: number }) => row.price)).toContain(Number(price.replace(' ', '')));
    await page.context().close();
  });

  it("lists the invoices with their totals and narrows them to 'Bare forfalte'", async () => {
    const all = await invoices('');
    const overdue = await invoices('&filter[overdue]=1');
    expect(all.total).toBeGreaterThan(overdue.total);
    expect(overdue.total).toBeGreaterThan(0);
    const page = await staffPage('/payments', width);
    await page.getByRole('heading', { level: 1, name: 'Betaling' }).waitFor();
    const totals = page.getByRole('region', { name: 'Summer for fakturaene i utvalget' });
    const count = totals.locator('dd').first();
    await expect.poll(() => count.textContent()).toBe(String(all.total));
    await totals.getByText('Utestående').waitFor();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(Math.min(25, all.total));
    await page.getByRole('link', { name: all.data.find((row) => row.id === Math.max(...all.data.map((r) => r.id)))!.number, exact: true }).waitFor();
    await look(page, 'payments', width);

    // The checkbox by keyboard.
    const onlyOverdue = page.getByRole('checkbox', { name: 'Bare forfalte' });
    await onlyOverdue.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => count.textContent()).toBe(String(overdue.total));
    await expect.poll(() => page.locator('tbody tr').count()).toBe(Math.min(25, overdue.total));
    for (const row of overdue.data.slice(0, 3)) await page.getByRole('link', { name: row.number, exact: true }).waitFor();
    await look(page, 'payments-overdue', width);
    await page.context().close();
  });

  it('shows what is outstanding by age on the front, and an age chosen by keyboard narrows the list to its invoices', async () => {
    const { status, body } = await api(e2e.portal, token, 'GET', '/api/invoice/aging');
    expect(status).toBe(200);
    const aging = body.data as {
      buckets: { bucket: string; count: number; outstanding: number }[];
      outstanding: number;
      invoiced: number;
      paid: number;
      year: number;
    };
    const page = await staffPage('/payments', width);
    const region = page.getByRole('region', { name: 'Utestående etter alder' });
    const labels: Record<string, string> = {
      not_due: 'Ikke forfalt',
      '1-30': '1–30 dager',
      '31-60': '31–60 dager',
      '61-90': '61–90 dager',
      over_90: 'Over 90 dager',
    };
    for (const row of aging.buckets) {
      const button = region.getByRole('button', { name: new RegExp(`^${labels[row.bucket]}`) });
      await expect.poll(() => button.textContent()).toContain(formatKroner(row.outstanding));
    }
    await region.getByText(`Fakturert i år (${aging.year})`).waitFor();
    expect(await region.locator('dd').first().textContent()).toBe(formatKroner(aging.outstanding));
    await fits(page, width);
    await look(page, 'payments-aging', width);

    // The age with the most invoices past due, by keyboard: the list and its totals narrow to it.
    const pastDue = aging.buckets.filter((row) => row.bucket !== 'not_due').sort((a, b) => b.count - a.count)[0];
    expect(pastDue.count).toBeGreaterThan(0);
    const button = region.getByRole('button', { name: new RegExp(`^${labels[pastDue.bucket]}`) });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
    const totals = page.getByRole('region', { name: 'Summer for fakturaene i utvalget' });
    await expect.poll(() => totals.locator('dd').first().textContent()).toBe(String(pastDue.count));
    await expect.poll(() => totals.locator('dd').last().textContent()).toBe(formatKroner(pastDue.outstanding));
    await fits(page, width);
    await look(page, 'payments-aging-chosen', width);
    await page.context().close();
  });

  it('registers a payment of 100,50 by keyboard, pauses its reminders, and crediting asks for a reason', async () => {
    // Something left after 100,50, so it becomes 'Delvis betalt'; the first width credits its invoice, so the next takes another.
    const open = (await invoices('')).data.filter((row) => row.outstanding > 10050 && !['draft', 'credited'].includes(row.state));
    const invoice = open.find((row) => row.paid === 0) ?? open[0];
    expect(invoice).toBeDefined();
    if (!invoice) return;
    const { body: before } = await api(e2e.portal, token, 'GET', `/api/invoice/${invoice.id}`);
    const earlier = (before.data.payments as unknown[]).length;
    const page = await staffPage(`/payments/${invoice.id}`, width);
    await page.getByRole('heading', { level: 1, name: `Faktura ${invoice.number}` }).waitFor();
    const facts = page.getByRole('region', { name: 'Om fakturaen' });
    await page.getByRole('heading', { name: 'Innbetalinger' }).waitFor();
    if (earlier === 0) await page.getByText('Ingen innbetalinger').waitFor();
    await look(page, 'invoice', width);

    await page.getByRole('button', { name: 'Registrer innbetaling' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Registrer innbetaling på faktura ${invoice.number}` });
    await dialog.waitFor();
    const amount = dialog.getByRole('textbox', { name: /Beløp \(kr\)/ });
    await expect.poll(() => amount.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type('100,50');
    // The date starts as today (what a payment registered at the desk usually has); typing dates is staff-dates.test.ts's.
    // Today in Oslo, as the form and the list show it (the test's clock may be on UTC past midnight there).
    const paidOn = todayInOslo().split('-').reverse().join('-');
    // MUI's select names itself by aria-labelledby, which tabTo does not read: the keyboard takes it from here.
    await dialog.getByRole('combobox', { name: /Metode/ }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: 'Kontant' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.getByRole('combobox', { name: /Metode/ }).textContent()).toContain('Kontant');
    await settled(page);
    await look(page, 'payment-dialog', width);
    await tabTo(page, 'Registrer');
    await page.keyboard.press('Enter');
    await page.getByText('Innbetalingen er registrert').first().waitFor();
    await dialog.waitFor({ state: 'detached', timeout: 5000 });

    await facts.getByText('Delvis betalt').waitFor();
    const payments = page.getByRole('region', { name: 'Innbetalinger' });
    const row = payments.locator('tbody tr');
    await expect.poll(() => row.count()).toBe(earlier + 1);
    expect(await row.filter({ hasText: 'kr 100,50' }).first().innerText()).toMatch(new RegExp(`${paidOn}[\\s\\S]*kr 100,50[\\s\\S]*Kontant`));
    const { body } = await api(e2e.portal, token, 'GET', `/api/invoice/${invoice.id}`);
    expect(body.data).toMatchObject({ state: 'partly_paid', paid: invoice.paid + 10050, outstanding: invoice.outstanding - 10050 });
    await payments.scrollIntoViewIfNeeded();
    await look(page, 'invoice-paid', width);

    // Reminders wait while the rest is sorted out: two weeks ahead is offered, a reason is asked for.
    await page.getByRole('button', { name: 'Utsett purring' }).focus();
    await page.keyboard.press('Enter');
    const pause = page.getByRole('dialog', { name: `Utsett purring på faktura ${invoice.number}` });
    await pause.waitFor();
    const reason = pause.getByRole('textbox', { name: /Begrunnelse/ });
    await expect.poll(() => reason.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type('Avtalt betaling av resten i neste måned');
    await settled(page);
    await look(page, 'pause-dialog', width);
    await tabTo(page, 'Utsett purring');
    await page.keyboard.press('Enter');
    await page.getByText('Purringen er utsatt').first().waitFor();
    await pause.waitFor({ state: 'detached', timeout: 5000 });
    const [year, month, day] = todayIso().split('-').map(Number);
    const inTwoWeeks = new Date(Date.UTC(year, month - 1, day + 14)).toISOString().slice(0, 10).split('-').reverse().join('-');
    const pausedUntil = facts.getByText('Purring utsatt til', { exact: true }).locator('xpath=following-sibling::*[1]');
    await expect.poll(() => pausedUntil.textContent()).toBe(inTwoWeeks);
    await page
      .getByRole('region', { name: 'Historikk' })
      .getByText(/Avtalt betaling av resten i neste måned/)
      .waitFor();

    await page.getByRole('button', { name: 'Krediter', exact: true }).focus();
    await page.keyboard.press('Enter');
    const credit = page.getByRole('dialog', { name: `Krediter faktura ${invoice.number}` });
    await credit.waitFor();
    await tabTo(page, 'Krediter');
    await page.keyboard.press('Enter');
    await credit.getByText('Skriv årsaken til krediteringen').waitFor();
    await settled(page);
    await look(page, 'credit-dialog', width);
    await credit.getByRole('textbox', { name: /Årsak/ }).fill('Meldte seg ut før forfall');
    await tabTo(page, 'Krediter');
    await page.keyboard.press('Enter');
    await page.getByText('Fakturaen er kreditert').first().waitFor();
    await credit.waitFor({ state: 'detached', timeout: 5000 });
    await facts.getByText('Kreditert', { exact: true }).first().waitFor();
    await page.getByRole('region', { name: 'Kreditnotaer' }).getByText('Meldte seg ut før forfall').waitFor();
    await page.context().close();
  });

  it("marks members with an overdue invoice, 'Forfalt faktura' shows only them, and the member page lists the invoices", async () => {
    const { body } = await api(e2e.portal, token, 'GET', '/api/member/list?per_page=25&filter[overdue_invoice]=1');
    const marked = body.total as number;
    expect(marked).toBeGreaterThan(0);
    const page = await staffPage('/membership', width);
    await page.getByRole('heading', { level: 1, name: /MEDLEMMER$/ }).waitFor();
    const filter = page.getByRole('checkbox', { name: 'Forfalt faktura' });
    await filter.focus();
    await page.keyboard.press('Space');
    await page.getByRole('heading', { level: 1, name: marked === 1 ? '1 MEDLEM' : `${marked} MEDLEMMER` }).waitFor();
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(Math.min(25, marked));
    // Every row shown carries the mark.
    await expect.poll(() => rows.filter({ has: page.getByRole('img', { name: 'Forfalt faktura' }) }).count()).toBe(Math.min(25, marked));
    await look(page, 'members-overdue', width);

    const member = body.data[0] as { id: number; first_name: string; last_name: string };
    const { status, body: own } = await api(e2e.portal, token, 'GET', `/api/member/${member.id}/invoice`);
    expect(status, JSON.stringify(own)).toBe(200);
    const theirs = own.data as InvoiceRow[];
    expect(theirs.length).toBeGreaterThan(0);
    await page.goto(`${e2e.portal.baseUrl}/membership/edit/${member.id}`);
    await page.getByRole('heading', { level: 1, name: new RegExp(`${member.first_name} ${member.last_name}`) }).waitFor();
    const section = page.getByRole('region', { name: 'Fakturaer' });
    await section.scrollIntoViewIfNeeded();
    for (const invoice of theirs) await section.getByRole('link', { name: invoice.number, exact: true }).waitFor();
    await look(page, 'member-invoices', width);
    // The page fits a phone's width: nothing scrolls the whole page sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.context().close();
  });

  it('previews the renewal with who renews and why others do not, and runs it by keyboard with its progress', async () => {
    // At a desk next year's run is made; on the phone this year's preview is read (the same page, the other year).
    const year = width === 1440 ? thisYear + 1 : thisYear;
    const page = await staffPage('/settings/renewal', width);
    const leftOut = page.getByRole('region', { name: /^Fornyes: / });
    async function open() {
      await page.goto(`${e2e.portal.baseUrl}/settings/renewal`);
      await page.getByRole('heading', { level: 1, name: `FORNYELSE ${thisYear + 1}` }).waitFor();
      if (year === thisYear) {
        await page.getByRole('button', { name: String(thisYear), exact: true }).focus();
        await page.keyboard.press('Enter');
        await page.getByRole('heading', { level: 1, name: `FORNYELSE ${thisYear}` }).waitFor();
      }
      return (await leftOut.getByRole('heading').textContent()) ?? '';
    }
    // The start-up's lapse job may still end memberships: the page and the API agree once it is through.
    let preview: { data: { member_name: string }[]; summary: { renewing: number; amount: number; left_out: Record<string, number> } };
    await expect
      .poll(
        async () => {
          preview = (await api(e2e.portal, token, 'GET', `/api/renewal/${year}/preview?per_page=25`)).body;
          return (await open()).includes(` ${spaced(preview.summary.renewing)} medlemmer, `);
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(true);
    const { summary } = preview!;
    await leftOut.getByRole('row', { name: new RegExp(`Allerede fakturert for året ${spaced(summary.left_out.invoiced)}$`) }).waitFor();
    if (summary.renewing > 0) {
      const first = preview!.data[0];
      await page.getByRole('region', { name: 'Fakturaene fornyelsen lager' }).getByRole('rowheader', { name: first.member_name }).first().waitFor();
    }
    await look(page, `renewal-preview-${year}`, width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    if (year === thisYear) {
      await page.context().close();
      return;
    }

    expect(summary.renewing).toBeGreaterThan(0);
    await page.getByRole('button', { name: `Start fornyelsen for ${year}` }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Starte fornyelsen for ${year}?` });
    await dialog.waitFor();
    await settled(page);
    await checkA11y(page, `renewal confirmation at ${width} px`);
    await dialog.getByRole('button', { name: `Start fornyelsen for ${year}` }).focus();
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .getByText(new RegExp(`^Fornyelsen for ${year} ble ferdig .*: ${spaced(summary.renewing)} fakturaer laget`))
      .waitFor({ timeout: 60_000 });
    const { body: run } = await api(e2e.portal, token, 'GET', `/api/renewal/${year}`);
    expect(run.data).toMatchObject({ state: 'done', done: summary.renewing, amount: summary.amount });
    expect((await invoices(`&filter[year]=${year}`)).total).toBeGreaterThanOrEqual(summary.renewing);
    // Nothing is left to renew, so the button rests.
    await expect.poll(() => page.getByRole('button', { name: `Start fornyelsen for ${year}` }).isDisabled()).toBe(true);
    await page.getByText(`Ingen medlemmer skal fornyes for ${year}.`).waitFor();
    await look(page, 'renewal-done', width);
    await page.context().close();
  });

  it('reads in an OCR file by keyboard, books it, refuses it a second time and places its unmatched payment on another invoice', async () => {
    // Two open invoices of the demo data: one the file pays in full by its KID, one staff place the unknown KID's payment on.
    const open = (await invoices('&sort=-number')).data.filter((row) => row.outstanding > 10_000 && !['draft', 'credited'].includes(row.state));
    expect(open.length).toBeGreaterThan(1);
    const [paid, target] = open;
    // A transmission number of its own for each width and run (read in once only).
    const transmission = String(((Date.now() + width) % 9_000_000) + 1_000_000);
    const unknownKid = makeKid(9_999_999, 9_000_000 + (Date.now() % 999_999));
    const fileName = `OCR.${transmission}.txt`;
    const buffer = ocrFile(transmission, [
      { kid: paid.kid, amountOre: paid.outstanding },
      { kid: unknownKid, amountOre: 10_000 },
    ]);

    const page = await staffPage('/payments', width);
    await page.getByRole('heading', { level: 1, name: 'Betaling' }).waitFor();
    await page.getByRole('link', { name: 'Innbetalinger fra banken' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Innbetalinger' }).waitFor();
    await page.getByRole('region', { name: 'Filer lest inn' }).waitFor();
    await look(page, 'payment-files', width);
    await fits(page, width);

    // The file chosen as the OS dialog would (the button opens it), and read in from the keyboard.
    const input = page.getByLabel('OCR-fil fra banken');
    await input.setInputFiles({ name: fileName, mimeType: 'text/plain', buffer });
    await page.getByText(`Valgt fil: ${fileName}`).waitFor();
    await tabTo(page, 'Les inn');
    await page.keyboard.press('Enter');

    // The file's page: booked by the queue's job, then the payment on its invoice and the one without.
    await page.getByRole('heading', { level: 1, name: `Forsendelse ${transmission}` }).waitFor();
    await page.getByRole('status').getByText('Filen er ført. På fakturaen KID-en viser til: 1. Uten treff: 1.').waitFor({ timeout: 30_000 });
    const matched = page.getByRole('region', { name: 'Ført på faktura (1)' });
    await matched.getByRole('link', { name: String(paid.number), exact: true }).waitFor();
    expect(await matched.locator('tbody tr').innerText()).toMatch(/Betalt/);
    const unmatched = page.getByRole('region', { name: 'Uten treff (1)' });
    expect(await unmatched.locator('tbody tr').innerText()).toMatch(/kr 100,00[\s\S]*Ukjent KID/);
    const { body: afterBooking } = await api(e2e.portal, token, 'GET', `/api/invoice/${paid.id}`);
    expect(afterBooking.data).toMatchObject({ state: 'paid', outstanding: 0 });
    await look(page, 'payment-file', width);
    await fits(page, width);

    // The same transmission again: the server's words beside the form, the file still chosen.
    await page.getByRole('button', { name: 'Til innbetalingene' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Innbetalinger' }).waitFor();
    // The list says what the job has done since the upload.
    const ownRow = page
      .getByRole('region', { name: 'Filer lest inn' })
      .locator('tbody tr')
      .filter({ has: page.getByRole('link', { name: transmission, exact: true }) });
    await expect.poll(() => ownRow.innerText()).toContain('Ført');
    await page.getByLabel('OCR-fil fra banken').setInputFiles({ name: fileName, mimeType: 'text/plain', buffer });
    await tabTo(page, 'Les inn');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').getByText(`Denne filen er allerede lest inn (forsendelse ${transmission})`).waitFor();
    await page.getByText(`Valgt fil: ${fileName}`).waitFor();
    await look(page, 'payment-files-refused', width);
    await fits(page, width);

    // Back to the file by its row's link, and its unmatched payment placed on the other invoice, by keyboard.
    await page.getByRole('region', { name: 'Filer lest inn' }).getByRole('link', { name: transmission, exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: `Forsendelse ${transmission}` }).waitFor();
    await page.getByRole('button', { name: /^Plasser på faktura: kr 100,00/ }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Plasser innbetalingen på en faktura' });
    await dialog.waitFor();
    const field = dialog.getByRole('combobox', { name: /Faktura/ });
    await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);
    // A number is looked up by the server after a pause in typing; its answer replaces the list shown till then,
    // and a choice made in the old list is lost. So choose once the list is the answer's: that one invoice.
    const searched = page.waitForResponse((answer) => {
      const url = decodeURIComponent(answer.url());
      return url.includes('/api/invoice/list?') && url.includes(`filter[number]=${target.number}`);
    });
    await page.keyboard.type(String(target.number));
    expect((await searched).ok()).toBe(true);
    const option = page.getByRole('option', { name: new RegExp(`^${target.number}: `) });
    await expect.poll(() => page.getByRole('option').count()).toBe(1);
    await option.waitFor();
    for (let presses = 0; presses < 10 && (await option.getAttribute('class'))?.includes('Mui-focused') !== true; presses++) {
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    await expect.poll(() => field.inputValue()).toMatch(new RegExp(`^${target.number}: `));
    await settled(page);
    await look(page, 'place-dialog', width);
    await tabTo(page, 'Plasser');
    await page.keyboard.press('Enter');
    await page.getByText('Innbetalingen er plassert').first().waitFor();
    await dialog.waitFor({ state: 'detached', timeout: 5000 });
    await unmatched.getByRole('link', { name: String(target.number), exact: true }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: /^Plasser på faktura/ }).count()).toBe(0);
    await page.getByRole('status').getByText('Alt er ført.').waitFor();
    const { body: placed } = await api(e2e.portal, token, 'GET', `/api/invoice/${target.id}`);
    expect(placed.data.outstanding).toBe(target.outstanding - 10_000);
    await look(page, 'payment-file-placed', width);
    await fits(page, width);
    await page.context().close();
  });
});
