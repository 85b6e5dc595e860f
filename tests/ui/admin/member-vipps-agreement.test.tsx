/** 'Vipps-avtale' on the member page: the agreement, its charges with their states, and the history, read-only. */
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { member, paged } from './fixtures.ts';
import { installFakeApi, renderAdmin, server } from './harness.tsx';

installFakeApi();

describe("the member page's Vipps agreement", () => {
  it('shows the agreement stopped in the app, its charges and what happened', async () => {
    server.use(
      http.get('*/api/member/5', () => HttpResponse.json({ data: member() })),
      http.get('*/api/member/5/changes', () => HttpResponse.json(paged([]))),
      http.get('*/api/member/5/vipps-agreement', () =>
        HttpResponse.json({
          data: {
            available: true,
            test_checkout: false,
            price: 145000,
            premiums: 0,
            agreement: {
              id: 1,
              agreement_id: 'agr_000001',
              state: 'STOPPED',
              price: 145000,
              includes_premiums: false,
              premiums: 0,
              product_name: 'Medlemskap',
              created_at: '2026-11-01T10:00:00.000Z',
              updated_at: '2027-02-01T10:00:00.000Z',
              stopped_at: '2027-02-01T10:00:00.000Z',
              stopped_by: 'app',
              redirect_url: null,
            },
            charges: [
              {
                id: 3,
                invoice_id: 9,
                invoice_number: 1042,
                charge_id: 'mp-faktura-1042',
                amount: 145000,
                due_date: '2027-01-15',
                retry_days: 5,
                state: 'FAILED',
                failure_reason: 'user_action_required',
                fell_back_at: '2027-01-21T06:00:00.000Z',
                updated_at: '2027-01-21T06:00:00.000Z',
              },
            ],
            events: [
              {
                id: 4,
                at: '2027-02-01T10:00:00.000Z',
                source: 'webhook',
                event: 'recurring.agreement-stopped.v1',
                from_state: 'ACTIVE',
                to_state: 'STOPPED',
                note: 'Stoppet i Vipps-appen',
                charge_id: null,
              },
            ],
          },
        }),
      ),
    );
    renderAdmin('/membership/edit/5');
    const section = await screen.findByRole('region', { name: 'Vipps-avtale' }, { timeout: 20_000 });
    expect(await within(section).findByText('Stoppet (i Vipps-appen)')).toBeInTheDocument();
    expect(within(section).getByText('kr 1 450,00', { selector: 'dd' })).toBeInTheDocument();
    expect(within(section).getByText('Kontingenten (forsikringene faktureres)', { selector: 'dd' })).toBeInTheDocument();
    const row = within(section).getByRole('row', { name: /1042/ });
    expect(within(row).getByText('Feilet – user_action_required')).toBeInTheDocument();
    expect(within(section).getByText(/ACTIVE → STOPPED – Vipps \(webhook\), recurring\.agreement-stopped\.v1: Stoppet i Vipps-appen/)).toBeInTheDocument();
  });
  it("says so when an active agreement has no charges and no changes yet, and shows no 'Stoppet'", async () => {
    server.use(
      http.get('*/api/member/5', () => HttpResponse.json({ data: member() })),
      http.get('*/api/member/5/changes', () => HttpResponse.json(paged([]))),
      http.get('*/api/member/5/vipps-agreement', () =>
        HttpResponse.json({
          data: {
            available: true,
            test_checkout: false,
            price: 145000,
            premiums: 0,
            agreement: {
              id: 2,
              agreement_id: 'agr_000002',
              state: 'ACTIVE',
              price: 145000,
              includes_premiums: true,
              premiums: 0,
              product_name: 'Medlemskap',
              created_at: '2026-11-01T10:00:00.000Z',
              updated_at: '2026-11-01T10:00:00.000Z',
              stopped_at: null,
              stopped_by: null,
              redirect_url: null,
            },
            charges: [],
            events: [],
          },
        }),
      ),
    );
    renderAdmin('/membership/edit/5');
    const section = await screen.findByRole('region', { name: 'Vipps-avtale' }, { timeout: 20_000 });
    expect(await within(section).findByText('Aktiv', { selector: 'dd' })).toBeInTheDocument();
    expect(within(section).getByText('Kontingenten og forsikringspremiene', { selector: 'dd' })).toBeInTheDocument();
    expect(within(section).queryByText('Stoppet', { selector: 'dt' })).not.toBeInTheDocument();
    expect(within(section).getByText('Ingen trekk ennå.')).toBeInTheDocument();
    expect(within(section).getByText('Ingen endringer ennå.')).toBeInTheDocument();
  });
});
