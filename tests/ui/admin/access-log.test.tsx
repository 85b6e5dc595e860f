import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AccessLogRow } from '../../../server/schemas/access-log.ts';
import { member, paged } from './fixtures.ts';
import { callsTo, renderAdmin, server, installFakeApi } from './harness.tsx';

installFakeApi();

const row = (id: number, staffId: number): AccessLogRow => ({
  id,
  at: '2026-11-20T09:15:00Z',
  staff: staffId === 1 ? { first_name: 'Ingrid', last_name: 'Berg' } : { first_name: 'Per', last_name: 'Lund' },
  staff_id: staffId,
  kind: 'read',
  detail: 'Medlemsside',
  members_in_list: null,
  member_id: 5,
  member: { id: 5, remote_id: 10189, first_name: 'Ola', last_name: 'Nordmann' },
  row_count: null,
  ip: '10.0.0.7',
});

function answerLog() {
  server.use(
    http.get('*/api/access-log/staff', () =>
      HttpResponse.json({
        data: [
          { id: 1, first_name: 'Ingrid', last_name: 'Berg' },
          { id: 2, first_name: 'Per', last_name: 'Lund' },
        ],
      }),
    ),
    http.get('*/api/access-log', ({ request }) => {
      const staff = new URL(request.url).searchParams.get('filter[staff_id]');
      const rows = [row(1, 1), row(2, 2)].filter((entry) => !staff || String(entry.staff_id) === staff);
      return HttpResponse.json(paged(rows, rows.length, 25));
    }),
  );
}

const lastQuery = () => callsTo('/api/access-log').at(-1)?.query ?? {};

describe('the access log across members', () => {
  it('filters by staff user and by period, and leaves a half-typed or out-of-range date out', async () => {
    answerLog();
    const user = userEvent.setup();
    renderAdmin('/access-log');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tilgangslogg' })).toBeInTheDocument();
    const filters = screen.getByRole('search', { name: 'Filtrer tilgangsloggen' });
    expect(await screen.findByText('Per Lund')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: '10189 - Ola Nordmann' })).toHaveLength(2);

    await user.click(within(filters).getByRole('combobox', { name: 'Ansatt' }));
    await user.click(await screen.findByRole('option', { name: 'Ingrid Berg' }));
    await waitFor(() => expect(lastQuery()['filter[staff_id]']).toBe('1'));
    await waitFor(() => expect(screen.queryByText('Per Lund')).not.toBeInTheDocument());

    await user.click(within(filters).getByRole('textbox', { name: 'Fra dato' }));
    await user.keyboard('01112026');
    await waitFor(() => expect(lastQuery()['filter[from]']).toBe('2026-11-01'), { timeout: 5000 });
    expect(lastQuery()['filter[staff_id]']).toBe('1');

    const to = within(filters).getByRole('textbox', { name: 'Til dato' });
    await user.click(to);
    await user.keyboard('3011');
    await user.tab();
    expect(to).toHaveValue('30/11/åååå');
    await user.click(to);
    await user.keyboard('{Control>}a{/Control}{Backspace}01011904');
    expect(to).toHaveValue('01/01/1904');
    expect(await within(filters).findByText('Datoen må være mellom 1905 og neste år')).toBeInTheDocument();
    expect(lastQuery()['filter[to]']).toBeUndefined();

    await user.click(within(filters).getByRole('combobox', { name: 'Ansatt' }));
    await user.click(await screen.findByRole('option', { name: 'Alle' }));
    await waitFor(() => expect(lastQuery()['filter[staff_id]']).toBeUndefined());
    expect(lastQuery()['filter[from]']).toBe('2026-11-01');
    expect(await screen.findByText('Per Lund')).toBeInTheDocument();
  });
});

describe('list entries', () => {
  const list: AccessLogRow = {
    ...row(3, 1),
    kind: 'messages',
    detail: 'Meldingsloggen',
    member_id: null,
    member: null,
    members_in_list: 2,
    row_count: 2,
  };

  it('shows how many members a list held, across members and in the log of each member it held', async () => {
    server.use(
      http.get('*/api/access-log/staff', () => HttpResponse.json({ data: [{ id: 1, first_name: 'Ingrid', last_name: 'Berg' }] })),
      http.get('*/api/access-log', () => HttpResponse.json(paged([list], 1, 25))),
      http.get('*/api/member/5', () => HttpResponse.json({ data: member() })),
      http.get('*/api/emails/logs/list', () => HttpResponse.json(paged([], 0, 100))),
      http.get('*/api/instrument/logs/list', () => HttpResponse.json(paged([], 0, 100))),
      http.get('*/api/subscription/logs/list', () => HttpResponse.json(paged([], 0, 100))),
      http.get('*/api/member/5/access-log', () => HttpResponse.json(paged([list, row(1, 1)], 2, 25))),
    );
    const user = userEvent.setup();
    const { unmount } = renderAdmin('/access-log');
    const across = (await screen.findByText('2 medlemmer')).closest('tr')!;
    expect(within(across).getByText('Meldingsloggen')).toBeInTheDocument();
    unmount();

    renderAdmin('/membership/instrument-insurance/reject/5');
    await user.click(await screen.findByRole('tab', { name: 'Tilgangslogg' }));
    const [entries] = await screen.findAllByRole('region', { name: 'TILGANGSLOGG (2)' });
    expect(await within(entries).findByText('Meldingsloggen (i en liste med 2 medlemmer)')).toBeInTheDocument();
    expect(within(entries).getByText('Medlemsside')).toBeInTheDocument();
  });
});
