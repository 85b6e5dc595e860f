/**
 * The staff instrument pages: an unknown member's page (and its travel insurance page), the queue by keyboard and its search, and
 * accepting one waiting instrument (asked first, the focus on the list afterwards).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { expectFailedRequests, installFakeApi, renderAdmin, server } from './harness.tsx';
import { instrument, member, paged } from './fixtures.ts';

installFakeApi();

/** Member 5's one waiting guitar. */
const waiting = instrument(31, { state: 'requested', status: 0 });

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
    // It asks first, naming the instrument; nothing is accepted before the answer.
    const dialog = await screen.findByRole('dialog', { name: 'Aksepter 1 instrument?' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Gibson Les Paul']);
    expect(accepted).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Aksepter' }));
    expect(await screen.findByText('Instrumentet er godkjent!')).toBeInTheDocument();
    // The focus lands on the list, not on the page body.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'FORSIKRING AV INSTRUMENT' })));
    expect(screen.queryByText('Flere av instrumentene er godkjent!')).toBeNull();
    // The list is read again without the accepted instrument.
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: /Gibson Les Paul/ })).toBeNull());
    expect(await screen.findByText('Ingen instrumenter venter på behandling.', {}, { timeout: 10_000 })).toBeInTheDocument();
  }, 60_000);
});

describe("a member's waiting instruments, while the page comes in", () => {
  it("shows 'Dokumenter' only once the member's name, the rows and their types are there, so it never starts where the finished page would not put it", async () => {
    let sendMember!: () => void;
    let sendCategories!: () => void;
    const memberSent = new Promise<void>((done) => (sendMember = done));
    const categoriesSent = new Promise<void>((done) => (sendCategories = done));
    server.use(
      http.get('*/api/member/5', async () => {
        await memberSent;
        return HttpResponse.json({ data: member() });
      }),
      http.get('*/api/instrument/category/list', async () => {
        await categoriesSent;
        return HttpResponse.json({ data: [{ id: 1, name: 'Gitar' }] });
      }),
      http.get('*/api/member/5/instrument', () => HttpResponse.json({ data: { active: [], requested: [waiting], deleted: [] } })),
      http.get('*/api/instrument/list', () => HttpResponse.json(paged([waiting]))),
    );
    renderAdmin('/instrument-insurance/list/5');
    await screen.findByRole('heading', { level: 2, name: 'FORSIKRING AV INSTRUMENT' }, { timeout: 40_000 });
    const documents = () => screen.queryByRole('heading', { level: 2, name: 'Dokumenter' });
    // The member's instruments and the list are in; the name and the type names are not.
    expect(documents()).toBeNull();
    sendCategories();
    expect(await screen.findByRole('checkbox', { name: /Gibson Les Paul/ }, { timeout: 10_000 })).toBeInTheDocument();
    expect(documents()).toBeNull();
    sendMember();
    expect(await screen.findByRole('heading', { level: 1, name: /Ola Nordmann/ }, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Dokumenter' }, { timeout: 10_000 })).toBeInTheDocument();
  }, 60_000);
});

describe('the instrument queue', () => {
  it("opens a member's waiting instruments by keyboard from the name, and searches by name like the other queues", async () => {
    const row = (id: number, first_name: string, last_name: string) => ({
      id,
      member_id: id,
      member: { ...member(), id, first_name, last_name, remote_id: null, artist_name: null },
      product: 'Instrumentforsikring',
      Status: 1,
      created_at: '2026-11-01T10:00:00.000Z',
    });
    const rows = [row(5, 'Kari', 'Nordmann'), row(6, 'Ola', 'Hansen')];
    server.use(
      http.get('*/api/subscription/list/pending-instruments', ({ request }) => {
        const name = new URL(request.url).searchParams.get('filter[name]')?.toLowerCase();
        return HttpResponse.json(paged(name ? rows.filter((one) => one.member.first_name.toLowerCase().includes(name)) : rows));
      }),
      http.get('*/api/member/5', () => HttpResponse.json({ data: member() })),
      http.get('*/api/member/5/instrument', () => HttpResponse.json({ data: { active: [], requested: [], deleted: [] } })),
      http.get('*/api/instrument/list', () => HttpResponse.json(paged([]))),
    );
    const user = userEvent.setup();
    renderAdmin('/instrument-insurance');
    const link = await screen.findByRole('link', { name: 'Kari Nordmann' }, { timeout: 40_000 });
    expect(link).toHaveAttribute('href', '/instrument-insurance/list/5');
    await user.type(screen.getByRole('searchbox', { name: 'Søk etter medlem' }), 'kari');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Ola Hansen' })).toBeNull(), { timeout: 5_000 });
    // By keyboard: Enter on the name's link opens the member's waiting instruments.
    screen.getByRole('link', { name: 'Kari Nordmann' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 2, name: 'FORSIKRING AV INSTRUMENT' }, { timeout: 20_000 })).toBeInTheDocument();
  }, 60_000);
});

describe('the staff travel insurance page of an unknown member', () => {
  it("says 'Fant ikke medlemmet', offers 'Gå tilbake' and no form to order on", async () => {
    expectFailedRequests();
    server.use(
      http.get('*/api/member/99999', () => HttpResponse.json({ message: 'Fant ikke medlemmet' }, { status: 404 })),
      http.get('*/api/subscription/list', () => HttpResponse.json(paged([]))),
    );
    renderAdmin('/membership/edit/travel-insurance/99999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fant ikke medlemmet' }, { timeout: 40_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Gå tilbake' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Bestill|Lagre/ })).toBeNull();
    expect(screen.queryByText('Noe gikk galt!')).toBeNull();
  }, 60_000);
});
