/**
 * Travel insurance on both sides: a member orders at 390 px and waits, staff accept it in the
 * queue, the member changes the end date (the reset button first), staff reject that change
 * with the template's text, the travel log shows each step; staff order for another member.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, apiLogin, checkA11y, openPage, screenshot, signIn, STAFF, typeStaffDate, usePortal, openSignedIn } from './harness.ts';
import { showProfileSections, tabTo } from './min-side-steps.ts';

const e2e = usePortal();
let token: string;

interface Candidate {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  role_id: number;
  blocked_access: boolean;
  registration_completed: number;
  has_membership: boolean;
  has_travel_insurance: boolean;
}

/** Members with membership and no travel insurance at all (not even one waiting). */
async function membersWithoutTravel(count: number): Promise<Candidate[]> {
  const found: Candidate[] = [];
  for (let page = 1; page <= 10 && found.length < count; page += 1) {
    const { body } = await api(e2e.portal, token, 'GET', `/api/member/list?per_page=100&page=${page}&sort=id`);
    for (const row of body.data as Candidate[]) {
      if (found.length >= count) break;
      if (row.role_id !== 2 || row.blocked_access || row.registration_completed !== 1 || !row.has_membership || row.has_travel_insurance) continue;
      const member = (await api(e2e.portal, token, 'GET', `/api/member/${row.id}`)).body.data;
      if (member.subscription_travel_insurance === null) found.push(row);
    }
  }
  if (found.length < count) throw new Error('too few members without travel insurance in the demo data');
  return found;
}

const nextYear = new Date().getFullYear() + 1;
const shown = (day: string, month: string) => `${day}/${month}/${nextYear}`;

let member: Candidate;
let other: Candidate;
let memberPage: Page;
let staffPage: Page;

beforeAll(async () => {
  token = await apiLogin(e2e.portal, STAFF.email, STAFF.password);
  [member, other] = await membersWithoutTravel(2);
});

async function look(page: Page, name: string): Promise<void> {
  await checkA11y(page, name);
  await screenshot(page, `travel-${name}`);
}

async function travelOf(memberId: number) {
  return (await api(e2e.portal, token, 'GET', `/api/member/${memberId}`)).body.data.subscription_travel_insurance;
}

async function openProfileTravel(): Promise<void> {
  await memberPage.goto(`${e2e.portal.baseUrl}/profile/${member.id}`);
  await memberPage.getByRole('heading', { name: `Hei, ${member.first_name}` }).waitFor();
  await showProfileSections(memberPage);
}

