/**
 * The Vipps report's two tabs: 'Innmeldinger' as the spec has it, and 'Fakturaer og trekk' with
 * the same range (the previous month), the same CSV and XLSX buttons and the same error, chosen
 * by mouse or by keyboard and kept in the address (?tab=invoices).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { endOfMonth, format, startOfMonth, subMonths } from 'date-fns';
import { callsTo, expectFailedRequests, installFakeApi, renderAdmin, server } from './harness.tsx';

installFakeApi();

/** A settings screen's first visit loads its lazy module, which takes a while on a busy machine. */
const LAZY = { timeout: 20_000 };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const EXPORT = '/api/invoice/vipps-payments/export';
const lastMonth = subMonths(new Date(), 1);

let saved: string[] = [];
const click = HTMLAnchorElement.prototype.click;
beforeEach(() => {
  saved = [];
  HTMLAnchorElement.prototype.click = function save(this: HTMLAnchorElement) {
    saved.push(this.download);
  };
  URL.createObjectURL = () => 'blob:fil';
  URL.revokeObjectURL = () => undefined;
});
afterEach(() => {
  HTMLAnchorElement.prototype.click = click;
});

const file = (type: string) => new HttpResponse('PK', { headers: { 'content-type': type } });

describe('the Vipps report tabs', { timeout: 60_000 }, () => {
  it("opens on 'Innmeldinger'; the arrow key moves to 'Fakturaer og trekk', which the address keeps", async () => {
    const user = userEvent.setup();
    renderAdmin('/settings/vipps-rapport');
    const tabs = await screen.findByRole('tablist', { name: 'Vipps-rapporter' }, LAZY);
    const first = within(tabs).getByRole('tab', { name: 'Innmeldinger' });
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Innmeldinger' })).toHaveTextContent('vipps_registrations');

    first.focus();
    await user.keyboard('{ArrowRight}');
    const second = within(tabs).getByRole('tab', { name: 'Fakturaer og trekk' });
    expect(second).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(second).toHaveAttribute('aria-selected', 'true'));
    expect(screen.getByTestId('location')).toHaveTextContent('/settings/vipps-rapport?tab=invoices');
    const panel = screen.getByRole('tabpanel', { name: 'Fakturaer og trekk' });
    expect(panel).toHaveTextContent('vipps_fakturabetalinger');
    expect(within(panel).getByRole('textbox', { name: 'Fra dato' })).toHaveValue(format(startOfMonth(lastMonth), 'dd/MM/yyyy'));
    expect(within(panel).getByRole('textbox', { name: 'Til dato' })).toHaveValue(format(endOfMonth(lastMonth), 'dd/MM/yyyy'));

    await user.click(first);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/settings\/vipps-rapport$/));
  });

  it('names in its text the buttons as they read, on both tabs', async () => {
    const user = userEvent.setup();
    renderAdmin('/settings/vipps-rapport');
    const tabs = await screen.findByRole('tablist', { name: 'Vipps-rapporter' }, LAZY);
    for (const name of ['Innmeldinger', 'Fakturaer og trekk']) {
      await user.click(within(tabs).getByRole('tab', { name }));
      const panel = await screen.findByRole('tabpanel', { name });
      const buttons = within(panel)
        .getAllByRole('button', { name: /^Eksporter/ })
        .map((button) => button.textContent);
      expect(buttons).toEqual(['Eksporter (csv)', 'Eksporter (xlsx)']);
      for (const button of buttons) expect(panel).toHaveTextContent(`«${button}»`);
    }
  });

  it('saves last month’s invoice payments and charges as vipps_fakturabetalinger.csv and .xlsx', async () => {
    server.use(http.get(`*${EXPORT}`, ({ request }) => file(new URL(request.url).searchParams.get('format') === 'xlsx' ? XLSX : 'text/csv; charset=utf-8')));
    const user = userEvent.setup();
    renderAdmin('/settings/vipps-rapport?tab=invoices');
    expect(await screen.findByRole('tab', { name: 'Fakturaer og trekk', selected: true }, LAZY)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Eksporter (csv)' }));
    await waitFor(() => expect(saved).toEqual(['vipps_fakturabetalinger.csv']));
    const [csv] = callsTo(EXPORT);
    expect(csv.query).toEqual({
      'filter[created_at_from]': format(startOfMonth(lastMonth), 'yyyy-MM-dd'),
      'filter[created_at_to]': format(endOfMonth(lastMonth), 'yyyy-MM-dd'),
    });
    expect(await screen.findByText('Rapporten er lastet ned')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Eksporter (xlsx)' }));
    await waitFor(() => expect(saved).toEqual(['vipps_fakturabetalinger.csv', 'vipps_fakturabetalinger.xlsx']));
    expect(callsTo(EXPORT)[1].query).toMatchObject({ format: 'xlsx' });
    expect(callsTo('/api/vipps_registration/export')).toEqual([]);
  });

  it("says 'Ukjent feil - prøv igjen' with the server's reason for a period without any", async () => {
    expectFailedRequests();
    server.use(http.get(`*${EXPORT}`, () => HttpResponse.json({ message: 'Ingen Vipps-betalinger eller trekk av fakturaer i perioden.' }, { status: 404 })));
    const user = userEvent.setup();
    renderAdmin('/settings/vipps-rapport?tab=invoices');
    await user.click(await screen.findByRole('button', { name: 'Eksporter (csv)' }, LAZY));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Ukjent feil - prøv igjen');
    expect(alert).toHaveTextContent('Ingen Vipps-betalinger eller trekk av fakturaer i perioden.');
    expect(saved).toEqual([]);
    // The other tab starts without it.
    await user.click(screen.getByRole('tab', { name: 'Innmeldinger' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
