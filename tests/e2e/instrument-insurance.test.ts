/** Instrument insurance on both sides: a member's requests, staff's queue and decisions, staff's row editing, import and export. */
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatAmount } from '../../src/common/format.ts';
import { xlsxLooking } from '../server/zip-files.ts';
import { api, apiLogin, checkA11y, MEMBER, screenshot, STAFF, typeStaffDate, usePortal, settled, openSignedIn } from './harness.ts';

const e2e = usePortal();
let token: string;
let memberId: number;

beforeAll(async () => {
  token = await apiLogin(e2e.portal, STAFF.email, STAFF.password);
  const { body } = await api(e2e.portal, token, 'GET', `/api/member/list?filter[name]=${MEMBER.email}`);
  memberId = body.data[0].id;
  await api(e2e.portal, token, 'POST', '/api/instrument/new', {
    member_id: memberId,
    instrument_category: 1,
    make: 'Martin',
    model: 'D-28',
    serial_number: 'M-2828',
    value: 30000,
    status: 1,
  });
});

async function staffPage(path: string, width?: number): Promise<Page> {
  const page = await openSignedIn(e2e.browser, e2e.portal, 'staff', path, { width });
  return page;
}

async function fillNewRow(page: Page, label: string, values: { type: string; make: string; model: string; value: string }) {
  await page.getByLabel(`TYPE INSTRUMENT, ${label}`).selectOption({ label: values.type });
  await page.getByLabel(`FABRIKANT, ${label}`).fill(values.make);
  await page.getByLabel(`MODELL, ${label}`).fill(values.model);
  await page.getByLabel(`VERDI, ${label}`).fill(values.value);
}

async function workbook(rows: (string | number | null)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile('public/maler/instrumentforsikring-mal.xlsx')) as unknown as ArrayBuffer);
  for (const row of rows) book.worksheets[0].addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A demo member with no instruments at all. */
async function memberWithoutInstruments(skip: number[] = []): Promise<number> {
  for (let page = 1; page <= 20; page += 1) {
    const { body } = await api(e2e.portal, token, 'GET', `/api/member/list?per_page=100&page=${page}&sort=id`);
    for (const member of body.data as { id: number; has_instrument_insurance: boolean }[]) {
      if (member.has_instrument_insurance || skip.includes(member.id)) continue;
      const lists = (await api(e2e.portal, token, 'GET', `/api/member/${member.id}/instrument`)).body.data;
      if (lists.active.length + lists.requested.length + lists.deleted.length + lists.rejected.length === 0) return member.id;
    }
  }
  throw new Error('no member without instruments in the demo data');
}

