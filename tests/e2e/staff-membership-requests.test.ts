/**
 * Staff handling membership applications on fresh demo data: rejecting one by keyboard with the
 * prefilled reason, accepting three, the declined list, reopening from the request's page, the
 * CSV export, and the pages at desktop and phone widths.
 */
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, apiLogin, checkA11y, screenshot, STAFF, usePortal, openSignedIn } from './harness.ts';

const e2e = usePortal();
let token: string;

interface QueueRow {
  id: number;
  member_id: number;
  member: { first_name: string; last_name: string; remote_id: number | null };
}

beforeAll(async () => {
  token = await apiLogin(e2e.portal, STAFF.email, STAFF.password);
});

/** The queue as the page first shows it: oldest application first. */
async function queue(): Promise<{ total: number; rows: QueueRow[] }> {
  const { body } = await api(e2e.portal, token, 'GET', '/api/subscription/list/pending-memberships?per_page=25&sort=created_at');
  return { total: body.total as number, rows: body.data as QueueRow[] };
}

const nameOf = (row: QueueRow) => `${row.member.first_name} ${row.member.last_name}`;
const bodyRow = (page: Page, name: string) => page.locator('tbody tr').filter({ has: page.getByRole('link', { name, exact: true }) });

async function openQueue(width = 1440): Promise<Page> {
  const page = await openSignedIn(e2e.browser, e2e.portal, 'staff', '/membership-request', { width });
  const { total } = await queue();
  await page.getByRole('heading', { level: 1, name: `FORESPØRSLER MEDLEMSKAP (${total})` }).waitFor();
  return page;
}

/** The requests group of the menu, opened: its entries carry the pending counts. */
async function requestsMenu(page: Page): Promise<void> {
  const group = page.getByRole('button', { name: /^Forespørsler/ });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
}

async function mailsTo(memberId: number): Promise<{ subject: string; status: string }[]> {
  const { body } = await api(e2e.portal, token, 'GET', `/api/emails/logs/list?filter[member_id]=${memberId}&filter[channel]=email&per_page=25`);
  return body.data;
}

