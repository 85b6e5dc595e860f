/** Password reset from the outbox link, the blocked screen, and the pages anyone may open. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, MEMBER, openPage, signIn, usePortal, type Portal } from './harness.ts';
import { look, memberByEmail, messagesOf, staffToken, WIDTHS } from './min-side-steps.ts';
import { outboxDir, readOutboxFiles } from '../../server/adapters/outbox-files.ts';

const NEW_PASSWORD = 'nyttpassord9';

function resetLinkIn(content: string): string {
  const match = /\/password\/change\?token=[^"'\s<]+/.exec(content.replace(/&amp;/g, '&'));
  if (!match) throw new Error('no reset link in the message');
  return match[0];
}

/** The link as the developer reads it in DATA_DIR/outbox once the queue has sent the mail. */
async function outboxResetLink(portal: Portal): Promise<string> {
  const until = Date.now() + 20_000;
  for (;;) {
    const mails = await readOutboxFiles(outboxDir(portal.dataDir), 100);
    const mail = mails.find((file) => file.to === MEMBER.email && file.html?.includes('/password/change'));
    if (mail) return resetLinkIn(mail.html!);
    if (Date.now() > until) throw new Error('no reset mail in the outbox');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function setNewPassword(page: Page) {
  await page.getByLabel('Passord', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Bekreft passord').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Lagre nytt passord' }).click();
}

describe.each(WIDTHS)('access at %i px', (width) => {
  const e2e = usePortal();
  let memberId: number;

  beforeAll(async () => {
    memberId = (await memberByEmail(e2e.portal, await staffToken(e2e.portal), MEMBER.email)).id;
  });

  it('shows a blocked member only the blocked screen; OK clears storage and goes to /profile', async () => {
    const staff = await staffToken(e2e.portal);
    const blocked = await api(e2e.portal, staff, 'PATCH', `/api/member/${memberId}`, { blocked_access: true });
    expect(blocked.status).toBe(200);
    const page = await openPage(e2e.browser, e2e.portal, '/profile', { width });
    await signIn(page, e2e.portal, 'member');
    await page.getByRole('heading', { name: 'Din konto har blitt sperret!' }).waitFor();
    expect(await page.getByText('Sjekk at medlemskapet ditt fortsatt er aktivt', { exact: false }).count()).toBe(1);
    expect(await page.getByLabel('Fornavn').count()).toBe(0);
    expect(await page.getByText('Medlemsfordeler').count()).toBe(0);
    await look(page, 'blocked', width);
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('heading', { name: 'Logg inn på Min side' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile');
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await api(e2e.portal, staff, 'PATCH', `/api/member/${memberId}`, { blocked_access: false });
    await page.context().close();
  });

  it('resets the password from the e-mailed link, which works only once', async () => {
    const page = await openPage(e2e.browser, e2e.portal, '/profile', { width });
    await page.getByRole('link', { name: 'Glemt passord?' }).click();
    await page.getByRole('heading', { name: 'Glemt passord' }).waitFor();
    await look(page, 'reset-password', width);
    await page.getByLabel('E-post').fill(MEMBER.email);
    await page.getByRole('button', { name: 'Send lenke' }).click();
    await page.getByRole('button', { name: 'Send lenke' }).waitFor({ state: 'detached' });
    expect(await page.getByText(/får du snart en e-post/).count()).toBe(1);

    // Staff read the message log, where the link is removed; the developer's outbox has it.
    const logged = await messagesOf(e2e.portal, await staffToken(e2e.portal), memberId);
    expect(logged.find((mail) => mail.subject === 'Lag nytt passord')!.content).toContain('[lenke fjernet]');
    const link = await outboxResetLink(e2e.portal);

    await page.goto(`${e2e.portal.baseUrl}${link}`);
    await page.getByRole('heading', { name: 'Lag nytt passord' }).waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(new URL(page.url()).pathname).toBe('/password/change');
    await look(page, 'password-change', width);
    await setNewPassword(page);
    await page.getByRole('link', { name: 'Logg inn på Min side' }).click();
    await signIn(page, e2e.portal, { email: MEMBER.email, password: NEW_PASSWORD });
    await page.getByRole('heading', { name: 'Hei, Ola' }).waitFor();

    const again = await openPage(e2e.browser, e2e.portal, link, { width });
    await again.getByRole('heading', { name: 'Lag nytt passord' }).waitFor();
    await setNewPassword(again);
    await again.getByRole('alert').filter({ hasText: 'post@example.no' }).waitFor();
    await look(again, 'password-change-refused', width);
    await page.context().close();
    await again.context().close();
  });

  it('shows the payment result pages with the support contact', async () => {
    const page = await openPage(e2e.browser, e2e.portal, '/vipps-thanks', { width });
    await page.getByRole('heading', { name: 'Takk for at du ble medlem!' }).waitFor();
    expect(await page.getByText(/Lenken virker i 60 minutter/).count()).toBe(1);
    await look(page, 'vipps-thanks', width);
    await page.goto(`${e2e.portal.baseUrl}/vipps-error`);
    await page.getByRole('heading', { name: 'Beklager, noe gikk galt' }).waitFor();
    expect(await page.getByRole('link', { name: 'post@example.no' }).count()).toBeGreaterThan(0);
    await look(page, 'vipps-error', width);
    await page.goto(`${e2e.portal.baseUrl}/vipps-cancelled`);
    await page.getByRole('heading', { name: 'Betalingen ble avbrutt' }).waitFor();
    expect(await page.getByRole('link', { name: 'Prøv innmeldingen på nytt' }).getAttribute('href')).toBe('/new-member');
    await look(page, 'vipps-cancelled', width);
    await page.context().close();
  });

  it('sends a visitor from a member page to the login, and an unknown member path to /', async () => {
    const page = await openPage(e2e.browser, e2e.portal, `/profile/${memberId}`, { width });
    await page.getByRole('heading', { name: 'Logg inn på Min side' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile');
    await page.goto(`${e2e.portal.baseUrl}/profile/${memberId}/ukjent`);
    await page.waitForURL((url) => url.pathname === '/');
    await page.context().close();
  });
});