describe('a member asks and staff decide', () => {
  it('the member adds two instruments and changes the value of an insured one at 390 px', async () => {
    const page = await openSignedIn(e2e.browser, e2e.portal, 'member', `/profile/edit/instrument-insurance/${memberId}`, { width: 390 });
    await page.getByRole('heading', { name: 'LEGG TIL INSTRUMENTER' }).waitFor();
    await page.getByText(/Last ned malen/).waitFor();
    // The four tabs take at most two rows at 390 px.
    const tops = await page.getByRole('tab').evaluateAll((tabs) => new Set(tabs.map((tab) => Math.round(tab.getBoundingClientRect().top))).size);
    expect(tops).toBeLessThanOrEqual(2);
    const order = page.getByRole('button', { name: 'Lagre/bestill' });
    expect(await order.isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Legg til instrument' }).click();
    expect(await order.isDisabled()).toBe(true);
    await fillNewRow(page, 'Nytt instrument 1', { type: 'Bass', make: 'Höfner', model: 'Violin Bass', value: '12000' });
    await page.getByRole('button', { name: 'Legg til instrument' }).click();
    expect(await order.isDisabled()).toBe(true);
    await page.getByLabel('MODELL, Nytt instrument 2').fill('White Falcon');
    await page.getByText('Påkrevd felt').first().waitFor();
    await fillNewRow(page, 'Nytt instrument 2', { type: 'Gitar', make: 'Gretsch', model: 'White Falcon', value: '25000' });
    await expect.poll(() => order.isEnabled()).toBe(true);
    await checkA11y(page, 'Min side: new instruments');
    await screenshot(page, 'min-side-instruments-add-390');
    await order.click();
    await page.getByText('Opprettet nytt instrument!').waitFor();
    // The order opens 'Forespørsel' and says where the new instruments went.
    await expect.poll(() => page.getByRole('tab', { name: 'Forespørsel' }).getAttribute('aria-selected')).toBe('true');
    await page.getByText(/Instrumentene står her under «Forespørsel»/).waitFor();

    // Keyboard: the arrow keys move between the tabs.
    await page.getByRole('tab', { name: 'Legg til instrumenter' }).click();
    await page.getByRole('tab', { name: 'Legg til instrumenter' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByRole('tab', { name: 'Aktiv forsikring' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('heading', { name: /^DINE AKTIVE INSTRUMENTER \(\d+\)$/ }).waitFor();
    const value = page.getByLabel('VERDI, Martin D-28');
    expect(await value.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Endre Martin D-28' }).click();
    await value.fill('35000');
    await page.getByRole('button', { name: 'Lagre', exact: true }).click();
    await page.getByText('Instrumentene er oppdatert!').waitFor();
    await page.getByText('Til behandling: 35 000,-').waitFor();
    expect(await page.getByLabel('VERDI, Martin D-28').inputValue()).toBe('30000');
    await checkA11y(page, 'Min side: active instruments');
    await screenshot(page, 'min-side-instruments-active-390');

    await page.getByRole('tab', { name: 'Forespørsel' }).click();
    await page.getByRole('heading', { name: /^FORESPØRSEL \(\d+\)$/ }).waitFor();
    await page.getByRole('row').filter({ hasText: 'Violin Bass' }).getByText('Ny forespørsel').waitFor();
    await checkA11y(page, 'Min side: requests');
    await screenshot(page, 'min-side-instruments-requests-390');
    await page.context().close();
  });

  it('staff see the request in the queue, accept one new instrument and the change, and reject the other with the template text', async () => {
    const queue = (await api(e2e.portal, token, 'GET', '/api/subscription/list/pending-instruments')).body;
    const page = await staffPage('/instrument-insurance');
    await page.getByRole('heading', { name: `FORESPØRSLER INSTURMENTFORSIKRING (${queue.total} nye)` }).waitFor();
    await page.getByRole('searchbox', { name: 'Søk etter medlem' }).waitFor();
    await checkA11y(page, 'instrument queue');
    await screenshot(page, 'staff-instrument-queue-1440');

    // The search narrows the queue to the member; by keyboard, their name is a link to their waiting instruments.
    await page.getByRole('searchbox', { name: 'Søk etter medlem' }).fill(MEMBER.email);
    const link = page.locator(`tbody a[href="/instrument-insurance/list/${memberId}"]`);
    await expect.poll(() => page.locator('tbody tr').count(), { timeout: 20_000 }).toBe(1);
    await link.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'FORSIKRING AV INSTRUMENT' }).waitFor();
    const row = (text: string) => page.getByRole('row').filter({ hasText: text });
    await row('Violin Bass').waitFor();
    await row('30 000,- → 35 000,-').waitFor();
    expect(await page.getByRole('button', { name: 'Avvis' }).isDisabled()).toBe(true);
    await checkA11y(page, "a member's waiting instruments");
    await screenshot(page, 'staff-instrument-requests-1440');

    await row('Violin Bass').getByRole('checkbox').check();
    await row('30 000,- → 35 000,-').getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Aksepter' }).click();
    const confirm = page.getByRole('dialog', { name: 'Aksepter 2 instrumenter?' });
    await confirm.getByRole('listitem').first().waitFor();
    await checkA11y(page, 'the instrument accept question');
    await screenshot(page, 'staff-instrument-accept-confirm-1440');
    await confirm.getByRole('button', { name: 'Aksepter' }).click();
    await page.getByText('Flere av instrumentene er godkjent!').waitFor();
    await row('Violin Bass').waitFor({ state: 'detached' });
    // The focus is on the list, not the page body.
    await page.waitForFunction(() => document.activeElement?.textContent === 'FORSIKRING AV INSTRUMENT');

    await row('White Falcon').getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Avvis' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/kan dessverre ikke forsikre instrumentet/).waitFor();
    await settled(page);
    await screenshot(page, 'staff-instrument-reject-1440');
    await dialog.getByRole('button', { name: 'Avvis' }).click();
    await page.getByText('Instrument forsikring er avvist!').waitFor();
    await row('White Falcon').waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('the member sees the results, and the log shows FØR and ETTER for the change', async () => {
    const page = await openSignedIn(e2e.browser, e2e.portal, 'member', `/profile/edit/instrument-insurance/${memberId}`, { width: 390 });
    await page.getByRole('tab', { name: 'Aktiv forsikring' }).click();
    expect(await page.getByLabel('VERDI, Martin D-28').inputValue()).toBe('35000');
    await page.getByLabel('VERDI, Höfner Violin Bass').waitFor();
    await page.getByRole('tab', { name: 'Forespørsel' }).click();
    await page.getByRole('heading', { name: 'AVVISTE FORESPØRSLER' }).waitFor();
    await page
      .getByRole('row')
      .filter({ hasText: 'White Falcon' })
      .getByText(/kan dessverre ikke forsikre/)
      .waitFor();
    await screenshot(page, 'min-side-instruments-results-390');
    await page.context().close();

    const staff = await staffPage(`/membership/edit/instrument-insurance/insurance-logs/${memberId}`);
    await staff.getByRole('heading', { name: /^INSTRUMENTFORSIKRING \(\d+\)$/ }).waitFor();
    // The newest version of the Martin is staff's accept of the member's new value.
    const martin = (await api(e2e.portal, token, 'GET', `/api/member/${memberId}/instrument`)).body.data.active.find(
      (row: { model: string }) => row.model === 'D-28',
    );
    const versions = (await api(e2e.portal, token, 'GET', `/api/instrument/logs/list?filter[instrument_id]=${martin.id}`)).body.data;
    await staff
      .locator('tbody')
      .getByRole('button', { name: String(versions[0].id), exact: true })
      .click();
    const modal = staff.getByRole('dialog', { name: 'INSTRUMENTFORSIKRINGS LOGG' });
    const valueRow = modal.getByRole('row').filter({ hasText: 'VERDI' });
    await valueRow.waitFor();
    expect(await valueRow.innerText()).toMatch(/30 ?000[\s\S]*35 ?000/);
    await settled(staff);
    await screenshot(staff, 'staff-instrument-log-modal-1440');
    await staff.context().close();
  });
});

describe("staff on a member's instrument screen", () => {
  it('add, edit and delete follow the row rules, and Totalverdi follows', async () => {
    const before = (await api(e2e.portal, token, 'GET', `/api/member/${memberId}/instrument`)).body.data.active as { value: number }[];
    const sum = before.reduce((total, row) => total + row.value, 0);
    const totalText = (amount: number) => `Totalverdi: ${formatAmount(amount)},-`;
    const page = await staffPage(`/membership/edit/instrument-insurance/${memberId}`);
    await page.getByRole('heading', { name: `AKTIVE INSTRUMENTER (${before.length})` }).waitFor();
    await page.getByText(totalText(sum)).waitFor();
    const active = page.getByRole('region', { name: /AKTIVE INSTRUMENTER/ });
    const save = active.getByRole('button', { name: 'Lagre', exact: true });
    const cancel = active.getByRole('button', { name: 'Avbryt' });
    expect([await save.isDisabled(), await cancel.isDisabled()]).toEqual([true, true]);
    await checkA11y(page, "staff: a member's instruments");
    await screenshot(page, 'staff-member-instruments-1440');

    await active.getByRole('button', { name: 'Legg til produkt' }).click();
    expect(await active.getByLabel('VERDI, Rad 1').isDisabled()).toBe(true);
    expect(await active.getByRole('button', { name: 'Slett Martin D-28' }).isDisabled()).toBe(true);
    expect(await active.getByRole('button', { name: 'Eksporter liste (csv)' }).isDisabled()).toBe(true);
    const saveNew = active.getByRole('button', { name: 'Lagre nye rader' });
    expect(await saveNew.isDisabled()).toBe(true);
    await fillNewRow(page, 'Ny rad 1', { type: 'Keyboard og piano', make: 'Yamaha', model: 'CP88', value: '40000' });
    await expect.poll(() => saveNew.isEnabled()).toBe(true);
    await checkA11y(page, 'staff: new-row mode');
    await screenshot(page, 'staff-member-instruments-new-row-1440');
    await saveNew.click();
    await page.getByText('Opprettet nytt instrument!').waitFor();
    await page.getByText(totalText(sum + 40000)).waitFor();
    await page.getByRole('heading', { name: `AKTIVE INSTRUMENTER (${before.length + 1})` }).waitFor();

    // Keyboard: type a new value into the new instrument's row (the last) and move on with Tab.
    const last = `VERDI, Rad ${before.length + 1}`;
    const lastValue = active.getByLabel(last);
    await expect.poll(() => lastValue.inputValue()).toBe('40000');
    await lastValue.click();
    await lastValue.press('ControlOrMeta+a');
    await lastValue.pressSequentially('31000');
    await lastValue.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`OPPR. DATO, Rad ${before.length + 1}`);
    // The end date is typed as dd/MM/yyyy in the spec's picker, whatever the browser's language.
    const end = active.getByLabel(`STOP DATO, Rad ${before.length + 1}`, { exact: true });
    const endYear = new Date().getFullYear() + 1;
    await typeStaffDate(end, `3112${endYear}`);
    await expect.poll(() => end.inputValue()).toBe(`31/12/${endYear}`);
    await expect.poll(() => save.isEnabled()).toBe(true);
    await page.getByText(totalText(sum + 31000)).waitFor();
    await save.click();
    await page.getByText('Instrumentene er oppdatert!').waitFor();
    await expect
      .poll(async () =>
        (await api(e2e.portal, token, 'GET', `/api/member/${memberId}/instrument`)).body.data.active.find((row: { model: string }) => row.model === 'CP88'),
      )
      .toMatchObject({ value: 31000, insurance_end: `${endYear}-12-31` });

    await active.getByRole('button', { name: 'Slett Yamaha CP88' }).click();
    await page.getByText(totalText(sum)).waitFor();
    await save.click();
    await page.getByText('Instrumentet er slettet!').waitFor();
    await page.getByRole('heading', { name: /^SLETTEDE INSTRUMENTER \(\d+\)$/ }).waitFor();
    await page.getByRole('row').filter({ hasText: 'CP88' }).waitFor();
    await page.context().close();

    const narrow = await staffPage(`/membership/edit/instrument-insurance/${memberId}`, 390);
    await narrow.getByRole('heading', { name: /^AKTIVE INSTRUMENTER/ }).waitFor();
    await checkA11y(narrow, "staff: a member's instruments at 390 px");
    await screenshot(narrow, 'staff-member-instruments-390');
    await narrow.context().close();
  });

  it('exports the list as a CSV for Excel', async () => {
    const page = await staffPage(`/membership/edit/instrument-insurance/${memberId}`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Eksporter liste (csv)' }).click()]);
    expect(download.suggestedFilename()).toBe('instrument_liste.csv');
    const text = await readFile((await download.path())!, 'utf8');
    expect(text.startsWith('\uFEFFType instrument;Fabrikant;Modell;Serienummer;Verdi;Oppr. dato;Stopp dato\r\n')).toBe(true);
    expect(text).toContain('Gitar;Martin;D-28;M-2828;35000;');
    await page.context().close();
  });
});

describe('import', () => {
  it('imports a valid .xlsx for a member with no instruments, and refuses a fake file, a zip bomb and a bad row, naming why', async () => {
    const fresh = await memberWithoutInstruments();
    const page = await staffPage(`/membership/edit/instrument-insurance/${fresh}`);
    const upload = page.getByRole('button', { name: 'Last opp fil' });
    await upload.waitFor();
    expect(await upload.isDisabled()).toBe(true);
    await checkA11y(page, 'staff: upload for a member with no instruments');
    await screenshot(page, 'staff-member-instruments-empty-1440');

    const chooser = page.getByLabel('Instrumentfil (.xlsx)');
    await chooser.setInputFiles({
      name: 'feil.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from('ikke et regneark'),
    });
    await upload.click();
    await page.getByText('Noe Gikk galt! Filen er ikke en gyldig .xlsx-fil.').waitFor();
    await page.getByRole('button', { name: 'Lukk melding' }).click();

    // A zip bomb dressed as a workbook (200 MB of zeros packed into a few hundred KB) is refused (the server test of the import shows it is refused before it is unpacked).
    await chooser.setInputFiles({
      name: 'bombe.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: xlsxLooking({ data: Buffer.alloc(200 * 1024 * 1024), declared: 1000 }),
    });
    await upload.click();
    await page.getByText('Noe Gikk galt! Filen pakker seg ut til mer enn en instrumentliste kan være, og blir ikke lest.').waitFor();
    await page.getByRole('button', { name: 'Lukk melding' }).click();

    await chooser.setInputFiles({
      name: 'instrumenter.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await workbook([
        ['Gitar', 'Gibson', 'SG', null, 15000, null],
        ['Bass', '', 'Jazz', null, 9000, null],
      ]),
    });
    await upload.click();
    await page.getByText(/Noe Gikk galt! Rad 3, kolonne Fabrikant: Påkrevd felt/).waitFor();
    await page.getByRole('button', { name: 'Lukk melding' }).click();
    expect((await api(e2e.portal, token, 'GET', `/api/member/${fresh}/instrument`)).body.data.active).toEqual([]);

    await chooser.setInputFiles({
      name: 'instrumenter.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await workbook([
        ['Gitar', 'Gibson', 'SG', null, 15000, null],
        ['Bass', 'Fender', 'Jazz', null, 9000, null],
      ]),
    });
    await upload.click();
    await page.getByText('Instrumentfilen ble lastet opp').waitFor();
    await page.getByRole('heading', { name: 'AKTIVE INSTRUMENTER (2)' }).waitFor();
    await page.getByText('Totalverdi: 24 000,-').waitFor();
    await page.context().close();
  });
});
