/**
 * What staff run into on the queues and instrument screens: 'Aksepter' asks first (names and
 * count), selections do not outlive a cancelled question or a new search; the travel queue has
 * the search and pager of the other queues; an ended campaign code offers no QR code; a pending
 * change to an insured instrument counts as waiting on the edit page; a deleted instrument stays
 * visible as to-be-deleted until 'Lagre'.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Campaign, Instrument, PendingMembership } from '../../../src/dataProvider/types.ts';
import type { PendingTravel } from '../../../server/schemas/pending-requests.ts';
import { todayIso } from '../../../src/common/format.ts';
import { instrument, member, paged } from './fixtures.ts';
import { callsTo, expectFailedRequests, installFakeApi, renderAdmin, server } from './harness.tsx';

installFakeApi();

const person = (id: number, first_name: string, last_name: string) => ({
  id,
  remote_id: null,
  first_name,
  last_name,
  email: `${first_name.toLowerCase()}@example.no`,
  phone: '40000001',
  address: 'Storgata 1',
  postal_code: '0155',
  postal_area: 'OSLO',
  artist_name: null,
});

const application = (id: number, first: string, last: string): PendingMembership => ({
  id,
  member_id: 100 + id,
  member: person(100 + id, first, last),
  created_at: '2026-04-03T10:00:00Z',
  status: 0,
  possible_duplicate: null,
});

const APPLICATIONS = [application(1, 'Åse', 'Ødegård'), application(2, 'Bjørn', 'Ås'), application(3, 'Cecilie', 'Berg')];

/** The queue, narrowed by filter[name] as the server does. */
function answerApplications() {
  server.use(
    http.get('*/api/subscription/list/pending-memberships', ({ request }) => {
      const name = new URL(request.url).searchParams.get('filter[name]')?.toLowerCase();
      const rows = name ? APPLICATIONS.filter((row) => `${row.member.first_name} ${row.member.last_name}`.toLowerCase().includes(name)) : APPLICATIONS;
      return HttpResponse.json(paged(rows));
    }),
  );
}

