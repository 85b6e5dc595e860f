/** The staff instrument pages: an unknown member's page, and accepting one waiting instrument. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { expectFailedRequests, installFakeApi, renderAdmin, server } from './harness.tsx';
import { member, paged } from './fixtures.ts';

installFakeApi();

describe('the staff instrument page of an unknown member', () => {
  it("says the member was not found, offers 'Gå tilbake' and nothing to add", async () => {
    expectFailedRequests();
    const missing = () => HttpResponse.json({ message: 'Fant ikke medlemmet' }, { status: 404 });
    server.use(
      http.get('*/api/member/99999', missing),
      http.get('*/api/member/99999/instrument', missing),
      http.get('*/api/instrument/category/list', () => HttpResponse.json({ data: [] })),
    );
    renderAdmin('/membership/edit/instrument-insurance/99999');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Fant ikke medlemmet' }, { timeout: 40_000 });
    expect(heading).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Gå tilbake' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Legg til/ })).toBeNull();
    expect(within(document.body).queryByText('Noe gikk galt!')).toBeNull();
  }, 60_000);
});

describe("a member's waiting instruments", () => {
  it("accepting one says so in the singular, not 'Flere av instrumentene er godkjent!'", async () => {
    const waiting = {
      id: 31, member_id: 5, subscription_id: null, instrument_category: 1, category: 'Gitar', make: 'Gibson', model: 'Les Paul',
      serial_number: null, value: 25000, insurance_start: '2026-11-01', insurance_end: null, state: 'requested', status: 0,
      requested_change: null, reason_for_rejection: null, created_at: '2026-11-01T10:00:00.000Z', updated_at: '2026-11-01T10:00:00.000Z',
      deleted_at: null, validated_by_user: null,
    };
    let accepted = false;
    // The queue badges and lists are read again after the accept; one of those reads may still be
    // under way when the test ends, and react-admin logs its abort.
    expectFailedRequests();
    server.use(
      http.get('*/api/member/5', () => HttpResponse.json({ data: member() })),
      http.get('*/api/member/5/instrument', () => HttpResponse.json({ data: { active: [], requested: accepted ? [] : [waiting], deleted: [] } })),
      http.get('*/api/instrument/list', () => HttpResponse.json(paged(accepted ? [] : [waiting]))),
      http.post('*/api/instrument/accept', () => {
        accepted = true;
        return HttpResponse.json({ data: [{ ...waiting, state: 'active', status: 1 }] });
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/instrument-insurance/list/5');
    await user.click(await screen.findByRole('checkbox', { name: /Gibson Les Paul/ }, { timeout: 40_000 }));
    await user.click(screen.getByRole('button', { name: 'Aksepter' }));
    expect(await screen.findByText('Instrumentet er godkjent!')).toBeInTheDocument();
    expect(screen.queryByText('Flere av instrumentene er godkjent!')).toBeNull();
    // The list is read again without the accepted instrument.
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: /Gibson Les Paul/ })).toBeNull());
    expect(await screen.findByText('Ingen instrumenter venter på behandling.', {}, { timeout: 10_000 })).toBeInTheDocument();
  }, 60_000);
});
