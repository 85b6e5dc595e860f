/**
 * 'Ansatte' in Chromium at 1440 and 390 px: the administrator (ansatt@example.no, role 5) invites a
 * case worker (role 3); the link in the invitation, read from the outbox, sets a password, and the
 * case worker signs in with it and appears in the list as active. On the way: the staff list, the
 * invitation form (a refusal on its field), the user's page with the access report and its XLSX,
 * and the roles × rights table; axe on each, with screenshots.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { checkA11y, openPage, screenshot, signIn, usePortal, type Portal, openSignedIn } from './harness.ts';
import { outboxDir, readOutboxFiles } from '../../server/adapters/outbox-files.ts';

const PASSWORD = 'saksbehandler9';

/** The invitation's link (path and query) as the developer reads it in DATA_DIR/outbox. */
async function invitationLink(portal: Portal, email: string): Promise<string> {
  const until = Date.now() + 20_000;
  for (;;) {
    const mails = await readOutboxFiles(outboxDir(portal.dataDir), 100);
    const html = mails.find((file) => file.to === email && file.html?.includes('/password/change'))?.html;
    const match = html ? /\/password\/change\?token=[^"'\s<]+/.exec(html.replace(/&amp;/g, '&')) : null;
    if (match) return match[0];
    if (Date.now() > until) throw new Error(`no invitation to ${email} in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function look(page: Page, name: string, width: number) {
  // Nothing widens the page: a wide table scrolls inside its own box.
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(width);
  await checkA11y(page, `${name} at ${width} px`);
  await screenshot(page, `staff-users-${name}-${width}`);
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

describe.each([1440, 390])('staff users at %i px', (width) => {
  const e2e = usePortal();

  it('the administrator invites a case worker, whose invitation link sets a password to sign in with', async () => {
    const email = `sara.saksbehandler.${width}@example.no`;
    const page = await openSignedIn(e2e.browser, e2e.portal, 'staff', '/staff', { width });
    await heading(page, 'Ansatte').waitFor();
    const list = page.getByRole('region', { name: 'Ansatte' });
    await list.getByRole('link', { name: 'Thomas Lie' }).waitFor();
    await look(page, 'list', width);

    // The invitation: a member's address is refused on its field, with what was typed kept.
    await page.getByRole('link', { name: 'Inviter ansatt' }).click();
    await heading(page, 'Inviter ansatt').waitFor();
    await page.getByLabel('Fornavn').fill('Sara');
    await page.getByLabel('Etternavn').fill('Saksbehandler');
    await page.getByLabel('E-post').fill('medlem@example.no');
    await page.getByRole('combobox', { name: /Rolle/ }).click();
    await page.getByRole('option', { name: 'Saksbehandler' }).click();
    await page.getByRole('button', { name: 'Send invitasjon' }).click();
    await page.getByText('E-postadressen tilhører et medlem. En ansatt må ha sin egen e-postadresse.').waitFor();
    expect(await page.getByLabel('Fornavn').inputValue()).toBe('Sara');
    await page.getByRole('button', { name: 'Lukk melding' }).click();
    await look(page, 'invite-refused', width);
    await page.getByLabel('E-post').fill(email);
    await page.getByRole('button', { name: 'Send invitasjon' }).click();
    await heading(page, 'Sara Saksbehandler').waitFor({ timeout: 20_000 });
    await page.getByText(`Invitasjonen er sendt til ${email}`).waitFor();
    await page.getByText('Invitert').first().waitFor();
    await look(page, 'user', width);

    // The case worker opens the link in a browser of their own and chooses a password.
    const link = await invitationLink(e2e.portal, email);
    const invited = await openPage(e2e.browser, e2e.portal, link, { width });
    await invited.getByRole('heading', { name: 'Lag nytt passord' }).waitFor();
    await invited.getByLabel('Passord', { exact: true }).fill(PASSWORD);
    await invited.getByLabel('Bekreft passord').fill(PASSWORD);
    await invited.getByRole('button', { name: 'Lagre nytt passord' }).click();
    await invited.getByText('Passordet er endret.', { exact: false }).waitFor();
    await look(invited, 'password-chosen', width);
    await invited.getByRole('link', { name: 'Logg inn som ansatt' }).click();
    await invited
      .getByLabel(/e-post/i)
      .first()
      .fill(email);
    await invited
      .getByLabel(/passord/i)
      .first()
      .fill(PASSWORD);
    await invited.getByRole('button', { name: /logg inn/i }).click();
    await invited.waitForURL(/\/membership/, { timeout: 30_000 });
    await invited.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 20_000 });
    await screenshot(invited, `staff-users-case-worker-signed-in-${width}`);
    const rights = await invited.evaluate(async () => {
      const response = await fetch('/api/user/rights', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
      return (await response.json()) as { data: { role_id: number; role_name: string } };
    });
    expect(rights.data).toMatchObject({ role_id: 3, role_name: 'Saksbehandler' });
    // A case worker may not administer staff: no 'Ansatte', and the page typed in says so.
    expect(await invited.getByRole('link', { name: 'Ansatte' }).count()).toBe(0);
    await invited.goto(`${e2e.portal.baseUrl}/staff`);
    await heading(invited, 'Du har ikke tilgang').waitFor({ timeout: 20_000 });
    await invited.context().close();

    // Back in the list: active, with a sign-in.
    await page.goto(`${e2e.portal.baseUrl}/staff`);
    const row = page.getByRole('row').filter({ hasText: email });
    await row.waitFor();
    await expect.poll(() => row.getByText('Aktiv').count()).toBe(1);
    expect(await row.getByText('Aldri').count()).toBe(0);
    await page.context().close();
  });

  it('shows the administrator’s own access report and saves it as XLSX, and the roles × rights table', async () => {
    const page = await openPage(e2e.browser, e2e.portal, '/', { width });
    // The member overview is a read the report counts (an administrator starts on 'Nøkkeltall').
    await signIn(page, e2e.portal, 'staff');
    await page.goto(`${e2e.portal.baseUrl}/membership`);
    await page.locator('tbody tr').first().waitFor();
    await page.goto(`${e2e.portal.baseUrl}/staff`);
    await page.getByRole('region', { name: 'Ansatte' }).getByRole('link', { name: 'Ingrid Berg' }).click();
    await heading(page, 'Ingrid Berg').waitFor();
    // One's own sign-ins are ended in the profile.
    expect(await page.getByRole('button', { name: 'Avslutt alle innlogginger' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Vis rapport' }).click();
    const entries = page.getByRole('region', { name: 'Hendelser i perioden' });
    await entries.getByText('Medlemsoversikten').first().waitFor({ timeout: 20_000 });
    await look(page, 'report', width);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Eksporter (xlsx)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^tilgangsrapport-ingrid-berg-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect((await download.createReadStream()).readable).toBe(true);

    await page.goto(`${e2e.portal.baseUrl}/staff/roles`);
    await heading(page, 'Roller og rettigheter').waitFor();
    await page.getByRole('checkbox', { name: 'Saksbehandler: Eksportere lister (medlemmer, forespørsler, fakturaer, Vipps-rapporten)' }).waitFor();
    await look(page, 'roles', width);
    // Taking 'staff.administer' from the administrators is refused, in Norwegian, under the role.
    // A phone shows one role at a time, chosen in the tabs.
    if (width < 600) await page.getByRole('tab', { name: 'Administrator' }).click();
    await page.getByRole('checkbox', { name: 'Administrator: Administrere ansatte, roller, rettigheter, tilgangslogg og totrinnsinnlogging' }).click();
    await page.getByRole('button', { name: 'Lagre rettighetene til Administrator' }).click();
    await page.getByRole('alert').filter({ hasText: 'Minst én aktiv ansatt må kunne administrere ansatte' }).first().waitFor();
    await page.getByRole('button', { name: 'Lukk melding' }).click();
    await look(page, 'roles-refused', width);
    await page.context().close();
  });
});
