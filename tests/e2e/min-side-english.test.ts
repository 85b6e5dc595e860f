/**
 * Min side in English at 390 px: switched with the keyboard on the profile, kept through a
 * reload and on the travel and instrument pages, and back to Norsk; axe clean in both
 * languages on each page and on a sign-up step. Screenshots in English at 390 and 1440 px.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { checkA11y, openPage, screenshot, usePortal, openSignedIn } from './harness.ts';
import { showProfileSections, WIDTHS } from './min-side-steps.ts';

const e2e = usePortal();

const lang = (page: Page) => page.evaluate(() => document.documentElement.lang);

/** Presses the switch's button for `name` from the keyboard. */
async function choose(page: Page, name: 'Norsk' | 'English'): Promise<void> {
  const button = page.getByRole('group', { name: /^(Språk|Language)$/ }).getByRole('button', { name });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
}

async function heading(page: Page, name: string | RegExp): Promise<void> {
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

describe('Min side in English at 390 px', () => {
  it('a sign-up step switches to English and back, axe clean in both', async () => {
    const page = await openPage(e2e.browser, e2e.portal, '/new-member', { width: 390 });
    await heading(page, 'Bli medlem');
    await checkA11y(page, 'sign-up in Norwegian at 390 px');
    await choose(page, 'English');
    await heading(page, 'Join');
    expect(await lang(page)).toBe('en');
    expect(await page.title()).toBe('Join – Musikerportalen');
    await page.getByRole('button', { name: 'Send application' }).click();
    await page.getByText('You must accept the membership terms').first().waitFor();
    await checkA11y(page, 'sign-up in English at 390 px');
    await choose(page, 'Norsk');
    await heading(page, 'Bli medlem');
    expect(await lang(page)).toBe('nb');
    await page.context().close();
  });

  it('the profile, travel and instrument pages in English, kept through a reload, then back to Norsk; axe clean in both', async () => {
    const page = await openSignedIn(e2e.browser, e2e.portal, 'member', '/profile', { width: 390 });
    const memberId = /\/profile\/(\d+)/.exec(page.url())?.[1];
    expect(memberId).toBeTruthy();
    await heading(page, /^Hei, /);
    await checkA11y(page, 'profile in Norwegian at 390 px');

    await choose(page, 'English');
    await heading(page, /^Hi, /);
    expect(await lang(page)).toBe('en');
    expect(await page.title()).toBe('Min side – Musikerportalen');
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await checkA11y(page, 'profile in English at 390 px');

    await page.reload();
    await heading(page, /^Hi, /);
    expect(await lang(page)).toBe('en');

    await page.goto(`${e2e.portal.baseUrl}/profile/edit/travel-insurane/${memberId}`);
    await heading(page, 'Travel insurance');
    expect(await lang(page)).toBe('en');
    await page.getByText('Renewal').waitFor();
    await checkA11y(page, 'travel insurance in English at 390 px');

    await page.goto(`${e2e.portal.baseUrl}/profile/edit/instrument-insurance/${memberId}`);
    await heading(page, 'Instrument insurance');
    await page.getByRole('tab', { name: 'Add instruments' }).waitFor();
    await checkA11y(page, 'instrument insurance in English at 390 px');
    await choose(page, 'Norsk');
    await heading(page, 'Instrumentforsikring');
    expect(await lang(page)).toBe('nb');
    await checkA11y(page, 'instrument insurance in Norwegian at 390 px');

    await page.goto(`${e2e.portal.baseUrl}/profile/edit/travel-insurane/${memberId}`);
    await heading(page, 'Reiseforsikring');
    await checkA11y(page, 'travel insurance in Norwegian at 390 px');
    await page.context().close();
  });
});

describe('screenshots in English', () => {
  it.each(WIDTHS)('profile, sign-up step and travel page at %i px', async (width) => {
    const signUp = await openPage(e2e.browser, e2e.portal, '/new-member', { width });
    await heading(signUp, 'Bli medlem');
    await choose(signUp, 'English');
    await heading(signUp, 'Join');
    await screenshot(signUp, `min-side-en-signup-${width}`);
    await signUp.context().close();

    const page = await openSignedIn(e2e.browser, e2e.portal, 'member', '/profile', { width });
    const memberId = /\/profile\/(\d+)/.exec(page.url())?.[1];
    await heading(page, /^Hei, /);
    await choose(page, 'English');
    await showProfileSections(page);
    await page.waitForLoadState('networkidle');
    await screenshot(page, `min-side-en-profile-${width}`);
    await page.goto(`${e2e.portal.baseUrl}/profile/edit/travel-insurane/${memberId}`);
    await heading(page, 'Travel insurance');
    await page.waitForLoadState('networkidle');
    await screenshot(page, `min-side-en-travel-${width}`);
    await page.context().close();
  });
});