describe("'Aksepter' on the membership queue", () => {
  it('asks first with the count and each name, and accepts only after the answer', async () => {
    expectFailedRequests();
    answerApplications();
    server.use(http.post('*/api/subscription/accept/:id', ({ params }) => HttpResponse.json({ data: { id: Number(params.id) } })));
    const user = userEvent.setup();
    renderAdmin('/membership-request');
    await user.click(await screen.findByRole('checkbox', { name: 'Velg Åse Ødegård' }));
    await user.click(screen.getByRole('checkbox', { name: 'Velg Bjørn Ås' }));
    await user.click(screen.getByRole('checkbox', { name: 'Velg Cecilie Berg' }));
    await user.click(screen.getByRole('button', { name: 'Aksepter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aksepter 3 søknader?' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Åse Ødegård', 'Bjørn Ås', 'Cecilie Berg']);
    expect(within(dialog).getByText(/velkomst-e-posten/)).toBeInTheDocument();
    expect(callsTo('/api/subscription/accept/1', 'POST')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Aksepter' }));
    expect(await screen.findByText('Medlemen er akseptert!')).toBeInTheDocument();
    for (const id of [1, 2, 3]) expect(callsTo(`/api/subscription/accept/${id}`, 'POST')).toHaveLength(1);
    // The button goes disabled with the selection: the focus lands on the list's heading, not the page body.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 })));
  });

  it('speaks in the singular for one, and a cancelled question accepts nothing and clears the selection', async () => {
    answerApplications();
    const user = userEvent.setup();
    renderAdmin('/membership-request');
    const box = await screen.findByRole('checkbox', { name: 'Velg Bjørn Ås' });
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Aksepter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aksepter 1 søknad?' });
    expect(within(dialog).getByText('Søkeren blir medlem og får velkomst-e-posten med en gang:')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(box).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Aksepter' })).toBeDisabled();
    expect(callsTo('/api/subscription/accept/2', 'POST')).toHaveLength(0);
  });

  it('clears the selection when the reject dialog is cancelled, and rejects nothing', async () => {
    answerApplications();
    server.use(
      http.get('*/api/emails/template/1/preview', () =>
        HttpResponse.json({
          data: {
            template_id: 1,
            member_id: 102,
            to: 'bjørn@example.no',
            subject: 'Søknaden din',
            html: '<p>Hei Bjørn</p>',
            from_name: 'F',
            from_email: 'f@example.no',
          },
        }),
      ),
    );
    const user = userEvent.setup();
    renderAdmin('/membership-request');
    const box = await screen.findByRole('checkbox', { name: 'Velg Bjørn Ås' });
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Avvis' }));
    const dialog = await screen.findByRole('dialog', { name: 'Avvis søknaden fra Bjørn Ås' });
    await user.click(await within(dialog).findByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(box).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Avvis' })).toBeDisabled();
    expect(callsTo('/api/subscription/reject/2', 'POST')).toHaveLength(0);
  });

  it('clears the selection when the search changes', async () => {
    answerApplications();
    const user = userEvent.setup();
    renderAdmin('/membership-request');
    await user.click(await screen.findByRole('checkbox', { name: 'Velg Åse Ødegård' }));
    expect(screen.getByRole('button', { name: 'Aksepter' })).toBeEnabled();
    await user.type(screen.getByRole('searchbox', { name: 'Søk etter medlem' }), 'Åse');
    await waitFor(() => expect(callsTo('/api/subscription/list/pending-memberships').some((call) => call.query['filter[name]'] === 'Åse')).toBe(true));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Velg Åse Ødegård' })).not.toBeChecked());
    expect(screen.getByRole('button', { name: 'Aksepter' })).toBeDisabled();
  });
});

const travelOrder = (id: number, first: string, last: string): PendingTravel =>
  ({
    id,
    member_id: 200 + id,
    member: person(200 + id, first, last),
    product_id: 1,
    product: { id: 1, name: 'Reiseforsikring Europa', price: 995, remote_id: null },
    value: 995,
    subscription_start: '2026-12-01',
    subscription_end: '2027-11-30',
    created_at: '2026-11-20T10:00:00Z',
    status: 0,
  }) as unknown as PendingTravel;

describe('the travel queue', () => {
  it('has the search and the pager of the other queues, and asks before accepting', async () => {
    const orders = [travelOrder(1, 'Dag', 'Dahl'), travelOrder(2, 'Eva', 'Eng')];
    server.use(
      http.get('*/api/subscription/list/pending-travel', ({ request }) => {
        const name = new URL(request.url).searchParams.get('filter[name]')?.toLowerCase();
        const rows = name ? orders.filter((row) => (row.member.first_name ?? '').toLowerCase().includes(name)) : orders;
        return HttpResponse.json(paged(rows));
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/travel-insurance');
    await screen.findByRole('heading', { level: 1, name: 'FORESPØRSLER REISEFORSIKRING (2)' });
    expect(screen.getByRole('navigation', { name: 'Sidevelger' })).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Gå til side' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Velg Eva Eng' }));
    await user.click(screen.getByRole('button', { name: 'Aksepter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aksepter 1 bestilling?' });
    await user.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.type(screen.getByRole('searchbox', { name: 'Søk etter medlem' }), 'eva');
    await screen.findByRole('heading', { level: 1, name: 'FORESPØRSLER REISEFORSIKRING (1)' });
    expect(screen.queryByRole('checkbox', { name: 'Velg Dag Dahl' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Velg Eva Eng' })).not.toBeChecked();
    expect(callsTo('/api/subscription/list/pending-travel').some((call) => call.query['filter[name]'] === 'eva')).toBe(true);
  });
});

const campaign = (id: number, code: string, changes: Partial<Campaign>): Campaign =>
  ({
    id,
    campaign_code_id: id,
    name: `Kampanje ${code}`,
    code,
    period_start: '2026-01-01',
    period_end: null,
    product_category_id: 1,
    product: { id: 1, title: 'Medlemskap' },
    benefit_id: 0,
    benefit: null,
    status: 1,
    members: 0,
    created_at: '2026-01-01T09:00:00.000Z',
    updated_at: '2026-01-01T09:00:00.000Z',
    ...changes,
  }) as Campaign;

describe('campaign codes', () => {
  it("offers a QR code only for codes sign-up takes; ended ones (by staff or past their end) say 'Avsluttet'", async () => {
    const yesterday = new Date(Date.now() - 36 * 3600 * 1000);
    const past = todayIso(yesterday) < todayIso() ? todayIso(yesterday) : '2020-01-01';
    server.use(
      http.get('*/api/campaign/list', () =>
        HttpResponse.json(paged([campaign(1, 'VÅR', {}), campaign(2, 'STOPPET', { status: 0 }), campaign(3, 'UTLØPT', { period_end: past })])),
      ),
    );
    renderAdmin('/settings/promo-code');
    const open = await screen.findByRole('button', { name: 'QR-kode: VÅR' }, { timeout: 40_000 });
    expect(open).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'QR-kode: STOPPET' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'QR-kode: UTLØPT' })).toBeNull();
    const row = (code: string) => screen.getByRole('cell', { name: code }).closest('tr')!;
    expect(within(row('STOPPET')).getByText('Avsluttet')).toBeInTheDocument();
    expect(within(row('UTLØPT')).getByText('Avsluttet')).toBeInTheDocument();
    expect(within(row('VÅR')).getByText('Aktiv')).toBeInTheDocument();
  }, 60_000);
});

describe('the instrument edit page', () => {
  it('counts a pending change to an insured instrument as waiting', async () => {
    const changed = instrument(41, { requested_change: { value: 30000 } as Instrument['requested_change'] });
    server.use(
      http.get('*/api/member/5', () => HttpResponse.json({ data: member() })),
      http.get('*/api/member/5/instrument', () => HttpResponse.json({ data: { active: [changed], requested: [changed], deleted: [], rejected: [] } })),
    );
    renderAdmin('/instrument-insurance/edit/5');
    const section = (await screen.findByRole('heading', { name: 'ENDRINGER TIL BEHANDLING (1)' }, { timeout: 40_000 })).closest('section')!;
    expect(within(section).getByText('25 000,- → 30 000,-')).toBeInTheDocument();
    expect(within(section).getByText('Til behandling')).toBeInTheDocument();
    expect(screen.queryByText('Ingen instrumenter venter på behandling.')).toBeNull();
  }, 60_000);

  it("still says 'Ingen instrumenter venter på behandling.' when nothing waits", async () => {
    server.use(
      http.get('*/api/member/5', () => HttpResponse.json({ data: member() })),
      http.get('*/api/member/5/instrument', () => HttpResponse.json({ data: { active: [instrument(41, {})], requested: [], deleted: [], rejected: [] } })),
    );
    renderAdmin('/instrument-insurance/edit/5');
    expect(await screen.findByText('Ingen instrumenter venter på behandling.', {}, { timeout: 40_000 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /ENDRINGER TIL BEHANDLING/ })).toBeNull();
  }, 60_000);
});

describe('deleting an insured instrument on the staff screen', () => {
  it("shows the row as to-be-deleted until 'Lagre', leaves it out of the counts, says why export and Logg are off, and 'Angre' keeps it", async () => {
    const rows = [
      instrument(51, { make: 'Martin', model: 'D-28', value: 30000 }),
      instrument(52, { make: 'Fender', model: 'Jazz', value: 9000, category: 'Bass', instrument_category: 2 }),
    ];
    server.use(
      http.get('*/api/member/5', () => HttpResponse.json({ data: member() })),
      http.get('*/api/member/5/instrument', () => HttpResponse.json({ data: { active: rows, requested: [], deleted: [], rejected: [] } })),
    );
    const user = userEvent.setup();
    renderAdmin('/membership/edit/instrument-insurance/5');
    await screen.findByRole('heading', { name: 'AKTIVE INSTRUMENTER (2)' }, { timeout: 40_000 });
    expect(screen.getByText('INSTRUMENTFORSIKRING (2)')).toBeInTheDocument();
    expect(screen.getByText('Totalverdi: 39 000,-')).toBeInTheDocument();
    expect(screen.queryByText('Lagre eller forkast endringene først')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Slett Martin D-28' }));
    expect(screen.getByText('Slettes ved lagring')).toBeInTheDocument();
    // The delete button is gone; focus waits on 'Angre' in its place.
    expect(screen.getByRole('button', { name: 'Angre slettingen av Martin D-28' })).toHaveFocus();
    const struck = screen.getByText(/Martin D-28/, { selector: 'del' });
    expect(struck).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'AKTIVE INSTRUMENTER (1)' })).toBeInTheDocument();
    expect(screen.getByText('INSTRUMENTFORSIKRING (1)')).toBeInTheDocument();
    expect(screen.getByText('Totalverdi: 9 000,-')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Eksporter liste (csv)' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Logg' })).toBeDisabled();
    expect(screen.getByText('Lagre eller forkast endringene først')).toBeInTheDocument();
    expect(callsTo('/api/instrument/51', 'DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Angre slettingen av Martin D-28' }));
    expect(screen.queryByText('Slettes ved lagring')).toBeNull();
    expect(screen.getByRole('heading', { name: 'AKTIVE INSTRUMENTER (2)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Slett Martin D-28' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Slett Martin D-28' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Logg' })).toBeEnabled();
    expect(screen.queryByText('Lagre eller forkast endringene først')).toBeNull();
    expect(screen.getByRole('button', { name: 'Lagre' })).toBeDisabled();
  }, 60_000);

  it("deletes the row with one DELETE /api/instrument/{id} on 'Lagre', says so and reads the member's instruments again", async () => {
    let rows = [instrument(51, { make: 'Martin', model: 'D-28', value: 30000 }), instrument(52, { make: 'Fender', model: 'Jazz', value: 9000 })];
    server.use(
      http.get('*/api/member/5', () => HttpResponse.json({ data: member() })),
      http.get('*/api/member/5/instrument', () => HttpResponse.json({ data: { active: rows, requested: [], deleted: [], rejected: [] } })),
      http.delete('*/api/instrument/51', () => {
        rows = rows.filter((row) => row.id !== 51);
        return HttpResponse.json({ data: null });
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/membership/edit/instrument-insurance/5');
    await screen.findByRole('heading', { name: 'AKTIVE INSTRUMENTER (2)' }, { timeout: 40_000 });
    const reads = callsTo('/api/member/5/instrument').length;

    await user.click(screen.getByRole('button', { name: 'Slett Martin D-28' }));
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    expect(await screen.findByText('Instrumentet er slettet!')).toBeInTheDocument();
    await waitFor(() => expect(callsTo('/api/member/5/instrument').length).toBeGreaterThan(reads));
    expect(callsTo('/api/instrument/51', 'DELETE')).toHaveLength(1);
    expect(callsTo('/api/instrument/52', 'DELETE')).toHaveLength(0);
    expect(await screen.findByRole('heading', { name: 'AKTIVE INSTRUMENTER (1)' })).toBeInTheDocument();
  }, 60_000);
});
