/**
 * Min side in English at 390 px tells a member what the server said in English: a wrong password
 * at sign-in. Axe clean; screenshot in English at 390 px.
 */
import { describe, it } from 'vitest';
import { checkA11y, MEMBER, openPage, screenshot, usePortal } from './harness.ts';

const e2e = usePortal();

describe('the server’s messages on Min side in English at 390 px', () => {
  it('a wrong password is refused in English, and what was typed stays', async () => {
    const page = await openPage(e2e.browser, e2e.portal, '/profile', { width: 390 });
    const english = page.getByRole('group', { name: 'Språk' }).getByRole('button', { name: 'English' });
    await english.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.getByLabel(/^Email/).fill(MEMBER.email);
    await page.getByLabel(/^Password/).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').getByText('Wrong email or password.').waitFor();
    await checkA11y(page, 'sign-in refused in English at 390 px');
    await screenshot(page, 'min-side-english-server-message-390');
    await page.context().close();
  });
});
