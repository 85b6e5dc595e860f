/**
 * The valuation on the staff screens: the chips on the member's instrument page and the request
 * list, 'Takst og dokumentasjon' listing insured instruments by valuation with its filter, and
 * the rules under Innstillinger, refused in the browser and by the server with the server's words.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Instrument, InstrumentListItem, Valuation, ValuationSettings } from '../../../src/dataProvider/index.ts';
import { member, paged } from './fixtures.ts';
import { callsTo, expectFailedRequests, installFakeApi, renderAdmin, server, withRights } from './harness.tsx';

installFakeApi();

const LAZY = 40_000;

const OK: Valuation = { state: 'ok', expires_on: null, needs: null, documented_value: null, documented_on: null };

function instrument(id: number, make: string, value: number, valuation: Valuation, extra: Partial<Instrument> = {}): Instrument {
  return {
    id,
    member_id: 5,
    subscription_id: 1,
    instrument_category: 1,
    category: 'Gitar',
    make,
    model: 'Modell',
    serial_number: null,
    value,
    insurance_start: '2026-01-01',
    insurance_end: null,
    state: 'active',
    status: 1,
    requested_change: null,
    reason_for_rejection: null,
    created_at: '2026-01-01T10:00:00.000Z',
    updated_at: '2026-01-01T10:00:00.000Z',
    deleted_at: null,
    validated_by_user: null,
    valuation,
    ...extra,
  };
}

const missingAppraisal: Valuation = { ...OK, state: 'missing', needs: 'appraisal' };
const missingReceipt: Valuation = { ...OK, state: 'missing', needs: 'receipt' };
const expiring: Valuation = { state: 'expiring', needs: 'appraisal', expires_on: '2027-03-12', documented_value: 120000, documented_on: '2022-03-12' };
const expired: Valuation = { state: 'expired', needs: 'appraisal', expires_on: '2025-01-02', documented_value: 90000, documented_on: '2020-01-02' };
const valid: Valuation = { state: 'ok', needs: 'appraisal', expires_on: '2029-06-01', documented_value: 150000, documented_on: '2024-06-01' };

describe("the member's instrument page", () => {
  it("shows 'Takst og dokumentasjon' with each active instrument that needs documentation and its chip", async () => {
    const active = [
      instrument(1, 'Steinway', 150000, missingAppraisal),
      instrument(2, 'Fender', 25000, missingReceipt),
      instrument(3, 'Yamaha', 120000, expiring),
      instrument(4, 'Selmer', 130000, expired),
      instrument(5, 'Gibson', 160000, valid),
      instrument(6, 'Boss', 8000, OK),
    ];
    server.use(
      http.get('*/api/member/5', () => HttpResponse.json({ data: member() })),
      http.get('*/api/member/5/instrument', () => HttpResponse.json({ data: { active, requested: [], deleted: [], rejected: [] } })),
    );
    renderAdmin('/membership/edit/instrument-insurance/5');
    const section = await screen.findByRole('region', { name: 'Dokumentasjon av aktive instrumenter' }, { timeout: LAZY });
    const row = (make: string) => within(section).getByRole('row', { name: new RegExp(`^${make} Modell`) });
    expect(within(row('Steinway')).getByText('Mangler takst')).toBeInTheDocument();
    expect(within(row('Fender')).getByText('Mangler kvittering eller takst')).toBeInTheDocument();
    expect(within(row('Yamaha')).getByText('Takst utløper 12.03.2027')).toBeInTheDocument();
    expect(within(row('Selmer')).getByText('Takst utløpt 02.01.2025')).toBeInTheDocument();
    expect(within(row('Gibson')).getByText('Takst gyldig til 01.06.2029')).toBeInTheDocument();
    // Below the limits nothing is needed, and it is not listed.
    expect(within(section).queryByText(/Boss/)).toBeNull();
  }, 60_000);
});

describe('the waiting instruments', () => {
  it('show what documentation each lacks', async () => {
    const waiting = instrument(31, 'Gibson', 150000, missingAppraisal, { state: 'requested', status: 0, subscription_id: null });
    server.use(
      http.get('*/api/member/5', () => HttpResponse.json({ data: member() })),
      http.get('*/api/member/5/instrument', () => HttpResponse.json({ data: { active: [], requested: [waiting], deleted: [], rejected: [] } })),
      http.get('*/api/instrument/list', () => HttpResponse.json(paged([waiting]))),
    );
    renderAdmin('/instrument-insurance/list/5');
    const row = (await screen.findByRole('checkbox', { name: /Gibson Modell/ }, { timeout: LAZY })).closest('tr')!;
    expect(within(row).getByText('Mangler takst')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'DOKUMENTASJON' })).toBeInTheDocument();
  }, 60_000);
});

