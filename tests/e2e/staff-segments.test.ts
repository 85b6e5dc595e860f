/**
 * 'Utvalg' in Chromium at both widths: the administrator builds the group "instrument insurance in
 * Oslo", sees the count the server gives for that filter and some of its members, saves it and
 * finds it in the list with the same count; axe and screenshots on the way.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, apiLogin, checkA11y, screenshot, STAFF, usePortal, openSignedIn } from './harness.ts';

const e2e = usePortal();
let token: string;

beforeAll(async () => {
  token = await apiLogin(e2e.portal, STAFF.email, STAFF.password);
});

const OSLO_INSURED = { has_instruments: true, postal_area: 'Oslo' };

async function look(page: Page, name: string, width: number) {
  await checkA11y(page, `${name} at ${width} px`);
  await screenshot(page, `staff-segments-${name}-${width}`);
}

describe.each([1440, 390])('a group at %i px', (width) => {
  it('is built with its count and sample in view, saved, and listed with the same count', async () => {
    const expected = await api(e2e.portal, token, 'POST', '/api/segment/count', { filter: OSLO_INSURED });
    expect(expected.status).toBe(200);
    const everyone = await api(e2e.portal, token, 'POST', '/api/segment/count', { filter: {} });
    const members = (count: number) => `${count} ${count === 1 ? 'medlem' : 'medlemmer'}`;
    const name = `Instrumentforsikring i Oslo ${width}`;

    const page = await openSignedIn(e2e.browser, e2e.portal, 'staff', '/outreach', { width });
    await page.getByRole('heading', { level: 1, name: 'Utvalg' }).waitFor();
    await page.getByRole('link', { name: 'Nytt utvalg' }).click();
    await page.getByRole('heading', { level: 1, name: 'Nytt utvalg' }).waitFor();

    const counted = page.getByRole('region', { name: 'I utvalget nå' });
    await counted.getByText(members(everyone.body.data.count), { exact: true }).waitFor();
    await look(page, 'form', width);

    await page.getByRole('textbox', { name: 'Navn på utvalget' }).fill(name);
    await page.getByRole('combobox', { name: 'Instrumentforsikring' }).click();
    await page.getByRole('option', { name: 'Har', exact: true }).click();
    await page.getByRole('textbox', { name: 'Poststed' }).fill('Oslo');
    await counted.getByText(members(expected.body.data.count), { exact: true }).waitFor();
    const sample = expected.body.data.sample as { member_number: number | null; name: string }[];
    if (sample.length > 0) {
      const first = sample[0];
      await counted.getByRole('link', { name: first.member_number ? `${first.member_number} – ${first.name}` : first.name }).waitFor();
    } else {
      await counted.getByText('Ingen medlemmer passer til filteret.').waitFor();
    }
    await counted.scrollIntoViewIfNeeded();
    await look(page, 'form-filled', width);

    await page.getByRole('button', { name: 'Lagre' }).click();
    await page.getByText('Utvalget er lagret').waitFor();
    await page.waitForURL(/\/outreach$/);
    const row = page.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    await expect.poll(() => row.getByRole('cell').nth(1).textContent()).toBe(String(expected.body.data.count));
    await look(page, 'list', width);

    const saved = (await api(e2e.portal, token, 'GET', '/api/segment')).body.data.find((group: { name: string }) => group.name === name);
    expect(saved).toMatchObject({ filter: OSLO_INSURED, count: expected.body.data.count });
    await page.context().close();
  });
});
