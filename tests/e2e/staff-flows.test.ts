/** Staff changing members: edit, block, create, stop insurance, logs, menu counts and sign-out. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, apiLogin, checkA11y, openPage, screenshot, signIn, STAFF, usePortal, settled, openSignedIn } from './harness.ts';

const e2e = usePortal();
let token: string;

beforeAll(async () => {
  token = await apiLogin(e2e.portal, STAFF.email, STAFF.password);
});

interface ListMember {
  id: number;
  first_name: string;
  last_name: string;
  has_instrument_insurance: boolean;
  has_travel_insurance: boolean;
}

async function findMember(test: (member: ListMember) => boolean): Promise<ListMember> {
  for (let page = 1; page <= 20; page += 1) {
    const { body } = await api(e2e.portal, token, 'GET', `/api/member/list?per_page=100&page=${page}&sort=id`);
    const found = (body.data as ListMember[]).find(test);
    if (found) return found;
    if (page >= body.last_page) break;
  }
  throw new Error('no such member in the demo data');
}

async function staffPage(path: string, width?: number): Promise<Page> {
  const page = await openSignedIn(e2e.browser, e2e.portal, 'staff', path, { width });
  return page;
}

describe('a member', () => {
  it('keeps an edit after a reload', async () => {
    const target = await findMember((member) => member.id > 10);
    const page = await staffPage(`/membership/edit/${target.id}`);
    const artist = page.getByRole('textbox', { name: 'Artist/band' });
    await artist.fill('Kveldsbandet');
    const save = page.getByRole('button', { name: 'Lagre' });
    await expect.poll(() => save.isEnabled()).toBe(true);
    await save.click();
    await page.getByText('Oppdatert!').waitFor();
    await page.reload();
    await expect.poll(() => page.getByRole('textbox', { name: 'Artist/band' }).inputValue()).toBe('Kveldsbandet');
    // The history below the form loads as it is scrolled to.
    const history = page.getByRole('region', { name: 'Endringshistorikk' });
    await history.scrollIntoViewIfNeeded();
    await history.getByText('Kveldsbandet').waitFor();
    await page.context().close();
  });

  it('is blocked and unblocked', async () => {
    const target = await findMember((member) => member.id > 20);
    const page = await staffPage(`/membership/edit/${target.id}`);
    await page.getByRole('button', { name: 'Blokker min side' }).click();
    await page.getByRole('button', { name: 'Aktiver min side' }).waitFor();
    expect((await api(e2e.portal, token, 'GET', `/api/member/${target.id}`)).body.data.blocked_access).toBe(true);
    await page.getByRole('button', { name: 'Aktiver min side' }).click();
    await page.getByRole('button', { name: 'Blokker min side' }).waitFor();
    expect((await api(e2e.portal, token, 'GET', `/api/member/${target.id}`)).body.data.blocked_access).toBe(false);
    await page.context().close();
  });

  it('is created, and a second member with the same e-mail is refused with its toast', async () => {
    const page = await staffPage('/membership/create-new-user');
    // The form, not the frame's spinner while the area loads, is what is checked and photographed.
    await page.getByRole('textbox', { name: 'Fornavn' }).waitFor();
    await checkA11y(page, 'create member');
    await screenshot(page, 'staff-create-member-1440');
    const fill = async (first: string, last: string, phone: string) => {
      await page.getByRole('textbox', { name: 'Fornavn' }).fill(first);
      await page.getByRole('textbox', { name: 'Etternavn' }).fill(last);
      await page.getByRole('textbox', { name: 'E-post', exact: true }).fill('ny.musiker@example.no');
      await page.getByRole('textbox', { name: 'Mobil' }).fill(phone);
      await page.getByRole('textbox', { name: 'Adresse' }).fill('Kirkegata 5');
      await page.getByRole('textbox', { name: 'Postnummer' }).fill('0153');
      await page.getByRole('textbox', { name: 'Poststed' }).fill('OSLO');
      await page.getByRole('combobox', { name: 'Fakturametode' }).click();
      await page.getByRole('option', { name: 'E-faktura' }).click();
    };
    await fill('Åse', 'Bøe-Ærø', '41234567');
    await page.getByRole('button', { name: 'Opprett medlem' }).click();
    await page.getByText('Bruker er opprettet!').waitFor();
    await page.waitForURL(/\/membership\/edit\/\d+$/);
    await page.getByRole('heading', { level: 1, name: /Åse Bøe-Ærø/ }).waitFor();

    await page.goto(`${e2e.portal.baseUrl}/membership/create-new-user`);
    await fill('Per', 'Annen', '47654321');
    await page.getByRole('button', { name: 'Opprett medlem' }).click();
    await page.getByRole('alert').filter({ hasText: 'E-postadressen er allerede i bruk.' }).waitFor();
    await page.context().close();
  });

  it('has its instrument insurance stopped after the warning', async () => {
    const target = await findMember((member) => member.has_instrument_insurance);
    const page = await staffPage(`/membership/edit/${target.id}`);
    await page.getByRole('button', { name: 'Stopp forsikring' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/kan ikke gjenopprettes/).waitFor();
    await checkA11y(page, 'stop insurance confirmation');
    await dialog.getByRole('button', { name: 'Stopp forsikring' }).click();
    await page.getByText('Instrumentforsikring er vellykket stoppet!').waitFor();
    await page.getByText('Ingen aktive instrumentforsikring').waitFor();
    await page.context().close();
  });
});

describe('logs', () => {
  it('opens each tab and each modal, and Escape closes them', async () => {
    const { body } = await api(e2e.portal, token, 'GET', '/api/member/list?filter[name]=medlem@example.no');
    const demo = body.data[0];
    const page = await staffPage(`/membership/edit/${demo.id}`);
    await page.getByRole('button', { name: 'Meldingslogg' }).click();
    await page.waitForURL(`**/membership/instrument-insurance/reject/${demo.id}`);
    await page.getByRole('heading', { name: /^MELDINGSLOGG \(\d+\)$/ }).waitFor();
    await checkA11y(page, 'message log');
    await screenshot(page, 'staff-logs-messages-1440');

    await page.locator('tbody').getByRole('button').first().click();
    await page.getByRole('dialog').waitFor();
    // The mail in its frame, as tall as the mail.
    await page.getByRole('dialog').frameLocator('iframe[title="E-posten slik medlemmet fikk den"]').locator('body p').first().waitFor();
    await settled(page);
    await checkA11y(page, 'message modal');
    await screenshot(page, 'staff-logs-message-modal-1440');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    await page.getByRole('tab', { name: 'Instrumentforsikring' }).click();
    await page.getByRole('heading', { name: /^INSTRUMENTFORSIKRING \(\d+\)$/ }).waitFor();
    await page.locator('tbody').getByRole('button').first().click();
    await page.getByRole('dialog', { name: 'INSTRUMENTFORSIKRINGS LOGG' }).getByRole('columnheader', { name: 'FØR' }).waitFor();
    await settled(page);
    await screenshot(page, 'staff-logs-instrument-modal-1440');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    await page.getByRole('tab', { name: 'Reiseforsikring' }).click();
    await page.getByRole('heading', { name: /^REISEFORSIKRINGS \(\d+\)$/ }).waitFor();
    await checkA11y(page, 'travel log');
    await page.locator('tbody').getByRole('button').first().click();
    await page.getByRole('dialog', { name: 'REISEFORSIKRING LOGG' }).getByRole('columnheader', { name: 'ETTER' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.context().close();
  });
});

describe('shell', () => {
  it('shows pending counts that match the API', async () => {
    const total = async (kind: string) => (await api(e2e.portal, token, 'GET', `/api/subscription/list/pending-${kind}`)).body.total as number;
    const [memberships, travel, instruments] = await Promise.all([total('memberships'), total('travel'), total('instruments')]);
    const page = await staffPage('/membership');
    const group = page.getByRole('button', { name: /^Forespørsler/ });
    await group.getByText(String(memberships + travel + instruments), { exact: true }).waitFor();
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    await page.getByRole('link', { name: `Medlemskap (${memberships})` }).waitFor();
    await page.getByRole('link', { name: `Reiseforsikring (${travel})` }).waitFor();
    await page.getByRole('link', { name: `Instrumentforsikring (${instruments})` }).waitFor();
    await page.context().close();
  });

  it('signs out: local storage is empty and the token no longer works', async () => {
    const page = await staffPage('/membership');
    await page.getByRole('heading', { level: 1, name: /MEDLEMMER$/ }).waitFor();
    const used = await page.evaluate(() => localStorage.getItem('token'));
    expect(used).toBeTruthy();
    await page.getByRole('button', { name: 'Åpne profilpanelet' }).click();
    await screenshot(page, 'staff-profile-panel-1440');
    await page.getByRole('button', { name: 'Logg Ut' }).click();
    await page.getByRole('heading', { name: 'Logg inn' }).waitFor();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    expect((await api(e2e.portal, used, 'GET', '/api/member/list')).status).toBe(401);
    await page.context().close();
  });

  it('can be used with the keyboard alone: sign in, open a member, open its log', async () => {
    const page = await openPage(e2e.browser, e2e.portal, '/');
    await page.getByRole('textbox', { name: 'E-post' }).focus();
    await page.keyboard.type(STAFF.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(STAFF.password);
    await page.keyboard.press('Enter');
    // An administrator starts on 'Nøkkeltall'; the menu takes them on by keyboard.
    await page.waitForURL(/\/stats$/);
    await page
      .getByRole('menuitem', { name: 'Medlemsoversikt' })
      .or(page.getByRole('link', { name: 'Medlemsoversikt' }))
      .first()
      .focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/membership$/);
    const firstMember = page.locator('tbody').getByRole('link').first();
    await firstMember.waitFor();
    await firstMember.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/membership\/edit\/\d+$/);
    await page.getByRole('button', { name: 'Meldingslogg' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/membership\/instrument-insurance\/reject\/\d+$/);
    await page.getByRole('tab', { name: 'Meldingslogg' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: /^INSTRUMENTFORSIKRING \(\d+\)$/ }).waitFor();
    await page.context().close();
  });

  it('looks right on a phone (390 px) on every page', async () => {
    const target = await findMember((member) => member.has_instrument_insurance && member.has_travel_insurance);
    const page = await openPage(e2e.browser, e2e.portal, '/', { width: 390 });
    await screenshot(page, 'staff-login-390');
    await signIn(page, e2e.portal, 'staff');
    await page.goto(`${e2e.portal.baseUrl}/membership`);
    await page.getByRole('heading', { level: 1, name: /MEDLEMMER$/ }).waitFor();
    await checkA11y(page, 'member overview at 390 px');
    await screenshot(page, 'staff-membership-390');
    const pages: [string, string, RegExp][] = [
      ['/membership/create-new-user', 'staff-create-member-390', /OPPRETT NYTT MEDLEM/],
      [`/membership/edit/${target.id}`, 'staff-member-edit-390', new RegExp(target.last_name)],
      [`/membership/instrument-insurance/reject/${target.id}`, 'staff-logs-390', new RegExp(target.last_name)],
      ['/reset-password', 'staff-reset-password-390', /Glemt passord/],
    ];
    for (const [path, name, heading] of pages) {
      await page.goto(`${e2e.portal.baseUrl}${path}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await checkA11y(page, `${path} at 390 px`);
      await screenshot(page, name);
    }
    await page.context().close();
  });

  it('has the request and settings pages and the reset page at 1440 px', async () => {
    const page = await staffPage('/membership-request');
    await page.getByRole('heading', { name: /^FORESPØRSLER MEDLEMSKAP \(\d+\)$/ }).waitFor();
    await screenshot(page, 'staff-membership-request-1440');
    await page.goto(`${e2e.portal.baseUrl}/settings`);
    await page.getByRole('heading', { level: 1, name: 'INNSTILLINGER' }).waitFor();
    await checkA11y(page, 'settings');
    await page.goto(`${e2e.portal.baseUrl}/reset-password`);
    await page.getByRole('heading', { name: 'Glemt passord' }).waitFor();
    await checkA11y(page, 'reset password');
    await screenshot(page, 'staff-reset-password-1440');
    await page.context().close();
  });
});