describe("'Takst og dokumentasjon'", () => {
  it('opens from the instrument queue, lists what lacks documentation first, filters by valuation and opens the member', async () => {
    const row = (id: number, first: string, make: string, valuation: Valuation): InstrumentListItem => ({
      ...instrument(id, make, 150000, valuation, { member_id: 40 + id }),
      member: { id: 40 + id, remote_id: 1000 + id, first_name: first, last_name: 'Nordmann' },
    });
    const rows = [
      row(1, 'Kari', 'Selmer', expired),
      row(2, 'Ola', 'Yamaha', expiring),
      row(3, 'Per', 'Steinway', missingAppraisal),
      row(4, 'Åse', 'Gibson', valid),
    ];
    server.use(
      http.get('*/api/instrument/list', ({ request }) => {
        const states = (new URL(request.url).searchParams.get('filter[valuation]') ?? '').split(',');
        const shown = rows.filter((candidate) => states.includes(candidate.valuation.state));
        return HttpResponse.json(paged(shown));
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/instrument-insurance');
    await user.click(await screen.findByRole('link', { name: 'Takst og dokumentasjon' }, { timeout: LAZY }));
    expect(await screen.findByRole('heading', { level: 1, name: 'TAKST OG DOKUMENTASJON (3)' }, { timeout: LAZY })).toBeInTheDocument();
    const [first] = callsTo('/api/instrument/list');
    expect(first.query).toMatchObject({ 'filter[status]': '1', 'filter[valuation]': 'missing,expiring,expired', sort: 'expires_on' });
    expect(screen.getByText('Kari Nordmann (1001)')).toBeInTheDocument();
    expect(screen.getByText('Takst utløpt 02.01.2025')).toBeInTheDocument();
    expect(screen.getByText('Mangler takst')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Vis' }), 'I orden');
    expect(await screen.findByRole('heading', { level: 1, name: 'TAKST OG DOKUMENTASJON (1)' })).toBeInTheDocument();
    expect(callsTo('/api/instrument/list').at(-1)!.query['filter[valuation]']).toBe('ok');
    expect(screen.getByText('Takst gyldig til 01.06.2029')).toBeInTheDocument();

    server.use(
      http.get('*/api/member/44', () => HttpResponse.json({ data: member({ id: 44 }) })),
      http.get('*/api/member/44/instrument', () => HttpResponse.json({ data: { active: [], requested: [], deleted: [], rejected: [] } })),
    );
    await user.click(screen.getByText('Åse Nordmann (1004)'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/membership/edit/instrument-insurance/44'));
  }, 60_000);
});

describe('the rules under Innstillinger', () => {
  function answerSettings() {
    let settings: ValuationSettings = { appraisal_above: 100000, appraisal_years: 5, receipt_above: 20000, reminder_days: 60, renewal_reminder_days: 30 };
    server.use(
      http.get('*/api/valuation-settings', () => HttpResponse.json({ data: settings })),
      http.put('*/api/valuation-settings', async ({ request }) => {
        const body = (await request.json()) as ValuationSettings;
        if (body.reminder_days === 365) {
          return HttpResponse.json({ message: 'Ikke nå', errors: { reminder_days: ['Serveren sier nei.'] } }, { status: 422 });
        }
        settings = body;
        return HttpResponse.json({ data: settings });
      }),
      http.get('*/api/content/admin/pages', () => HttpResponse.json({ data: [] })),
      http.get('*/api/dev/sync-tripletex/runs', () => HttpResponse.json(paged([]))),
    );
  }

  it('is a card for staff who change content, not for a case worker', async () => {
    answerSettings();
    const { unmount } = renderAdmin('/settings');
    expect(await screen.findByRole('link', { name: 'Åpne: Takst og dokumentasjon' }, { timeout: LAZY })).toHaveAttribute('href', '/settings/valuation');
    unmount();
    withRights(['members.read', 'templates.change']);
    renderAdmin('/settings');
    expect(await screen.findByRole('link', { name: 'Åpne: Systemmeldinger' }, { timeout: LAZY })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Åpne: Takst og dokumentasjon' })).toBeNull();
  }, 60_000);

  it('shows the rules in force, refuses a receipt limit not below the appraisal limit, and saves whole numbers', async () => {
    answerSettings();
    expectFailedRequests();
    const user = userEvent.setup();
    renderAdmin('/settings/valuation');
    expect(await screen.findByRole('heading', { level: 1, name: 'TAKST OG DOKUMENTASJON' }, { timeout: LAZY })).toBeInTheDocument();
    const appraisal = await screen.findByRole('textbox', { name: 'Takst kreves over (kr)' });
    await waitFor(() => expect(appraisal).toHaveValue('100000'));
    const receipt = screen.getByRole('textbox', { name: 'Kvittering eller takst kreves over (kr)' });
    const years = screen.getByRole('textbox', { name: 'Taksten gjelder i (år)' });

    await user.clear(receipt);
    await user.type(receipt, '150000');
    expect(await screen.findByText('Grensen for kvittering må være lavere enn grensen for takst.')).toBeInTheDocument();
    await user.clear(years);
    await user.type(years, '0');
    expect(await screen.findByText('Må være et helt antall år fra 1 til 30.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Lagre reglene' }));
    expect(callsTo('/api/valuation-settings', 'PUT')).toHaveLength(0);

    // The server's own refusal under its field.
    await user.clear(receipt);
    await user.type(receipt, '25 000');
    await user.clear(years);
    await user.type(years, '3');
    const days = screen.getByRole('textbox', { name: 'Påminnelse før taksten går ut (dager)' });
    await user.clear(days);
    await user.type(days, '365');
    await user.click(screen.getByRole('button', { name: 'Lagre reglene' }));
    expect(await screen.findByText('Serveren sier nei.')).toBeInTheDocument();

    await user.clear(days);
    await user.type(days, '90');
    await user.click(screen.getByRole('button', { name: 'Lagre reglene' }));
    expect(await screen.findByText('Reglene er lagret')).toBeInTheDocument();
    expect(callsTo('/api/valuation-settings', 'PUT').at(-1)!.body).toEqual({
      appraisal_above: 100000,
      appraisal_years: 3,
      receipt_above: 25000,
      reminder_days: 90,
      renewal_reminder_days: 30,
    });
  }, 60_000);
});