describe('membership requests', () => {
  it('rejects one request by keyboard with the prefilled reason and the e-mail on; it moves to the declined page', async () => {
    const before = await queue();
    const target = before.rows[0];
    const name = nameOf(target);
    const page = await openQueue();
    await expect.poll(() => page.getByRole('button', { name: 'Avvis' }).isDisabled()).toBe(true);
    await requestsMenu(page);
    await page.getByRole('link', { name: `Medlemskap (${before.total})` }).waitFor();
    await page.getByText('Forespørsel').first().waitFor();
    await checkA11y(page, 'membership request queue');
    await screenshot(page, 'staff-membership-request-1440');

    // Zero or two rows: 'Avvis' stays disabled.
    const checkbox = (row: QueueRow) => bodyRow(page, nameOf(row)).getByRole('checkbox');
    await checkbox(before.rows[0]).click();
    await checkbox(before.rows[1]).click();
    await expect.poll(() => page.getByRole('button', { name: 'Avvis' }).isDisabled()).toBe(true);
    await checkbox(before.rows[1]).click();
    await checkbox(before.rows[0]).click();
    await expect.poll(() => page.getByRole('button', { name: 'Avvis' }).isDisabled()).toBe(true);

    // By keyboard: select the row with Space, then Tab to 'Avvis' and open it with Enter.
    await checkbox(target).focus();
    await page.keyboard.press('Space');
    await expect.poll(() => checkbox(target).isChecked()).toBe(true);
    const reject = page.getByRole('button', { name: 'Avvis' });
    await expect.poll(() => reject.isEnabled()).toBe(true);
    await reject.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Avvis søknaden fra ${name}` });
    await dialog.waitFor();
    const editor = dialog.locator('.ProseMirror');
    await expect.poll(() => editor.textContent()).toMatch(`Hei ${target.member.first_name} ${target.member.last_name}`);
    await expect.poll(() => dialog.getByLabel('Send begrunnelsen på e-post').isChecked()).toBe(true);
    await checkA11y(page, 'reject dialog');
    await screenshot(page, 'staff-membership-reject-dialog-1440');
    await dialog.getByRole('button', { name: 'Avvis' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Medlemskap avvist!').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // It leaves the queue and the badge drops by one.
    await page.getByRole('heading', { level: 1, name: `FORESPØRSLER MEDLEMSKAP (${before.total - 1})` }).waitFor();
    await page.getByRole('link', { name: `Medlemskap (${before.total - 1})` }).waitFor();
    await expect.poll(() => bodyRow(page, name).count()).toBe(0);

    // The mail is in the message log.
    const mails = await mailsTo(target.member_id);
    expect(mails.map((mail) => mail.subject)).toContain('Søknaden din om medlemskap');

    // The declined page shows it first, with 'Avvist', the reason, SENDT and UTFØRT AV.
    await page.getByRole('link', { name: 'Avviste forespørsler' }).click();
    await page.getByRole('heading', { level: 1, name: 'AVVISTE FORESPØRSLER MEDLEMSKAP' }).waitFor();
    const row = bodyRow(page, name);
    await row.waitFor();
    await expect.poll(() => row.textContent()).toMatch('Avvist');
    await expect.poll(() => row.textContent()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    await expect.poll(() => row.getByRole('img', { name: 'Ingrid Berg' }).isVisible()).toBe(true);
    await expect.poll(() => row.getByRole('link', { name: `Send melding til ${name}` }).getAttribute('href')).toMatch(/^mailto:/);
    await checkA11y(page, 'declined memberships');
    await screenshot(page, 'staff-membership-declined-1440');
    // The reason shows on keyboard focus of the button beside 'Avvist'.
    await row.getByRole('button', { name: `Begrunnelse for avvisningen av ${name}` }).focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await page.getByRole('tooltip').filter({ hasText: 'Takk for at du søkte om medlemskap hos oss.' }).waitFor();
    await checkA11y(page, 'declined memberships with the reason shown');
    await screenshot(page, 'staff-membership-declined-reason-1440');
    await page.context().close();
  });

  it('accepts three selected requests: each gets a member number, shows in the member overview and gets the welcome mail', async () => {
    const before = await queue();
    const chosen = before.rows.slice(0, 3);
    const page = await openQueue();
    for (const row of chosen) await bodyRow(page, nameOf(row)).getByRole('checkbox').click();
    await expect.poll(() => page.getByRole('button', { name: 'Avvis' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Aksepter' }).click();
    const confirm = page.getByRole('dialog', { name: 'Aksepter 3 søknader?' });
    for (const row of chosen)
      await confirm
        .getByRole('listitem')
        .filter({ hasText: nameOf(row) })
        .waitFor();
    await checkA11y(page, 'accept confirmation');
    await screenshot(page, 'staff-membership-accept-confirm-1440');
    await confirm.getByRole('button', { name: 'Aksepter' }).click();
    await page.getByText('Medlemen er akseptert!').waitFor();
    await page.getByRole('heading', { level: 1, name: `FORESPØRSLER MEDLEMSKAP (${before.total - 3})` }).waitFor();
    await requestsMenu(page);
    await page.getByRole('link', { name: `Medlemskap (${before.total - 3})` }).waitFor();

    const numbers: number[] = [];
    for (const row of chosen) {
      const { body } = await api(e2e.portal, token, 'GET', `/api/member/${row.member_id}`);
      expect(body.data.role_id).toBe(2);
      numbers.push(body.data.remote_id as number);
      expect((await mailsTo(row.member_id)).map((mail) => mail.subject)).toContain('Velkommen som medlem!');
    }
    expect(new Set(numbers).size).toBe(3);
    expect(numbers.every((number) => Number.isInteger(number))).toBe(true);

    await page.goto(`${e2e.portal.baseUrl}/membership`);
    for (const [index, row] of chosen.entries()) {
      const search = page.getByLabel('Søk etter medlem');
      await search.fill(String(numbers[index]));
      await page
        .locator('tbody tr')
        .filter({ hasText: nameOf(row) })
        .first()
        .waitFor();
    }
    await page.context().close();
  });

  it('a declined request reopened from its page is back in the queue', async () => {
    const { body } = await api(e2e.portal, token, 'GET', '/api/subscription/list/rejected?per_page=25');
    const declined = body.data[0] as QueueRow & { id: number };
    const name = nameOf(declined);
    const page = await openSignedIn(e2e.browser, e2e.portal, 'staff', '/membership-request/declined');
    await bodyRow(page, name).getByRole('link', { name, exact: true }).click();
    await page.waitForURL(new RegExp(`/membership-request/edit/${declined.id}$`));
    await page.getByRole('heading', { level: 1, name: `Forespørsel fra ${name}` }).waitFor();
    await page.getByRole('region', { name: 'Avvisningen' }).waitFor();
    await expect.poll(() => page.getByRole('region', { name: 'Avvisningen' }).textContent()).toMatch(/Avvist av.*\S/);
    await checkA11y(page, 'declined request page');
    await screenshot(page, 'staff-membership-request-edit-1440');

    await page.getByRole('button', { name: 'Åpne igjen som ventende' }).click();
    await page.getByText('Forespørselen venter igjen i køen').waitFor();
    await page.waitForURL(/\/membership-request$/);
    await page.getByLabel('Søk etter medlem').fill(name);
    await bodyRow(page, name).waitFor();
    await page.context().close();
  });

  it('exports the queue as CSV that opens in Excel (BOM, semicolons, æøå)', async () => {
    const page = await openQueue();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Eksporter liste (csv)' }).click()]);
    expect(download.suggestedFilename()).toBe('medlemskap-foresporsel.csv');
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    const [header, ...lines] = text.trim().split(/\r?\n/);
    expect(header).toBe('Medlemsnummer;Fornavn;Etternavn;E-post;Mobil;Adresse;Postnummer;Poststed;Artist/band;Søkt dato;Status;Varsel');
    expect(lines.length).toBe((await queue()).total);
    expect(lines.every((line) => line.includes(';Forespørsel'))).toBe(true);
    expect(text).toMatch(/[æøåÆØÅ]/);
    await page.context().close();
  });

  it('looks right at 390 px: the queue, the dialog, the declined list and a request page', async () => {
    const page = await openQueue(390);
    await checkA11y(page, 'membership request queue at 390');
    await screenshot(page, 'staff-membership-request-390');
    const { rows } = await queue();
    await bodyRow(page, nameOf(rows[0])).getByRole('checkbox').click();
    await page.getByRole('button', { name: 'Avvis' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('.ProseMirror').waitFor();
    await screenshot(page, 'staff-membership-reject-dialog-390');
    await dialog.getByRole('button', { name: 'Avbryt' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('link', { name: 'Avviste forespørsler' }).click();
    await page.getByRole('heading', { level: 1, name: 'AVVISTE FORESPØRSLER MEDLEMSKAP' }).waitFor();
    await page.locator('tbody tr').first().waitFor();
    await checkA11y(page, 'declined memberships at 390');
    await screenshot(page, 'staff-membership-declined-390');

    const { body } = await api(e2e.portal, token, 'GET', '/api/subscription/list/rejected?per_page=25');
    await page.goto(`${e2e.portal.baseUrl}/membership-request/edit/${body.data[0].id}`);
    await page.getByRole('region', { name: 'Søknaden' }).waitFor();
    await checkA11y(page, 'declined request page at 390');
    await screenshot(page, 'staff-membership-request-edit-390');

    await page.goto(`${e2e.portal.baseUrl}/membership-request/something/else`);
    await page.waitForURL(/\/membership-request$/);
    await page.context().close();
  });
});
