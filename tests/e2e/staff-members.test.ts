/** Staff in the member overview: sign-in, search, paging, opening a member. */
import { beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, checkA11y, openPage, screenshot, signIn, STAFF, usePortal } from './harness.ts';

const e2e = usePortal();
let token: string;

beforeAll(async () => {
  token = await apiLogin(e2e.portal, STAFF.email, STAFF.password);
});

async function memberTotal(query = ''): Promise<number> {
  const { body } = await api(e2e.portal, token, 'GET', `/api/member/list?per_page=25${query}`);
  return body.total as number;
}

const bodyRows = (page: import('playwright-core').Page) => page.locator('tbody tr');

/** An administrator starts on 'Nøkkeltall'; the menu takes them to the member overview. */
async function toOverview(page: import('playwright-core').Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Hovedmeny' }).getByRole('link', { name: 'Medlemsoversikt' }).click();
  await page.waitForURL(/\/membership$/);
}

describe('member overview', () => {
  it('opens the member overview from the menu after sign-in, with the total in the title and 25 rows', async () => {
    const page = await openPage(e2e.browser, e2e.portal, '/');
    await checkA11y(page, 'staff login');
    await screenshot(page, 'staff-login-1440');
    await signIn(page, e2e.portal, 'staff');
    await toOverview(page);
    const total = await memberTotal();
    await expect(page.getByRole('heading', { level: 1, name: `${total} MEDLEMMER` }).waitFor()).resolves.toBeUndefined();
    await expect.poll(() => bodyRows(page).count()).toBe(25);
    await page.getByText(`page 1 av ${Math.ceil(total / 25)}`).waitFor();
    await checkA11y(page, 'member overview');
    await screenshot(page, 'staff-membership-1440');
    await page.context().close();
  });

  it('narrows the list by search, changes page size and goes to a page', async () => {
    const page = await openPage(e2e.browser, e2e.portal, '/');
    await signIn(page, e2e.portal, 'staff');
    await toOverview(page);
    const total = await memberTotal();
    await page.getByRole('heading', { level: 1, name: `${total} MEDLEMMER` }).waitFor();

    // What the pager says, read again until it says what is expected (a failure shows what it said).
    const pager = page.getByRole('navigation', { name: 'Sidevelger' }).locator('[aria-live="polite"]');
    const pages = Math.ceil(total / 50);
    await page.getByRole('combobox', { name: 'Rader per side' }).click();
    await page.getByRole('option', { name: '50' }).click();
    await expect.poll(() => bodyRows(page).count()).toBe(Math.min(50, total));
    await expect.poll(() => pager.textContent()).toBe(`page 1 av ${pages}`);

    const goTo = page.getByRole('spinbutton', { name: 'Gå til side' });
    await expect.poll(() => goTo.inputValue()).toBe('1');
    await goTo.fill('2');
    await expect.poll(() => goTo.inputValue()).toBe('2');
    await goTo.press('Enter');
    await expect.poll(() => pager.textContent()).toBe(`page 2 av ${pages}`);
    await page.getByRole('button', { name: 'Første side' }).click();
    await expect.poll(() => pager.textContent()).toBe(`page 1 av ${pages}`);
    await expect.poll(() => goTo.inputValue()).toBe('1');

    const { body } = await api(e2e.portal, token, 'GET', '/api/member/list?per_page=25&sort=id');
    const someone = body.data[0];
    const narrowed = await memberTotal(`&filter[name]=${encodeURIComponent(someone.last_name)}`);
    await page.getByRole('searchbox', { name: 'Søk etter medlem' }).fill(someone.last_name);
    const title = narrowed === 1 ? `1 MEDLEM` : `${narrowed} MEDLEMMER`;
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(narrowed).toBeLessThan(total);
    await page.context().close();
  });

  it('opens a member from its row', async () => {
    const page = await openPage(e2e.browser, e2e.portal, '/');
    await signIn(page, e2e.portal, 'staff');
    await toOverview(page);
    const { body } = await api(e2e.portal, token, 'GET', '/api/member/list?per_page=25');
    const first = body.data[0];
    await page
      .getByRole('link', { name: `${first.first_name} ${first.last_name}` })
      .first()
      .waitFor();
    await bodyRows(page).first().locator('td').first().click();
    await page.waitForURL(`**/membership/edit/${first.id}`);
    await page.getByRole('heading', { level: 1, name: new RegExp(`${first.first_name} ${first.last_name}`) }).waitFor();
    await checkA11y(page, 'member edit');
    await screenshot(page, 'staff-member-edit-1440');
    await page.context().close();
  });
});
