/** 'Eksporter liste (xlsx)' beside every CSV export: the same list with format=xlsx, saved as .xlsx. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listItem, member, paged } from './fixtures.ts';
import { callsTo, expectFailedRequests, installFakeApi, renderAdmin, server } from './harness.tsx';

installFakeApi();

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
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

/** An area's module is loaded on its first visit, which takes a while under a cold transform on a busy machine. */
const SLOW = { timeout: 25_000 };
const file = (type: string) => new HttpResponse('PK', { headers: { 'content-type': type } });

describe('the spreadsheet exports', { timeout: 60_000 }, () => {
  it('saves the member overview as medlemsoversikt.xlsx, and the CSV button still saves the CSV', async () => {
    server.use(
      http.get('*/api/member/list', () => HttpResponse.json(paged([listItem(1)], 1))),
      http.get('*/api/member/list/export', ({ request }) =>
        file(new URL(request.url).searchParams.get('format') === 'xlsx' ? XLSX : 'text/csv; charset=utf-8'),
      ),
    );
    renderAdmin('/membership');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Eksporter liste (xlsx)' }, SLOW));
    await waitFor(() => expect(saved).toEqual(['medlemsoversikt.xlsx']));
    expect(callsTo('/api/member/list/export')[0].query).toMatchObject({ format: 'xlsx' });

    await user.click(screen.getByRole('button', { name: 'Eksporter liste (csv)' }));
    await waitFor(() => expect(saved).toEqual(['medlemsoversikt.xlsx', 'medlemsoversikt.csv']));
    expect(callsTo('/api/member/list/export')[1].query).not.toHaveProperty('format');
  });

  it('gives each request queue its xlsx twin under the queue file name', async () => {
    server.use(http.get('*/api/subscription/list/pending-travel/export', () => file(XLSX)));
    renderAdmin('/travel-insurance');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Eksporter liste (xlsx)' }, SLOW));
    await waitFor(() => expect(saved).toEqual(['reiseforsikring-foresporsel.xlsx']));
    expect(callsTo('/api/subscription/list/pending-travel/export')[0].query).toMatchObject({ format: 'xlsx' });
  });

  it('shows the server message and enables the buttons again when the export fails', async () => {
    expectFailedRequests();
    server.use(
      http.get('*/api/subscription/list/pending-instruments/export', () =>
        HttpResponse.json({ message: 'Noe gikk galt. Prøv igjen senere.' }, { status: 500 }),
      ),
    );
    renderAdmin('/instrument-insurance');
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Eksporter liste (xlsx)' }, SLOW);
    await user.click(button);
    expect(await screen.findByText('Noe gikk galt. Prøv igjen senere.')).toBeInTheDocument();
    expect(saved).toEqual([]);
    await waitFor(() => expect(button).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Eksporter liste (csv)' })).toBeEnabled();
  });

  it('saves all a member’s data from the member page, and says so in its own words when it fails', async () => {
    let answer = () => new HttpResponse('PK', { headers: { 'content-type': 'application/zip' } });
    server.use(
      http.get('*/api/member/5', () => HttpResponse.json({ data: member() })),
      http.get('*/api/member/5/changes', () => HttpResponse.json(paged([]))),
      http.get('*/api/member/5/export', () => answer()),
    );
    renderAdmin('/membership/edit/5');
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Last ned alle opplysninger' }, SLOW);
    await user.click(button);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatch(/^opplysninger-medlem-\d+\.zip$/);

    expectFailedRequests();
    answer = () => HttpResponse.json({ message: 'Intern feil 42' }, { status: 500 });
    await user.click(button);
    expect(await screen.findByText('Kunne ikke laste ned opplysningene. Prøv igjen.')).toBeInTheDocument();
    expect(screen.queryByText('Intern feil 42')).not.toBeInTheDocument();
    await waitFor(() => expect(button).toBeEnabled());
    expect(saved).toHaveLength(1);
  });

  it('saves the Vipps report for the chosen range as vipps_registrations.xlsx', async () => {
    server.use(http.get('*/api/vipps_registration/export', () => file(XLSX)));
    renderAdmin('/settings/vipps-rapport');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Eksporter (xlsx)' }, SLOW));
    await waitFor(() => expect(saved).toEqual(['vipps_registrations.xlsx']));
    const [call] = callsTo('/api/vipps_registration/export');
    expect(call.query).toMatchObject({ format: 'xlsx', sort: '-id' });
    expect(call.query['filter[created_at_from]']).toMatch(/^\d{4}-\d{2}-01$/);

    await user.click(screen.getByRole('button', { name: 'Eksporter (csv)' }));
    await waitFor(() => expect(saved).toEqual(['vipps_registrations.xlsx', 'vipps_registrations.csv']));
    expect(callsTo('/api/vipps_registration/export')[1].query).not.toHaveProperty('format');
  });
});
