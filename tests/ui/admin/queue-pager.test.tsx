/**
 * The request queues under Forespørsler say 'side 1 av 14' in Norwegian, while the member overview
 * keeps the spec's 'page X av Y'; a queue's dates stay on one line and its ID column takes only
 * its heading's room, so a phone shows the names.
 */
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { PendingMembership } from '../../../src/dataProvider/types.ts';
import { listItem, paged } from './fixtures.ts';
import { installFakeApi, renderAdmin, server } from './harness.tsx';

installFakeApi();

const TOTAL = 340;

const applicant: PendingMembership = {
  id: 1,
  member_id: 101,
  member: {
    id: 101,
    remote_id: null,
    first_name: 'Åse',
    last_name: 'Ødegård',
    email: 'ase@example.no',
    phone: '40000001',
    address: 'Storgata 1',
    postal_code: '0155',
    postal_area: 'OSLO',
    artist_name: null,
  },
  created_at: '2026-04-03T10:00:00Z',
  status: 0,
  possible_duplicate: null,
};

const QUEUES = [
  { path: '/membership-request', api: '*/api/subscription/list/pending-memberships' },
  { path: '/travel-insurance', api: '*/api/subscription/list/pending-travel' },
  { path: '/instrument-insurance', api: '*/api/subscription/list/pending-instruments' },
  { path: '/claims', api: '*/api/claim/list' },
];

// The first page a file opens loads the staff app's code, slower than the usual wait on a busy machine.
const pager = () => screen.findByRole('navigation', { name: 'Sidevelger' }, { timeout: 15_000 });

describe('the request queues’ pager', () => {
  it.each(QUEUES)("$path says 'side 1 av 14'", async ({ path, api }) => {
    server.use(http.get(api, () => HttpResponse.json(paged([], TOTAL))));
    renderAdmin(path);
    expect(await within(await pager()).findByText('side 1 av 14')).toBeInTheDocument();
    expect(within(await pager()).queryByText(/^page /)).not.toBeInTheDocument();
  });

  it("the member overview keeps the spec's 'page 1 av 14'", async () => {
    server.use(http.get('*/api/member/list', () => HttpResponse.json(paged([listItem(1)], TOTAL))));
    renderAdmin('/membership');
    expect(await within(await pager()).findByText('page 1 av 14')).toBeInTheDocument();
  });
});

describe('the membership queue’s columns', () => {
  it('keeps the date on one line and the empty ID column to its heading’s width', async () => {
    server.use(http.get('*/api/subscription/list/pending-memberships', () => HttpResponse.json(paged([applicant], 1))));
    renderAdmin('/membership-request');
    const date = await screen.findByText('03-04-2026');
    expect(date.closest('td')).toHaveStyle({ whiteSpace: 'nowrap' });
    const idHeader = screen.getByRole('columnheader', { name: /^ID/ });
    expect(idHeader).toHaveStyle({ width: '1%', whiteSpace: 'nowrap' });
  });
});
