/**
 * Staff screens at a phone's and a desktop's width: the travel queue in the shape of the other
 * queues (search, pager, no sideways page), the instrument rows with every field's text in view,
 * a delete that waits for 'Lagre' shown as such, a member's pending change on the edit page, and
 * an ended campaign code without its QR code.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { api, apiLogin, checkA11y, MEMBER, screenshot, STAFF, usePortal, settled, openSignedIn } from './harness.ts';

const e2e = usePortal();
let token: string;
let memberId: number;
let insuredId: number;

beforeAll(async () => {
  token = await apiLogin(e2e.portal, STAFF.email, STAFF.password);
  const { body } = await api(e2e.portal, token, 'GET', `/api/member/list?filter[name]=${MEMBER.email}`);
  memberId = body.data[0].id;
  // Names as long as real ones get: a type, maker and model that a cramped row cuts.
  const created = await api(e2e.portal, token, 'POST', '/api/instrument/new', {
    member_id: memberId,
    instrument_category: 1,
    make: 'Gibson Custom Shop',
    model: 'Les Paul Standard 1959 VOS',
    serial_number: 'CS9-01234-VOS',
    value: 1250000,
    status: 1,
  });
  insuredId = created.body.data.id;
});

async function staffPage(path: string, width: number): Promise<Page> {
  const page = await openSignedIn(e2e.browser, e2e.portal, 'staff', path, { width });
  return page;
}

/** How far the page itself scrolls sideways beyond the window (0 when it fits). */
const pageOverflow = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth - document.documentElement.clientWidth);

/**
 * The fields in `scope` whose text does not fit their box, with what they hold: an input or text
 * area that scrolls, a select whose chosen option's text is wider than the room beside its arrow,
 * or a field reaching past the window's edge.
 */
const clippedFields = (scope: Locator) =>
  scope.evaluate((root) => {
    const measure = document.createElement('canvas').getContext('2d')!;
    const textWidth = (field: HTMLElement, text: string) => {
      const style = getComputedStyle(field);
      measure.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      return measure.measureText(text).width;
    };
    const room = (field: HTMLElement) => {
      const style = getComputedStyle(field);
      return field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    };
    return Array.from(
      root.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
        'input:not([type=checkbox]):not([aria-hidden=true]), select, textarea:not([aria-hidden=true])',
      ),
    )
      .filter((field) => field.getClientRects().length > 0)
      .flatMap((field) => {
        const text = field instanceof HTMLSelectElement ? (field.selectedOptions[0]?.text ?? '') : field.value;
        const cut =
          field instanceof HTMLSelectElement
            ? textWidth(field, text) > room(field) + 0.5
            : field.scrollWidth > field.clientWidth + 1 || field.scrollHeight > field.clientHeight + 1;
        const outside = field.getBoundingClientRect().right > window.innerWidth;
        return cut || outside ? [`${field.getAttribute('aria-label')}: ${text}${outside ? ' (past the window)' : ''}`] : [];
      });
  });

