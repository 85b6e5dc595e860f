/**
 * The request queues under Forespørsler on a phone (390 px): a date in one line, an ID column
 * (empty for applicants) no wider than its heading, the pager in Norwegian ('side 1 av N') while
 * the member overview keeps the spec's 'page X av Y'; and the menu's requests group named
 * 'Forespørsler, N ventende' as a screen reader and a voice command meet it.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { checkA11y, screenshot, usePortal, openSignedIn } from './harness.ts';

const e2e = usePortal();
const WIDTH = 390;

async function staffPage(path: string, width = WIDTH): Promise<Page> {
  const page = await openSignedIn(e2e.browser, e2e.portal, 'staff', path, { width });
  return page;
}

/** How many lines each date cell's text takes (the distinct tops of its line boxes). */
const dateLines = (page: Page) =>
  page.getByRole('cell', { name: /^\d{2}-\d{2}-\d{4}$/ }).evaluateAll((cells) =>
    cells.map((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      return new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top))).size;
    }),
  );

/** The width of the column headed 'ID'. */
const idColumnWidth = (page: Page) =>
  page
    .getByRole('columnheader')
    .filter({ hasText: /^ID$/ })
    .first()
    .evaluate((cell) => cell.getBoundingClientRect().width);

describe('the membership queue at 390 px', () => {
  it('keeps each date on one line, the empty ID column narrow and the pager in Norwegian', async () => {
    const page = await staffPage('/membership-request');
    const heading = page.getByRole('heading', { level: 1, name: /^FORESPØRSLER MEDLEMSKAP \(\d+\)$/ });
    await heading.waitFor();
    const total = Number(/\((\d+)\)/.exec((await heading.textContent())!)![1]);
    await page
      .getByRole('cell', { name: /^\d{2}-\d{2}-\d{4}$/ })
      .first()
      .waitFor();
    const lines = await dateLines(page);
    expect(lines.length).toBeGreaterThan(0);
    expect(
      lines.every((count) => count === 1),
      `lines per date: ${lines.join(', ')}`,
    ).toBe(true);
    // No applicant has a member number yet: the column is empty and takes only its heading's room.
    expect(await idColumnWidth(page)).toBeLessThanOrEqual(WIDTH / 10);
    await page
      .getByRole('navigation', { name: 'Sidevelger' })
      .getByText(`side 1 av ${Math.ceil(total / 25)}`, { exact: true })
      .waitFor();
    await screenshot(page, 'membership-queue-390');
    await checkA11y(page, 'the membership queue at 390 px');
    await page.context().close();
  });

  it('the other queues say "side 1 av N" too, and the member overview keeps "page 1 av N"', async () => {
    const page = await staffPage('/travel-insurance');
    const pager = page.getByRole('navigation', { name: 'Sidevelger' });
    await pager.getByText(/^side 1 av \d+$/).waitFor();
    await page.goto(`${e2e.portal.baseUrl}/instrument-insurance`);
    await pager.getByText(/^side 1 av \d+$/).waitFor();
    await screenshot(page, 'instrument-queue-390');
    await page.goto(`${e2e.portal.baseUrl}/membership`);
    await pager.getByText(/^page 1 av \d+$/).waitFor();
    await page.context().close();
  });
});

describe('the requests group in the menu', () => {
  it("is named 'Forespørsler, N ventende' with N the badge's number", async () => {
    const page = await staffPage('/membership', 1440);
    const group = page.getByRole('button', { name: /^Forespørsler, \d+ ventende$/ });
    await group.waitFor();
    const name = await group.evaluate((button) => button.textContent);
    const count = /(\d+) ventende/.exec(name!)![1];
    // The exact name, as a screen reader reads it, with the visible badge showing the same number.
    await page.getByRole('button', { name: `Forespørsler, ${count} ventende`, exact: true }).waitFor();
    await group.getByText(count, { exact: true }).waitFor();
    await screenshot(page, 'staff-menu-requests-group');
    await checkA11y(page, 'the member overview with the requests group');
    await page.context().close();
  });
});
