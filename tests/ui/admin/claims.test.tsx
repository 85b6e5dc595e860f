/**
 * 'Skademeldinger' under Forespørsler: the menu entry with its count (and the group's sum), the
 * queue with the claims waiting, its columns and links, the search and the state filter as the
 * list's query, and the export with both.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paged } from './fixtures.ts';
import { claim, claimRow, JPEG_BYTES } from './claim-fixtures.ts';
import { PENDING, callsTo, installFakeApi, renderAdmin, server } from './harness.tsx';

installFakeApi();

/** The queue's module loads on the first visit, which takes a while under a cold transform. */
const SLOW = { timeout: 25_000 };
const LIST = '/api/claim/list';

const ROWS = [
  claimRow(7),
  claimRow(8, {
    kind: 'damage',
    state: 'in_progress',
    police_report: null,
    occurred_on: '2026-11-02',
    created_at: '2026-11-03T10:00:00.000Z',
    member: { id: 6, remote_id: 10201, first_name: 'Kari', last_name: 'Holm', email: 'kari@example.no', phone: null },
    instrument: { ...claimRow(8).instrument, make: 'Yamaha', model: 'YFL-212' },
  }),
];

function answerQueue() {
  server.use(
    http.get(`*${LIST}`, () => HttpResponse.json(paged(ROWS, ROWS.length))),
    http.get('*/api/counters', () =>
      HttpResponse.json({
        data: {
          'pending-memberships': PENDING.memberships,
          'pending-travel': PENDING.travel,
          'pending-instruments': PENDING.instruments,
          'pending-claims': 2,
        },
      }),
    ),
  );
}

const menu = () => screen.getByRole('navigation', { name: 'Hovedmeny' });

describe("the claims queue ('Skademeldinger')", { timeout: 60_000 }, () => {
  it("is under Forespørsler with its count, which the group's pending count includes", async () => {
    answerQueue();
    const user = userEvent.setup();
    renderAdmin('/claims');
    await screen.findByRole('heading', { level: 1, name: 'SKADEMELDINGER (2)' }, SLOW);
    const sum = PENDING.memberships + PENDING.travel + PENDING.instruments + 2;
    await user.click(await within(menu()).findByRole('button', { name: `Forespørsler, ${sum} ventende` }));
    expect(await within(menu()).findByRole('link', { name: 'Skademeldinger (2)' })).toHaveAttribute('href', '/claims');
  });

  it('lists the claims waiting, oldest first, with their columns and a link to each', async () => {
    answerQueue();
    renderAdmin('/claims');
    await screen.findByRole('heading', { level: 1, name: 'SKADEMELDINGER (2)' }, SLOW);
    expect(callsTo(LIST)[0].query).toMatchObject({ 'filter[state]': 'sent,in_progress', sort: 'created_at', page: '1', per_page: '25' });
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['SAK', 'MEDLEM', 'MEDLEMSNUMMER', 'INSTRUMENT', 'HVA SKJEDDE', 'DATO', 'STATUS', 'MOTTATT']);
    const first = screen.getByRole('link', { name: 'Sak 7' }).closest('tr')!;
    expect(screen.getByRole('link', { name: 'Sak 7' })).toHaveAttribute('href', '/claims/7');
    for (const text of ['Ola Nordmann', '10189', 'Fender Stratocaster', 'Tyveri', '20-11-2026', 'Sendt', '21-11-2026']) {
      expect(within(first).getByText(text)).toBeInTheDocument();
    }
    const second = screen.getByRole('link', { name: 'Sak 8' }).closest('tr')!;
    for (const text of ['Kari Holm', '10201', 'Yamaha YFL-212', 'Skade', 'Under behandling']) {
      expect(within(second).getByText(text)).toBeInTheDocument();
    }
  });

  it('opens a claim from its row', async () => {
    answerQueue();
    server.use(
      http.get('*/api/claim/8', () => HttpResponse.json({ data: claim(8) })),
      http.get('*/api/document/:id/thumbnail', () => new HttpResponse(JPEG_BYTES, { headers: { 'content-type': 'image/jpeg' } })),
    );
    const user = userEvent.setup();
    renderAdmin('/claims');
    await user.click(await screen.findByText('Yamaha YFL-212', {}, SLOW));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/claims/8'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Skademelding – sak 8' }, SLOW)).toBeInTheDocument();
  });

  it('searches on name, number, make and model, and filters by state', async () => {
    answerQueue();
    const user = userEvent.setup();
    renderAdmin('/claims');
    await screen.findByRole('heading', { level: 1, name: 'SKADEMELDINGER (2)' }, SLOW);
    await user.type(screen.getByRole('searchbox', { name: 'Søk på navn, medlemsnummer, merke eller modell' }), 'Fender');
    await waitFor(() => expect(callsTo(LIST).at(-1)!.query).toMatchObject({ 'filter[q]': 'Fender', 'filter[state]': 'sent,in_progress' }));

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Avgjort' }));
    await waitFor(() => expect(callsTo(LIST).at(-1)!.query).toMatchObject({ 'filter[q]': 'Fender', 'filter[state]': 'decided' }));

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Alle' }));
    await waitFor(() => expect(callsTo(LIST).at(-1)!.query).toMatchObject({ 'filter[state]': 'sent,in_progress,decided,withdrawn' }));
  });

  describe('export', () => {
    let saved: string[] = [];
    const click = HTMLAnchorElement.prototype.click;
    beforeEach(() => {
      saved = [];
      HTMLAnchorElement.prototype.click = function save(this: HTMLAnchorElement) {
        saved.push(this.download);
      };
      URL.createObjectURL = () => 'blob:fil';
      URL.revokeObjectURL = () => undefined;
    });
    afterEach(() => {
      HTMLAnchorElement.prototype.click = click;
    });

    it('saves the list with its filters as CSV and as a spreadsheet', async () => {
      answerQueue();
      server.use(http.get(`*${LIST}/export`, () => new HttpResponse('id;navn', { headers: { 'content-type': 'text/csv' } })));
      const user = userEvent.setup();
      renderAdmin('/claims');
      await user.click(await screen.findByRole('button', { name: 'Eksporter liste (csv)' }, SLOW));
      await waitFor(() => expect(saved).toEqual(['skademeldinger.csv']));
      expect(callsTo(`${LIST}/export`)[0].query).toMatchObject({ 'filter[state]': 'sent,in_progress' });
      await user.click(screen.getByRole('button', { name: 'Eksporter liste (xlsx)' }));
      await waitFor(() => expect(saved).toEqual(['skademeldinger.csv', 'skademeldinger.xlsx']));
      expect(callsTo(`${LIST}/export`)[1].query).toMatchObject({ format: 'xlsx', 'filter[state]': 'sent,in_progress' });
    });
  });
});
