/** The membership request queue: VARSEL, the selection rules of 'Avvis', a batch accept with a failure, and the redirects. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { PendingMembership } from '../../../src/dataProvider/types.ts';
import { paged } from './fixtures.ts';
import { callsTo, expectFailedRequests, installFakeApi, renderAdmin, server } from './harness.tsx';

installFakeApi();

const request = (id: number, first_name: string, last_name: string, changes: Partial<PendingMembership> = {}): PendingMembership => ({
  id,
  member_id: 100 + id,
  member: {
    id: 100 + id,
    remote_id: null,
    first_name,
    last_name,
    email: `${first_name.toLowerCase()}@example.no`,
    phone: '40000001',
    address: 'Storgata 1',
    postal_code: '0155',
    postal_area: 'OSLO',
    artist_name: null,
  },
  created_at: '2026-04-03T10:00:00Z',
  status: 0,
  possible_duplicate: null,
  ...changes,
});

const ROWS = [
  request(1, 'Åse', 'Ødegård'),
  request(2, 'Bjørn', 'Ås', { possible_duplicate: { id: 7, remote_id: 10007, first_name: 'Bjørn', last_name: 'Ås' } }),
  request(3, 'Cecilie', 'Berg'),
];

function answerQueue() {
  server.use(http.get('*/api/subscription/list/pending-memberships', () => HttpResponse.json(paged(ROWS, ROWS.length))));
}

describe('the membership request queue', () => {
  it('shows the count, the columns, and a warning linking to the member only for a probable duplicate', async () => {
    answerQueue();
    renderAdmin('/membership-request');
    await screen.findByRole('heading', { level: 1, name: 'FORESPØRSLER MEDLEMSKAP (3)' });
    const duplicateRow = screen.getByRole('link', { name: 'Bjørn Ås' }).closest('tr')!;
    expect(within(duplicateRow).getByText(/Mulig duplikat av/)).toBeInTheDocument();
    expect(within(duplicateRow).getByRole('link', { name: 'Bjørn Ås (10007)' })).toHaveAttribute('href', '/membership/edit/7');
    const plainRow = screen.getByRole('link', { name: 'Åse Ødegård' }).closest('tr')!;
    expect(within(plainRow).queryByText(/Mulig duplikat/)).not.toBeInTheDocument();
    expect(within(plainRow).getByText('03-04-2026')).toBeInTheDocument();
    expect(within(plainRow).getByText('Forespørsel')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Avviste forespørsler' })).toHaveAttribute('href', '/membership-request/declined');
  });

  it("enables 'Avvis' only with exactly one row selected", async () => {
    answerQueue();
    const user = userEvent.setup();
    renderAdmin('/membership-request');
    const reject = await screen.findByRole('button', { name: 'Avvis' });
    await screen.findByRole('checkbox', { name: 'Velg Åse Ødegård' });
    expect(reject).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Velg Åse Ødegård' }));
    expect(reject).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: 'Velg Bjørn Ås' }));
    expect(reject).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Velg alle på siden' }));
    expect(screen.getByRole('checkbox', { name: 'Velg Cecilie Berg' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Aksepter' })).toBeEnabled();
  });

  it('accepts the selected rows with one call each and names the one that failed in a single summary', async () => {
    expectFailedRequests();
    answerQueue();
    server.use(
      http.post('*/api/subscription/accept/1', () => HttpResponse.json({ data: { id: 1 } })),
      http.post('*/api/subscription/accept/2', () =>
        HttpResponse.json(
          { message: 'Forespørselen er allerede behandlet, og kan ikke aksepteres nå. Oppdater siden for å se hvordan den står.' },
          { status: 409 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderAdmin('/membership-request');
    await user.click(await screen.findByRole('checkbox', { name: 'Velg Åse Ødegård' }));
    await user.click(screen.getByRole('checkbox', { name: 'Velg Bjørn Ås' }));
    await user.click(screen.getByRole('button', { name: 'Aksepter' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Aksepter 2 søknader?' })).getByRole('button', { name: 'Aksepter' }));
    await screen.findByText(/1 av 2 er akseptert\. Disse ble ikke akseptert: Bjørn Ås \(Forespørselen er allerede behandlet/);
    expect(callsTo('/api/subscription/accept/1', 'POST')).toHaveLength(1);
    expect(callsTo('/api/subscription/accept/2', 'POST')).toHaveLength(1);
    expect(callsTo('/api/subscription/accept/3', 'POST')).toHaveLength(0);
  });

  it('sends any other path under /membership-request to the queue', async () => {
    answerQueue();
    renderAdmin('/membership-request/noe/annet');
    await screen.findByRole('heading', { level: 1, name: 'FORESPØRSLER MEDLEMSKAP (3)' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/membership-request$/));
  });
});