describe('the travel queue', () => {
  for (const width of [390, 1440]) {
    it(`fits ${width} px without a sideways page, and its search narrows the list`, async () => {
      const { body } = await api(e2e.portal, token, 'GET', '/api/subscription/list/pending-travel?per_page=25&sort=created_at');
      expect(body.total).toBeGreaterThan(1);
      const wanted = body.data[0].member as { first_name: string; last_name: string; email: string };
      const page = await staffPage('/travel-insurance', width);
      await page.getByRole('heading', { level: 1, name: `FORESPØRSLER REISEFORSIKRING (${body.total})` }).waitFor();
      await page.getByRole('navigation', { name: 'Sidevelger' }).waitFor();
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await checkA11y(page, `travel queue at ${width} px`);
      await screenshot(page, `staff-travel-queue-${width}`);

      await page.getByRole('searchbox', { name: 'Søk etter medlem' }).fill(wanted.email);
      const narrowed = await api(e2e.portal, token, 'GET', `/api/subscription/list/pending-travel?filter[name]=${encodeURIComponent(wanted.email)}`);
      expect(narrowed.body.total).toBeLessThan(body.total);
      await page.getByRole('heading', { level: 1, name: `FORESPØRSLER REISEFORSIKRING (${narrowed.body.total})` }).waitFor();
      await page.getByRole('checkbox', { name: `Velg ${wanted.first_name} ${wanted.last_name}` }).waitFor();
      expect(await page.locator('tbody tr').count()).toBe(narrowed.body.total);
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `staff-travel-queue-search-${width}`);

      // 'Aksepter' asks first; a cancelled question leaves nothing selected.
      const box = page.getByRole('checkbox', { name: `Velg ${wanted.first_name} ${wanted.last_name}` });
      await box.check();
      await page.getByRole('button', { name: 'Aksepter' }).click();
      const confirm = page.getByRole('dialog', { name: 'Aksepter 1 bestilling?' });
      await confirm
        .getByRole('listitem')
        .filter({ hasText: `${wanted.first_name} ${wanted.last_name}` })
        .waitFor();
      await checkA11y(page, `the accept question at ${width} px`);
      await screenshot(page, `staff-travel-accept-confirm-${width}`);
      await confirm.getByRole('button', { name: 'Avbryt' }).click();
      await confirm.waitFor({ state: 'detached' });
      expect(await box.isChecked()).toBe(false);
      expect(await page.getByRole('button', { name: 'Aksepter' }).isDisabled()).toBe(true);
      await page.context().close();
    });
  }
});

describe("a member's instrument rows", () => {
  for (const width of [390, 1440]) {
    it(`show every field's text whole at ${width} px`, async () => {
      const page = await staffPage(`/membership/edit/instrument-insurance/${memberId}`, width);
      const active = page.getByRole('region', { name: /AKTIVE INSTRUMENTER/ });
      await active.getByLabel('MODELL, Rad 1').waitFor();
      await expect.poll(() => active.getByRole('button', { name: 'Slett Gibson Custom Shop Les Paul Standard 1959 VOS' }).count()).toBe(1);
      const rows = active.getByRole('region', { name: 'Forsikrede instrumenter' });
      const check = async (shot: string) => {
        await settled(page);
        await screenshot(page, shot);
        expect(await clippedFields(active)).toEqual([]);
        expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
        // Nothing in the rows sticks out of their box (which would scroll it sideways).
        expect(
          await rows.evaluate((box) => {
            const edge = box.getBoundingClientRect().right;
            return Array.from(box.querySelectorAll('td > *, th'))
              .filter((element) => element.getBoundingClientRect().right > edge + 0.5)
              .map((element) => `${element.tagName} ${element.textContent} ${Math.round(element.getBoundingClientRect().right - edge)} px`);
          }),
        ).toEqual([]);
        expect(await rows.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(0);
      };
      await check(`staff-instrument-rows-${width}`);
      if (width > 1000) {
        // With the menu folded and unfolded: the rows get about 1300 and 1050 px.
        await page.getByRole('button', { name: /^(Lukk|Åpne) menyen$/ }).click();
        // The pointer leaves the menu button, so its tooltip is not caught fading in by axe.
        await page.mouse.move(width / 2, 5);
        await page.getByRole('tooltip').waitFor({ state: 'detached' });
        await check(`staff-instrument-rows-${width}-menu-toggled`);
      }
      await checkA11y(page, `a member's instruments at ${width} px`);

      // New rows lay out the same way.
      await active.getByRole('button', { name: 'Legg til produkt' }).click();
      await active.getByLabel('TYPE INSTRUMENT, Ny rad 1').selectOption({ label: 'Keyboard og piano' });
      await active.getByLabel('MODELL, Ny rad 1').fill('Nord Stage 4 Compact');
      expect(await clippedFields(active)).toEqual([]);
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `staff-instrument-rows-new-${width}`);
      await page.context().close();
    });
  }

  it("show a delete as waiting for 'Lagre', with the counts and the greyed-out export explained", async () => {
    const page = await staffPage(`/membership/edit/instrument-insurance/${memberId}`, 390);
    const before = (await api(e2e.portal, token, 'GET', `/api/member/${memberId}/instrument`)).body.data.active.length as number;
    const active = page.getByRole('region', { name: /AKTIVE INSTRUMENTER/ });
    await page.getByRole('heading', { name: `AKTIVE INSTRUMENTER (${before})` }).waitFor();
    await active.getByRole('button', { name: 'Slett Gibson Custom Shop Les Paul Standard 1959 VOS' }).click();
    await active.getByText('Slettes ved lagring').waitFor();
    await page.getByRole('heading', { name: `AKTIVE INSTRUMENTER (${before - 1})` }).waitFor();
    await active.getByText('Lagre eller forkast endringene først').waitFor();
    expect(await active.getByRole('button', { name: 'Logg' }).isDisabled()).toBe(true);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await checkA11y(page, 'a delete waiting for Lagre');
    await screenshot(page, 'staff-instrument-delete-staged-390');
    await active.getByRole('button', { name: 'Angre slettingen av Gibson Custom Shop Les Paul Standard 1959 VOS' }).click();
    await page.getByRole('heading', { name: `AKTIVE INSTRUMENTER (${before})` }).waitFor();
    expect(await active.getByRole('button', { name: 'Logg' }).isEnabled()).toBe(true);
    await page.context().close();
    const after = (await api(e2e.portal, token, 'GET', `/api/member/${memberId}/instrument`)).body.data.active as { id: number }[];
    expect(after.some((row) => row.id === insuredId)).toBe(true);
  });
});

