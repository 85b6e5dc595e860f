/**
 * Min side's instruments say what documentation each lacks: 'Mangler takst', 'Mangler kvittering
 * eller takst', 'Takst utløper …', 'Takst utløpt …' on the insured and the waiting ones, in
 * English when the member reads English; nothing on an instrument in order.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Instrument } from '../../../src/min-side/instruments/api.ts';
import { installFakeApi, makeMember, memberApi, renderApp, server, signInAs } from './harness.tsx';

installFakeApi();

const kari = makeMember({ registration_completed: 1 });

type Valuation = Instrument['valuation'];
const OK: Valuation = { state: 'ok', expires_on: null, needs: null, documented_value: null, documented_on: null };

function instrument(id: number, make: string, valuation: Valuation, extra: Partial<Instrument> = {}): Instrument {
  return {
    id,
    member_id: 7,
    subscription_id: 1,
    instrument_category: 1,
    category: 'Gitar',
    make,
    model: 'Modell',
    serial_number: null,
    value: 150000,
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

function instruments() {
  const active = [
    instrument(1, 'Steinway', { ...OK, state: 'missing', needs: 'appraisal' }),
    instrument(2, 'Yamaha', { state: 'expiring', needs: 'appraisal', expires_on: '2027-03-12', documented_value: 120000, documented_on: '2022-03-12' }),
    instrument(3, 'Selmer', { state: 'expired', needs: 'appraisal', expires_on: '2025-01-02', documented_value: 90000, documented_on: '2020-01-02' }),
    instrument(4, 'Gibson', { state: 'ok', needs: 'appraisal', expires_on: '2029-06-01', documented_value: 150000, documented_on: '2024-06-01' }),
  ];
  const requested = [instrument(5, 'Fender', { ...OK, state: 'missing', needs: 'receipt' }, { state: 'requested', status: 0, value: 25000 })];
  server.use(http.get('*/api/member/7/instrument', () => HttpResponse.json({ data: { active, requested, deleted: [], rejected: [] } })));
}

/** The row of the insured instrument whose make field holds `make`. */
const activeRow = (make: string) => screen.getByRole('textbox', { name: `FABRIKANT, ${make} Modell` }).closest('tr')!;

describe('the valuation on Min side', () => {
  it('shows on each insured and waiting instrument what it lacks, in Norwegian and in English', async () => {
    signInAs(kari);
    memberApi(kari);
    instruments();
    const user = userEvent.setup();
    renderApp('/profile/edit/instrument-insurance/7');
    await user.click(await screen.findByRole('tab', { name: /Aktiv forsikring/ }));
    await screen.findByRole('textbox', { name: 'FABRIKANT, Steinway Modell' });
    expect(within(activeRow('Steinway')).getByText('Mangler takst')).toBeInTheDocument();
    expect(within(activeRow('Yamaha')).getByText('Takst utløper 12.03.2027')).toBeInTheDocument();
    expect(within(activeRow('Selmer')).getByText('Takst utløpt 02.01.2025')).toBeInTheDocument();
    expect(within(activeRow('Gibson')).queryByText(/Takst|Mangler/)).toBeNull();

    await user.click(screen.getByRole('tab', { name: /Forespørsel/ }));
    const waiting = await screen.findByRole('table', { name: 'FORESPØRSEL (1)' });
    expect(within(waiting).getByRole('columnheader', { name: 'DOKUMENTASJON' })).toBeInTheDocument();
    expect(within(waiting).getByText('Mangler kvittering eller takst')).toBeInTheDocument();

    await user.click(within(screen.getByRole('group', { name: 'Språk' })).getByRole('button', { name: 'English' }));
    expect(await within(waiting).findByText('Receipt or appraisal missing')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /Active insurance|Aktiv/ }));
    expect(await screen.findByText('Appraisal missing')).toBeInTheDocument();
    expect(screen.getByText('Appraisal expires 12 Mar 2027')).toBeInTheDocument();
    expect(screen.getByText('Appraisal expired 2 Jan 2025')).toBeInTheDocument();
  });
});
