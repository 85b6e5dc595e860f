/**
 * What a staff user sees follows their rights (GET /api/user/rights): the menu holds only the areas
 * they may open, the buttons only what they may do, a page typed in without its right says
 * 'Du har ikke tilgang' and names it, and a right given by an administrator shows on the next page.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { listItem, paged } from './fixtures.ts';
import { calls, callsTo, expectFailedRequests, installFakeApi, renderAdmin, rightsAnswer, server, withRights } from './harness.tsx';

installFakeApi();

/** Saksbehandler (role 3) as the demo has it. */
const CASE_WORKER = ['members.read', 'members.change', 'requests.decide', 'cards.send', 'logs.read'];
/** Økonomi (role 4): the case worker's and the export and billing rights. */
const FINANCE = [...CASE_WORKER, 'members.export', 'billing.read', 'billing.run', 'payments.register'];

const members = () => server.use(http.get('*/api/member/list', () => HttpResponse.json(paged([listItem(1)], 1))));
const menu = () => screen.getByRole('navigation', { name: 'Hovedmeny' });

describe("a staff user's rights", () => {
  it('leave a case worker the members and the requests in the menu, without exports', async () => {
    members();
    withRights(CASE_WORKER);
    const user = userEvent.setup();
    renderAdmin('/membership');
    await screen.findByRole('heading', { name: '1 MEDLEM' });
    await within(menu()).findByRole('link', { name: 'Medlemsoversikt' });
    await user.click(within(menu()).getByRole('button', { name: /Forespørsler/ }));
    expect(await within(menu()).findByRole('link', { name: /Medlemskap \(/ })).toBeInTheDocument();
    for (const name of ['Innstillinger', 'Betaling', 'Importer medlemmer', 'Tilgangslogg']) {
      expect(within(menu()).queryByRole('link', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: /Eksporter/ })).not.toBeInTheDocument();
    // Creating a member is changing members, which a case worker may.
    expect(screen.getByRole('link', { name: /Opprett nytt medlem/i })).toBeInTheDocument();
  });

  it('give an administrator every area and the exports', async () => {
    members();
    renderAdmin('/membership');
    await screen.findByRole('heading', { name: '1 MEDLEM' });
    for (const name of ['Medlemsoversikt', 'Betaling', 'Innstillinger', 'Importer medlemmer', 'Tilgangslogg']) {
      expect(within(menu()).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Eksporter liste (csv)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Eksporter liste (xlsx)' })).toBeInTheDocument();
  });

  it('show the menu nothing it may not hold before the rights have come', async () => {
    members();
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.get('*/api/user/rights', async () => {
        await answered;
        return rightsAnswer(CASE_WORKER);
      }),
    );
    renderAdmin('/membership');
    await screen.findByRole('navigation', { name: 'Hovedmeny' });
    expect(within(menu()).queryAllByRole('link')).toEqual([]);
    answer();
    expect(await within(menu()).findByRole('link', { name: 'Medlemsoversikt' })).toBeInTheDocument();
  });

  it('say "Du har ikke tilgang" at a page typed in without its right, naming the rights that would open it, with the way on', async () => {
    members();
    withRights(CASE_WORKER);
    const user = userEvent.setup();
    renderAdmin('/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Du har ikke tilgang' })).toBeInTheDocument();
    expect(screen.getByText('Denne siden krever én av disse rettene:')).toBeInTheDocument();
    expect(screen.getByText('«Endre e-postmaler» (templates.change)')).toBeInTheDocument();
    expect(screen.getByText('«Kjøre fornyelse, purring og Tripletex, og endre priser og fakturainnstillinger» (billing.run)')).toBeInTheDocument();
    // Nothing of the page was asked for: its code was not even drawn.
    expect(calls.filter((call) => /\/api\/(content|dev|emails|campaign)/.test(call.path))).toEqual([]);
    // Typed in, there is nothing of the app's to go back to: the way on is the member overview.
    expect(screen.queryByRole('button', { name: 'Gå tilbake' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Gå til Medlemsoversikt' }));
    expect(await screen.findByRole('heading', { name: '1 MEDLEM' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/membership$/);
  });

  it('name the one right a page needs', async () => {
    withRights(FINANCE);
    renderAdmin('/settings/system-message');
    expect(await screen.findByRole('heading', { level: 1, name: 'Du har ikke tilgang' })).toBeInTheDocument();
    expect(screen.getByText('Denne siden krever retten «Endre e-postmaler» (templates.change).')).toBeInTheDocument();
    expect(callsTo('/api/emails/template/list')).toEqual([]);
  });

  it('show a finance officer the settings they may open, and not the others', async () => {
    withRights(FINANCE);
    server.use(http.get('*/api/dev/sync-tripletex/runs', () => HttpResponse.json(paged([]))));
    renderAdmin('/settings');
    expect(await screen.findByRole('heading', { name: 'Vipps-rapport' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Priser' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Fornyelse' })).toBeInTheDocument();
    for (const name of ['Systemmeldinger', 'Kampanjekoder', 'Innhold på Min side']) {
      expect(screen.queryByRole('heading', { name })).not.toBeInTheDocument();
    }
    expect(callsTo('/api/content/admin/pages')).toEqual([]);
  });

  it('are read again on the next page: a right given meanwhile shows there', async () => {
    members();
    withRights(CASE_WORKER);
    const user = userEvent.setup();
    renderAdmin('/membership');
    await screen.findByRole('heading', { name: '1 MEDLEM' });
    expect(screen.queryByRole('button', { name: /Eksporter/ })).not.toBeInTheDocument();
    const before = callsTo('/api/user/rights').length;
    // An administrator gives the role the right to export.
    withRights([...CASE_WORKER, 'members.export']);
    await user.click(within(menu()).getByRole('button', { name: /Forespørsler/ }));
    await user.click(await within(menu()).findByRole('link', { name: /Medlemskap \(/ }));
    expect(await screen.findByRole('button', { name: 'Eksporter liste (csv)' })).toBeInTheDocument();
    expect(callsTo('/api/user/rights').length).toBeGreaterThan(before);
  });

  it('say "Du har ikke tilgang" when the server refuses the page\'s data for a right, and read the rights again', async () => {
    expectFailedRequests();
    server.use(
      http.get('*/api/invoice/list', () =>
        HttpResponse.json(
          {
            message: 'Du har ikke tilgang til dette. Det krever retten «Se fakturaer, innbetalinger, priser og fornyelsen» (billing.read).',
            right: 'billing.read',
          },
          { status: 403 },
        ),
      ),
    );
    renderAdmin('/payments');
    expect(await screen.findByRole('heading', { level: 1, name: 'Du har ikke tilgang' })).toBeInTheDocument();
    expect(screen.getByText('Denne siden krever retten «Se fakturaer, innbetalinger, priser og fornyelsen» (billing.read).')).toBeInTheDocument();
    await waitFor(() => expect(callsTo('/api/user/rights').length).toBeGreaterThan(1));
  });

  it('lead to the sign-in page when the token no longer works as they are read (401)', async () => {
    members();
    server.use(http.get('*/api/user/rights', () => HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 })));
    renderAdmin('/membership');
    // The sign-in page is its own chunk: its first import in a test run is slow on a busy machine.
    expect(await screen.findByRole('heading', { name: 'Logg inn' }, { timeout: 20_000 })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('leave the page to the server when they cannot be read: the page shows, its menu stays empty', async () => {
    members();
    server.use(http.get('*/api/user/rights', () => HttpResponse.json({ message: 'Noe gikk galt.' }, { status: 500 })));
    renderAdmin('/membership');
    expect(await screen.findByRole('heading', { name: '1 MEDLEM' })).toBeInTheDocument();
    expect(within(menu()).queryAllByRole('link')).toEqual([]);
    expect(screen.queryByRole('heading', { name: 'Du har ikke tilgang' })).not.toBeInTheDocument();
  });

  it("offer the reset of others' two-factor sign-in only to staff who administer staff", async () => {
    members();
    server.use(
      http.get('*/api/user/2fa', () => HttpResponse.json({ data: { enabled: true, required: false } })),
      http.get('*/api/user/sessions', () => HttpResponse.json({ data: [] })),
      http.get('*/api/user/staff/2fa', () => HttpResponse.json({ data: [] })),
    );
    withRights(CASE_WORKER);
    const user = userEvent.setup();
    renderAdmin('/membership');
    await screen.findByRole('heading', { name: '1 MEDLEM' });
    await user.click(screen.getByRole('button', { name: 'Åpne profilpanelet' }));
    await user.click(await screen.findByRole('button', { name: 'Sikkerhet og innlogging' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sikkerhet og innlogging' });
    await within(dialog).findByRole('heading', { name: 'Aktive innlogginger' });
    expect(within(dialog).queryByRole('heading', { name: 'Ansattes totrinnsinnlogging' })).not.toBeInTheDocument();
    expect(callsTo('/api/user/staff/2fa')).toEqual([]);

    server.use(http.get('*/api/user/rights', () => rightsAnswer()));
    await user.click(within(dialog).getByRole('button', { name: 'Lukk' }));
    await user.click(within(menu()).getByRole('button', { name: /Forespørsler/ }));
    await user.click(await within(menu()).findByRole('link', { name: /Medlemskap \(/ }));
    await screen.findByRole('button', { name: 'Eksporter liste (csv)' });
    await user.click(screen.getByRole('button', { name: 'Åpne profilpanelet' }));
    await user.click(await screen.findByRole('button', { name: 'Sikkerhet og innlogging' }));
    const again = await screen.findByRole('dialog', { name: 'Sikkerhet og innlogging' });
    expect(await within(again).findByRole('heading', { name: 'Ansattes totrinnsinnlogging' })).toBeInTheDocument();
  });
});