describe('the instrument edit page', () => {
  it("counts the member's pending change to an insured instrument as waiting", async () => {
    const memberToken = await apiLogin(e2e.portal, MEMBER.email, MEMBER.password);
    const changed = await api(e2e.portal, memberToken, 'PATCH', `/api/instrument/${insuredId}`, { value: 1300000 });
    expect(changed.status).toBe(200);
    for (const width of [1440, 390]) {
      const page = await staffPage(`/instrument-insurance/edit/${memberId}`, width);
      const section = page.getByRole('region', { name: /^ENDRINGER TIL BEHANDLING \(\d+\)$/ }).first();
      await page.getByRole('heading', { name: /^ENDRINGER TIL BEHANDLING \(\d+\)$/ }).waitFor();
      await section.getByText('1 250 000,- → 1 300 000,-').waitFor();
      expect(await page.getByText('Ingen instrumenter venter på behandling.').count()).toBe(0);
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await checkA11y(page, `the edit page with a pending change at ${width} px`);
      await screenshot(page, `staff-instrument-edit-pending-change-${width}`);
      await page.context().close();
    }
  });
});

describe('campaign codes', () => {
  it("offer no QR code once ended, and say 'Avsluttet'", async () => {
    const created = await api(e2e.portal, token, 'POST', '/api/campaign', {
      name: 'Høst 2025',
      code: 'HOST25',
      period_start: '2025-09-01',
      period_end: '2025-10-31',
      product_category_id: 1,
      benefit_id: 0,
      status: 1,
    });
    expect(created.status).toBeLessThan(300);
    const live = await api(e2e.portal, token, 'POST', '/api/campaign', {
      name: 'Løpende',
      code: 'LOPENDE',
      period_start: '2025-01-01',
      period_end: null,
      product_category_id: 1,
      benefit_id: 0,
      status: 1,
    });
    expect(live.status).toBeLessThan(300);
    for (const width of [1440, 390]) {
      const page = await staffPage('/settings/promo-code', width);
      const ended = page.locator('tbody tr').filter({ hasText: 'HOST25' });
      await ended.getByText('Avsluttet').waitFor();
      expect(await ended.getByRole('button', { name: /QR-kode/ }).count()).toBe(0);
      await page.locator('tbody tr').filter({ hasText: 'LOPENDE' }).getByRole('button', { name: 'QR-kode: LOPENDE' }).waitFor();
      await checkA11y(page, `campaign codes at ${width} px`);
      await screenshot(page, `staff-campaigns-${width}`);
      await page.context().close();
    }
  });
});
