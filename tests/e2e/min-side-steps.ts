/** Steps the Min side browser tests share: widths, looking at a page, and staff-side checks. */
import type { Page } from 'playwright-core';
import { api, apiLogin, checkA11y, screenshot, STAFF, type Portal } from './harness.ts';

export const WIDTHS = [390, 1440] as const;

/**
 * Scrolls the profile down to its sections below the form and the invoices, whose code loads as
 * they come near the window, and waits until they are there (the privacy text is the last).
 */
export async function showProfileSections(page: Page): Promise<void> {
  await page.getByRole('heading', { name: /^(Hei|Hi), / }).waitFor();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.locator('section.content-text').waitFor({ state: 'attached' });
}

/** axe and a screenshot of the page as it is now. */
export async function look(page: Page, name: string, width: number): Promise<void> {
  await checkA11y(page, `${name} at ${width} px`);
  await screenshot(page, `min-side-${name}-${width}`);
}

export async function staffToken(portal: Portal): Promise<string> {
  return apiLogin(portal, STAFF.email, STAFF.password);
}

export async function memberByEmail(portal: Portal, token: string, email: string): Promise<{ id: number; first_name: string; last_name: string }> {
  const { status, body } = await api(portal, token, 'GET', `/api/member/list?filter[name]=${encodeURIComponent(email)}&per_page=25`);
  if (status !== 200) throw new Error(`member list answered ${status}`);
  const member = (body.data as { id: number; email: string; first_name: string; last_name: string }[]).find((row) => row.email === email);
  if (!member) throw new Error(`no member with e-mail ${email}`);
  return member;
}

export async function messagesOf(portal: Portal, token: string, memberId: number): Promise<{ subject: string; content: string; channel: string }[]> {
  const { status, body } = await api(portal, token, 'GET', `/api/emails/logs/list?filter[member_id]=${memberId}&sort=-id&per_page=100`);
  if (status !== 200) throw new Error(`message log answered ${status}`);
  return body.data;
}

/**
 * What a keyboard user hears for each of `elements` (its aria-label, its labels' text, a button's
 * or link's text), or for the focused element; run in the page.
 */
function labelsIn(which: 'focused' | 'shown'): string[][] {
  const labelOf = (element: Element) => {
    const labels = (element as HTMLInputElement).labels ? Array.from((element as HTMLInputElement).labels!).map((label) => label.textContent ?? '') : [];
    const own = element.tagName === 'BUTTON' || element.tagName === 'A' ? (element.textContent ?? '') : '';
    return [element.getAttribute('aria-label') ?? '', ...labels, own].map((part) => part.replace(/\s*\*/g, '').trim());
  };
  if (which === 'focused') return document.activeElement ? [labelOf(document.activeElement)] : [];
  const candidates = Array.from(document.querySelectorAll('input, select, textarea, button, a[href], [tabindex]'));
  return candidates.filter((element) => (element as HTMLElement).offsetParent !== null).map(labelOf);
}

/**
 * Presses Tab until the focused element has the given accessible label or text; keyboard only.
 * It first waits (up to 30 s) for such an element to be shown: a page still loading on a busy
 * machine would otherwise be tabbed through before its field is there.
 */
export async function tabTo(page: Page, name: string | RegExp, limit = 60): Promise<void> {
  const matches = (parts: string[]) => parts.some((part) => (typeof name === 'string' ? part === name : name.test(part)));
  for (const end = Date.now() + 30_000; !(await page.evaluate(labelsIn, 'shown' as const)).some(matches);) {
    if (Date.now() > end) throw new Error(`no element named ${String(name)} on the page`);
    await page.waitForTimeout(100);
  }
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if ((await page.evaluate(labelsIn, 'focused' as const)).some(matches)) return;
  }
  throw new Error(`Tab never reached ${String(name)}`);
}
