import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { listItem, paged } from './fixtures.ts';
import { callsTo, expectFailedRequests, renderAdmin, server, installFakeApi } from './harness.tsx';

installFakeApi();

const rows = () => screen.getAllByRole('row').slice(1);

function answerList(total: number) {
  server.use(
    http.get('*/api/member/list', ({ request }) => {
      const url = new URL(request.url);
      const perPage = Number(url.searchParams.get('per_page'));
      const page = Number(url.searchParams.get('page'));
      const count = Math.max(0, Math.min(perPage, total - (page - 1) * perPage));
      const data = Array.from({ length: count }, (_, index) => listItem((page - 1) * perPage + index + 1));
      return HttpResponse.json(paged(data, total, perPage, page));
    }),
  );
}

describe('/membership', () => {
  it('shows the total, 25 rows and each column in its format', async () => {
    server.use(
      http.get('*/api/member/list', () =>
        HttpResponse.json(
          paged(
            [
              listItem(1, { phone: '1234567', birthdate: '1988-04-07', has_membership: true, has_instrument_insurance: true, has_travel_insurance: true }),
              listItem(2, { phone: '12345', remote_id: null, has_membership: false }),
            ],
            60,
          ),
        ),
      ),
    );
    renderAdmin('/membership');
    expect(await screen.findByRole('heading', { level: 1, name: '60 MEDLEMMER' })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['ID', 'MEDLEM', 'ADDRESSE', 'FØDT', 'MOBIL', 'KAMPANJEKODE', 'STATUS']);
    const [first, second] = rows();
    const cells = within(first)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 6)).toEqual(['10001', 'Fornavn1 Etternavn1', 'Storgata 1', '07-04-1988', '1 234 567', '']);
    expect(within(first).getByRole('img', { name: 'Medlemskap' })).toBeInTheDocument();
    expect(within(first).getByRole('img', { name: 'Instrumentforsikring' })).toBeInTheDocument();
    expect(within(first).getByRole('img', { name: 'Reiseforsikring' })).toBeInTheDocument();
    expect(within(second).getByRole('img', { name: 'Uten medlemskap' })).toBeInTheDocument();
    expect(within(second).getAllByRole('cell')[4]).toHaveTextContent('12 345');
    expect(screen.getByText('page 1 av 3')).toBeInTheDocument();
  });

  it('says MEDLEM for one member', async () => {
    answerList(1);
    renderAdmin('/membership');
    expect(await screen.findByRole('heading', { level: 1, name: '1 MEDLEM' })).toBeInTheDocument();
  });

  it('shows an empty state', async () => {
    answerList(0);
    renderAdmin('/membership');
    expect(await screen.findByText('Ingen medlemmer funnet')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '0 MEDLEMMER' })).toBeInTheDocument();
  });

  it('shows an error when the list cannot be read', async () => {
    expectFailedRequests();
    server.use(http.get('*/api/member/list', () => HttpResponse.json({ message: 'Feil' }, { status: 500 })));
    renderAdmin('/membership');
    expect(await screen.findByRole('alert')).toHaveTextContent('Noe gikk galt');
  });

  it('searches 500 ms after the last keystroke, not before', async () => {
    answerList(60);
    const user = userEvent.setup();
    renderAdmin('/membership');
    await screen.findByRole('heading', { level: 1, name: '60 MEDLEMMER' });
    await user.type(screen.getByRole('searchbox', { name: 'Søk etter medlem' }), 'berg');
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(callsTo('/api/member/list').some((call) => call.query['filter[name]'])).toBe(false);
    await waitFor(() => expect(callsTo('/api/member/list').at(-1)?.query).toMatchObject({ 'filter[name]': 'berg', page: '1' }));
    expect(callsTo('/api/member/list').filter((call) => call.query['filter[name]'])).toHaveLength(1);
  });

  it('says "minst" when a search is counted only as far as the server counts, and exactly once the count is whole', async () => {
    server.use(
      http.get('*/api/member/list', ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        // Pages 1–4 answer the count up to four pages; page 4 finds the real end at 110 rows.
        const total = page < 4 ? 100 : 110;
        const data = Array.from({ length: 25 }, (_, index) => listItem((page - 1) * 25 + index + 1));
        return HttpResponse.json({ ...paged(data, total, 25, page), total_exact: page >= 4 });
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/membership');
    expect(await screen.findByRole('heading', { level: 1, name: 'MINST 100 MEDLEMMER' })).toBeInTheDocument();
    expect(screen.getByText('page 1 av minst 4')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Siste side' }));
    expect(await screen.findByRole('heading', { level: 1, name: '110 MEDLEMMER' })).toBeInTheDocument();
    expect(screen.getByText('page 4 av 5')).toBeInTheDocument();
  });

  it('pages with first/prev/next/last, go-to-page and rows per page', async () => {
    answerList(120);
    const user = userEvent.setup();
    renderAdmin('/membership');
    await screen.findByText('page 1 av 5');
    expect(rows()).toHaveLength(25);
    expect(screen.getByRole('button', { name: 'Første side' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Neste side' }));
    await screen.findByText('page 2 av 5');
    await user.click(screen.getByRole('button', { name: 'Siste side' }));
    await screen.findByText('page 5 av 5');
    expect(screen.getByRole('button', { name: 'Neste side' })).toBeDisabled();
    const goTo = screen.getByRole('spinbutton', { name: 'Gå til side' });
    await user.clear(goTo);
    await user.type(goTo, '3{Enter}');
    await screen.findByText('page 3 av 5');
    await user.click(screen.getByRole('combobox', { name: 'Rader per side' }));
    await user.click(await screen.findByRole('option', { name: '100' }));
    await screen.findByText('page 1 av 2');
    await waitFor(() => expect(rows()).toHaveLength(100));
    expect(callsTo('/api/member/list').at(-1)?.query).toMatchObject({ page: '1', per_page: '100' });
  });

  it('sorts by a header, with the arrow, and asks the server for the order', async () => {
    answerList(30);
    const user = userEvent.setup();
    renderAdmin('/membership');
    await screen.findByText('page 1 av 2');
    // The button says the column as a word, not as the header's capitals ('mEDLEM').
    expect(screen.getByRole('button', { name: 'Sorter etter Medlem stigende' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /født/i }));
    await waitFor(() => expect(callsTo('/api/member/list').at(-1)?.query.sort).toBe('birthdate'));
    await user.click(screen.getByRole('button', { name: /født/i }));
    await waitFor(() => expect(callsTo('/api/member/list').at(-1)?.query.sort).toBe('-birthdate'));
    expect(within(screen.getByRole('columnheader', { name: /STATUS/ })).queryByRole('button')).not.toBeInTheDocument();
  });

  it('opens the member when a row is clicked', async () => {
    answerList(3);
    const user = userEvent.setup();
    expectFailedRequests();
    server.use(http.get(/\/api\/member\/\d+$/, () => HttpResponse.json({ message: 'Ikke funnet' }, { status: 404 })));
    renderAdmin('/membership');
    await screen.findByText('Fornavn2 Etternavn2');
    await user.click(within(rows()[1]).getAllByRole('cell')[2]);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/membership/edit/2'));
  });
});
