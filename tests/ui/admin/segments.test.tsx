import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Segment, SegmentCount, SegmentFilter } from '../../../src/dataProvider/index.ts';
import { callsTo, expectFailedRequests, renderAdmin, server, installFakeApi } from './harness.tsx';

installFakeApi();

const osloInsured = [
  { id: 11, member_number: 10011, name: 'Ingrid Berg' },
  { id: 12, member_number: null, name: 'Per Lund' },
];

/** The fake register: 40 members, 2 of them insured in Oslo; a postal code the server refuses. */
function countOf(filter: SegmentFilter): SegmentCount | null {
  if (filter.postal_code_from && !/^[0-9]{4}$/.test(filter.postal_code_from)) return null;
  if (filter.has_instruments === true && filter.postal_area?.toUpperCase() === 'OSLO') return { count: 2, sample: osloInsured };
  if (filter.has_instruments === true) return { count: 7, sample: osloInsured };
  return { count: 40, sample: osloInsured };
}

function answerGroups(saved: Segment[] = []) {
  server.use(
    http.get('*/api/segment', () => HttpResponse.json({ data: saved })),
    http.post('*/api/segment/count', async ({ request }) => {
      const { filter } = (await request.json()) as { filter: SegmentFilter };
      const counted = countOf(filter);
      if (!counted) {
        return HttpResponse.json(
          { message: 'Postnummeret må ha fire sifre', errors: { 'filter.postal_code_from': ['Postnummeret må ha fire sifre'] } },
          { status: 422 },
        );
      }
      return HttpResponse.json({ data: counted });
    }),
    http.post('*/api/segment', async ({ request }) => {
      const body = (await request.json()) as { name: string; filter: SegmentFilter };
      return HttpResponse.json(
        {
          data: {
            id: 5,
            ...body,
            count: countOf(body.filter)?.count ?? 0,
            created_by: 'Siri Saksbehandler',
            created_at: '2026-11-20T09:00:00Z',
            updated_at: '2026-11-20T09:00:00Z',
          },
        },
        { status: 201 },
      );
    }),
  );
}

const countBodies = () => callsTo('/api/segment/count', 'POST').map((call) => (call.body as { filter: SegmentFilter }).filter);

describe('a new group', () => {
  it('shows the count and a sample as the filter changes, counting once typing pauses, and saves name and filter', async () => {
    answerGroups();
    const user = userEvent.setup();
    renderAdmin('/outreach/create');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nytt utvalg' })).toBeInTheDocument();
    const counted = screen.getByRole('region', { name: 'I utvalget nå' });
    expect(await within(counted).findByText('40 medlemmer')).toBeInTheDocument();
    expect(countBodies()).toEqual([{}]);

    await user.click(screen.getByRole('combobox', { name: 'Instrumentforsikring' }));
    await user.click(await screen.findByRole('option', { name: 'Har' }));
    expect(await within(counted).findByText('7 medlemmer')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Poststed' }), 'Oslo');
    expect(await within(counted).findByText('2 medlemmer')).toBeInTheDocument();
    expect(within(counted).getByRole('link', { name: '10011 – Ingrid Berg' })).toHaveAttribute('href', '/membership/edit/11');
    expect(within(counted).getByRole('link', { name: 'Per Lund' })).toBeInTheDocument();
    // Typed quickly, 'Oslo' is counted once, not letter by letter.
    expect(countBodies().filter((filter) => filter.postal_area)).toEqual([{ has_instruments: true, postal_area: 'Oslo' }]);

    await user.type(screen.getByRole('textbox', { name: 'Navn på utvalget' }), 'Instrumentforsikring i Oslo');
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(callsTo('/api/segment', 'POST')).toHaveLength(1));
    expect(callsTo('/api/segment', 'POST')[0].body).toEqual({
      name: 'Instrumentforsikring i Oslo',
      filter: { has_instruments: true, postal_area: 'Oslo' },
    });
    expect(await screen.findByText('Utvalget er lagret')).toBeInTheDocument();
  });

  it("shows the server's reason when the filter cannot be counted, and counts again once it is put right", async () => {
    answerGroups();
    expectFailedRequests();
    const user = userEvent.setup();
    renderAdmin('/outreach/create');
    const counted = await screen.findByRole('region', { name: 'I utvalget nå' });
    expect(await within(counted).findByText('40 medlemmer')).toBeInTheDocument();
    const from = screen.getByRole('textbox', { name: 'Postnummer fra' });
    await user.type(from, '01');
    expect(await within(counted).findByText('Filteret kan ikke telles: Postnummeret må ha fire sifre')).toBeInTheDocument();
    await user.type(from, '50');
    await waitFor(() => expect(countBodies().at(-1)).toEqual({ postal_code_from: '0150' }));
    expect(await within(counted).findByText('40 medlemmer')).toBeInTheDocument();
    expect(within(counted).queryByText(/kan ikke telles/)).not.toBeInTheDocument();
  });
});

describe('the saved groups', () => {
  it('lists each group with its count now and opens one', async () => {
    const saved: Segment = {
      id: 3,
      name: 'Oslo med instrumentforsikring',
      filter: { has_instruments: true, postal_area: 'OSLO' },
      count: 2,
      created_by: 'Siri Saksbehandler',
      created_at: '2026-11-20T09:00:00Z',
      updated_at: '2026-11-20T09:00:00Z',
    };
    answerGroups([saved]);
    server.use(http.get('*/api/segment/3', () => HttpResponse.json({ data: saved })));
    const user = userEvent.setup();
    renderAdmin('/outreach');
    expect(await screen.findByRole('heading', { level: 1, name: 'Utvalg' })).toBeInTheDocument();
    const row = (await screen.findByText('Oslo med instrumentforsikring')).closest('tr')!;
    expect(within(row).getByText('2')).toBeInTheDocument();
    expect(within(row).getByText('Siri Saksbehandler')).toBeInTheDocument();

    await user.click(within(row).getByRole('link', { name: 'Rediger: Oslo med instrumentforsikring' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Rediger utvalg' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Poststed' })).toHaveValue('OSLO');
    const counted = screen.getByRole('region', { name: 'I utvalget nå' });
    expect(await within(counted).findByText('2 medlemmer')).toBeInTheDocument();
  });
});