describe('travel insurance, ordered by a member and handled by staff', () => {
  it("the member orders at 390 px with 'Bestill', by keyboard, and sees it awaiting approval", async () => {
    memberPage = await openPage(e2e.browser, e2e.portal, '/profile', { width: 390 });
    await signIn(memberPage, e2e.portal, { email: member.email, password: 'demo1234' });
    await showProfileSections(memberPage);
    const travel = memberPage.getByRole('region', { name: 'Reiseforsikring' });
    await travel.getByText('Ingen aktive reiseforsikring').waitFor();
    await travel.getByRole('link', { name: /^Bestill/ }).click();
    await memberPage.getByRole('heading', { name: 'Reiseforsikring', exact: true }).waitFor();
    const order = memberPage.getByRole('button', { name: 'Bestill' });
    expect(await order.isDisabled()).toBe(true);
    await memberPage.getByText('Årlig').waitFor();
    await look(memberPage, 'min-side-order-390');

    await tabTo(memberPage, 'Produkt');
    await memberPage.keyboard.press('ArrowDown');
    await expect.poll(() => memberPage.getByLabel('Produkt').inputValue()).toBe('1');
    await memberPage.getByText('1 290 kr').first().waitFor();
    await tabTo(memberPage, 'Startdato');
    await memberPage.keyboard.type(shown('01', '02'));
    await tabTo(memberPage, 'Sluttdato');
    await memberPage.keyboard.type(shown('30', '06'));
    await expect.poll(() => order.isEnabled()).toBe(true);
    // At 390 px each date shows whole, the year included: the text fits its box.
    for (const name of ['Startdato', 'Sluttdato']) {
      const fits = await memberPage.getByRole('textbox', { name }).evaluate((input) => input.scrollWidth <= input.clientWidth);
      expect(fits, name).toBe(true);
    }
    await look(memberPage, 'min-side-order-filled-390');
    await tabTo(memberPage, 'Bestill');
    await memberPage.keyboard.press('Enter');
    await memberPage.getByText('Oppdatert!').waitFor();
    await memberPage.waitForURL(new RegExp(`/profile/${member.id}$`));
    await showProfileSections(memberPage);

    await travel.getByText('Venter på godkjenning').waitFor();
    await travel.getByText('Reiseforsikring Europa').waitFor();
    await look(memberPage, 'min-side-profile-pending-390');
    expect(await travelOf(member.id)).toMatchObject({ state: 'pending', subscription_end: `${nextYear}-06-30` });
  });

  it('staff see the pending order on the member page and accept it in /travel-insurance', async () => {
    staffPage = await openSignedIn(e2e.browser, e2e.portal, 'staff', `/membership/edit/${member.id}`);
    const card = staffPage.getByRole('region', { name: 'Reiseforsikring' });
    await card.getByText('Venter på godkjenning').waitFor();
    await look(staffPage, 'staff-member-card-pending-1440');

    await staffPage.goto(`${e2e.portal.baseUrl}/travel-insurance`);
    await staffPage.getByText('FORESPØRSEL AV REISEFORSIKRING').first().waitFor();
    const row = staffPage.getByRole('row', { name: new RegExp(`${member.first_name} ${member.last_name}`) });
    await row.waitFor();
    await look(staffPage, 'staff-queue-1440');
    await row.getByRole('checkbox').check();
    const reject = staffPage.getByRole('button', { name: 'Avvis' });
    await expect.poll(() => reject.isEnabled()).toBe(true);
    await staffPage.getByRole('button', { name: 'Aksepter' }).click();
    await staffPage.getByRole('dialog', { name: 'Aksepter 1 bestilling?' }).getByRole('button', { name: 'Aksepter' }).click();
    await staffPage.getByText('Reiseforsikring er akseptert!').waitFor();
    await row.waitFor({ state: 'detached' });
    expect(await travelOf(member.id)).toMatchObject({ state: 'active', invoiced_for: `${nextYear}-06-30` });
  });

  it("the member then sees the active insurance and 'Rediger', resets the end date, and changes it", async () => {
    await openProfileTravel();
    const travel = memberPage.getByRole('region', { name: 'Reiseforsikring' });
    await travel.getByText('Aktiv', { exact: true }).waitFor();
    await travel.getByRole('link', { name: /^Rediger/ }).click();
    const edit = memberPage.getByRole('button', { name: 'Rediger' });
    await edit.waitFor();
    const end = memberPage.getByRole('textbox', { name: 'Sluttdato' });
    await expect.poll(() => end.inputValue()).toBe(shown('30', '06'));

    await end.fill(shown('15', '05'));
    await memberPage.getByText('Sluttdato kan ikke være før nåværende sluttdato').waitFor();
    expect(await edit.isDisabled()).toBe(true);
    await memberPage.getByRole('button', { name: 'Tilbakestill sluttdato' }).click();
    await expect.poll(() => end.inputValue()).toBe(shown('30', '06'));
    expect(await edit.isDisabled()).toBe(true);

    await end.fill(shown('31', '08'));
    await expect.poll(() => edit.isEnabled()).toBe(true);
    await look(memberPage, 'min-side-edit-390');
    await edit.click();
    await memberPage.getByText('Oppdatert!').waitFor();
    await memberPage.waitForURL(new RegExp(`/profile/${member.id}$`));
    await showProfileSections(memberPage);
    await travel.getByText('Venter på godkjenning').waitFor();
    await travel.getByText(shown('31', '08').replace(/\//g, '-')).waitFor();
  });

  it('staff open the change from the queue and reject it with the template text; the cover is as before', async () => {
    await staffPage.goto(`${e2e.portal.baseUrl}/travel-insurance`);
    await staffPage.getByRole('row', { name: new RegExp(`${member.first_name} ${member.last_name}`) }).click();
    await staffPage.waitForURL(/\/travel-insurance\/edit\/subscription_id=\d+&member_id=\d+$/);
    expect(staffPage.url()).toContain(`member_id=${member.id}`);
    await staffPage.getByRole('button', { name: 'Rediger' }).waitFor();
    await look(staffPage, 'staff-request-1440');

    await staffPage.getByRole('button', { name: 'Avvis' }).click();
    const dialog = staffPage.getByRole('dialog');
    await dialog.getByText('kan dessverre ikke godkjenne den').waitFor();
    await dialog.getByText(`Hei ${member.first_name} ${member.last_name}`).waitFor();
    await dialog.getByRole('button', { name: 'Avvis' }).click();
    await staffPage.getByText('Reiseforsikring er avvist!').waitFor();
    await staffPage.waitForURL(/\/travel-insurance$/);

    expect(await travelOf(member.id)).toMatchObject({ state: 'active', subscription_end: `${nextYear}-06-30` });
    const mails = (await api(e2e.portal, token, 'GET', `/api/emails/logs/list?filter[member_id]=${member.id}&sort=-id`)).body.data;
    expect(mails[0]).toMatchObject({ subject: 'Reiseforsikringen din' });
    expect(mails[0].content).toContain('kan dessverre ikke godkjenne den');
  });

  it('the travel log shows each step, with the before and after values', async () => {
    await staffPage.goto(`${e2e.portal.baseUrl}/membership/edit/travel-insurance/insurance-logs/${member.id}`);
    await staffPage.getByRole('heading', { name: 'REISEFORSIKRINGS (4)' }).waitFor();
    await look(staffPage, 'staff-log-1440');
    // Newest first: the rejection gave the earlier end date back.
    await staffPage.getByRole('row').nth(1).click();
    const modal = staffPage.getByRole('dialog', { name: 'REISEFORSIKRING LOGG' });
    const stop = modal.getByRole('row', { name: /STOP DATO/ });
    await stop.getByText(`31-08-${nextYear}`).waitFor();
    await stop.getByText(`30-06-${nextYear}`).waitFor();
    await modal.getByRole('row', { name: /VERDI/ }).getByText(/,-/).first().waitFor();
    await look(staffPage, 'staff-log-modal-1440');
    await staffPage.keyboard.press('Escape');
  });

  it('staff order travel insurance for another member directly: active at once, at 1440 and 390 px', async () => {
    await staffPage.goto(`${e2e.portal.baseUrl}/membership/edit/${other.id}`);
    await staffPage.getByRole('region', { name: 'Reiseforsikring' }).getByRole('link', { name: 'Bestill' }).click();
    await staffPage.waitForURL(new RegExp(`/membership/edit/travel-insurance/${other.id}$`));
    const order = staffPage.getByRole('button', { name: 'Bestill' });
    await order.waitFor();
    await staffPage.getByRole('button', { name: 'Logg' }).waitFor();
    await look(staffPage, 'staff-form-1440');

    await staffPage.getByRole('combobox', { name: 'Produkt' }).click();
    await staffPage.getByRole('option', { name: 'Reiseforsikring Verden' }).click();
    await staffPage.getByText('1 890 kr').first().waitFor();
    const start = staffPage.getByRole('textbox', { name: 'Startdato' });
    await typeStaffDate(start, `0101${nextYear}`);
    await expect.poll(() => start.inputValue()).toBe(`01/01/${nextYear}`);
    await expect.poll(() => order.isEnabled()).toBe(true);
    await order.click();
    // The answer is either toast; waiting for both names the error at once instead of timing out.
    const answer = staffPage.getByText(/^(Oppdatert!|Noe gikk galt)$/).first();
    await answer.waitFor();
    expect(await answer.textContent()).toBe('Oppdatert!');
    await staffPage.waitForURL(new RegExp(`/membership/edit/${other.id}$`));
    await staffPage.getByRole('region', { name: 'Reiseforsikring' }).getByText('Aktiv').waitFor();
    expect(await travelOf(other.id)).toMatchObject({ state: 'active', product_id: 2, value: 1890 });

    const narrow = await openSignedIn(e2e.browser, e2e.portal, 'staff', `/membership/edit/travel-insurance/${other.id}`, { width: 390 });
    await narrow.getByRole('button', { name: 'Rediger' }).waitFor();
    await look(narrow, 'staff-form-390');
    await narrow.goto(`${e2e.portal.baseUrl}/travel-insurance`);
    await narrow.getByText('FORESPØRSEL AV REISEFORSIKRING').first().waitFor();
    await look(narrow, 'staff-queue-390');
    await narrow.context().close();
  });

  it('a malformed request link shows a clear message', async () => {
    await staffPage.goto(`${e2e.portal.baseUrl}/travel-insurance/edit/subscription_id=abc&member_id=1`);
    await staffPage.getByText('Lenken er ugyldig').waitFor();
    await look(staffPage, 'staff-bad-link-1440');
    await staffPage.context().close();
    await memberPage.context().close();
  });
});
