/** Steps the Min side browser tests share: widths, looking at a page, and staff-side checks. */
import type { Page } from 'playwright-core';
import { api, apiLogin, checkA11y, screenshot, STAFF, type Portal } from './harness.ts';

export const WIDTHS = [390, 1440] as const;

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

/** Presses Tab until the focused element has the given accessible label or text; keyboard only. */
export async function tabTo(page: Page, name: string | RegExp, limit = 60): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const label = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element) return '';
      const input = element as HTMLInputElement;
      const labels = input.labels ? Array.from(input.labels).map((label) => label.textContent ?? '') : [];
      return [element.getAttribute('aria-label') ?? '', ...labels, element.tagName === 'BUTTON' || element.tagName === 'A' ? (element.textContent ?? '') : '']
        .join('|')
        .replace(/\s*\*/g, '');
    });
    const parts = label.split('|').map((part) => part.trim());
    if (parts.some((part) => (typeof name === 'string' ? part === name : name.test(part)))) return;
  }
  throw new Error(`Tab never reached ${String(name)}`);
}
