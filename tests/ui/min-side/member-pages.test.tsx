import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { installFakeApi, makeMember, memberApi, renderApp, server, signInAs } from './harness.tsx';

installFakeApi();

const kari = makeMember({ registration_completed: 1 });

function travelApi(subscriptions: unknown[] = []) {
  server.use(
    http.get('*/api/product/list', () => HttpResponse.json({ data: [{ id: 1, name: 'Reiseforsikring Europa', price: 900, remote_id: null }] })),
    http.get('*/api/subscription/list', () =>
      HttpResponse.json({
        current_page: 1,
        data: subscriptions,
        from: null,
        last_page: 1,
        per_page: 25,
        to: null,
        total: subscriptions.length,
      }),
    ),
  );
}

function instrumentList(data = { active: [], requested: [], deleted: [], rejected: [] }) {
  server.use(http.get('*/api/member/7/instrument', () => HttpResponse.json({ data })));
}

describe('every member page has the same header', () => {
  it.each([
    ['travel', '/profile/edit/travel-insurane/7', 'Reiseforsikring'],
    ['instrument', '/profile/edit/instrument-insurance/7', 'Instrumentforsikring'],
  ])('the %s page shows the member name and Logg ut', async (_kind, path, heading) => {
    signInAs(kari);
    memberApi(kari);
    travelApi();
    instrumentList();
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('Kari Nordmann')).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Logg ut' })).toBeInTheDocument();
  });
});

describe('travel insurance price', () => {
  it("shows 'Pris for resten av året' only when ordering, not when changing an existing insurance", async () => {
    const year = new Date().getFullYear() + 1;
    signInAs(kari);
    memberApi(kari);
    travelApi([
      {
        id: 3,
        member_id: 7,
        product_id: 1,
        product: { id: 1, name: 'Reiseforsikring Europa', price: 900, remote_id: null },
        state: 'active',
        status: 1,
        value: null,
        subscription_start: `${year}-09-01`,
        subscription_end: `${year + 1}-08-31`,
        invoiced_for: null,
        reason_for_rejection: null,
        created_at: '2026-01-01T09:00:00.000Z',
        updated_at: '2026-01-01T09:00:00.000Z',
        validated_by_user: null,
        rejected_by_user: null,
      },
    ]);
    instrumentList();
    renderApp('/profile/edit/travel-insurane/7');
    expect(await screen.findByText('Pris')).toBeInTheDocument();
    expect(screen.queryByText('Pris for resten av året')).not.toBeInTheDocument();
  });

  it("shows 'Pris for resten av året' with the quarter's price when ordering from August", async () => {
    const year = new Date().getFullYear() + 1;
    signInAs(kari);
    memberApi(kari);
    travelApi();
    instrumentList();
    renderApp('/profile/edit/travel-insurane/7');
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByRole('combobox', { name: /Produkt/ }), 'Reiseforsikring Europa');
    await user.type(screen.getByRole('textbox', { name: /Startdato/ }), `01/08/${year}`);
    const hint = await screen.findByText('Pris for resten av året');
    // August is in the third quarter: half of the year's 900 kr.
    expect(hint.nextElementSibling).toHaveTextContent(/450/);
  });
});

const deletedGuitar = {
  id: 11,
  member_id: 7,
  subscription_id: null,
  instrument_category: 1,
  category: 'Gitar',
  make: 'Fender',
  model: 'Stratocaster',
  serial_number: null,
  value: 12000,
  insurance_start: '2026-02-01',
  insurance_end: null,
  state: 'deleted',
  status: 3,
  requested_change: null,
  reason_for_rejection: null,
  created_at: '2026-02-01T09:00:00.000Z',
  updated_at: '2026-03-01T09:00:00.000Z',
  deleted_at: null,
  validated_by_user: null,
};

describe('empty cells', () => {
  it("leave an empty date cell empty instead of showing '-'", async () => {
    signInAs(kari);
    memberApi(kari);
    instrumentList({ active: [], requested: [], deleted: [deletedGuitar], rejected: [] } as never);
    const user = userEvent.setup();
    renderApp('/profile/edit/instrument-insurance/7');
    await user.click(await screen.findByRole('tab', { name: /Slettede instrumenter/ }));
    const table = await screen.findByRole('table', { name: 'SLETTEDE INSTRUMENTER (1)' });
    const cells = within(table).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).not.toContain('-');
    expect(cells.at(-1)).toHaveTextContent(/^$/);
  });
});

describe('sign-up step two', () => {
  it("names the invoicing pane 'Fakturering' once, and its choices are still a group of that name", async () => {
    const applicant = makeMember({ registration_completed: 0, invoice_method: null });
    memberApi(applicant);
    signInAs(applicant, 1);
    renderApp('/new-member/update/7');
    await screen.findByRole('button', { name: 'Neste' });
    const pane = screen.getByRole('heading', { name: 'Fakturering', hidden: true }).parentElement as HTMLElement;
    expect(within(pane).getAllByText('Fakturering', { ignore: false })).toHaveLength(1);
    expect(within(pane).getByRole('group', { name: 'Fakturering', hidden: true })).toBeInTheDocument();
  });
});

const activeGuitar = { ...deletedGuitar, id: 12, model: 'Telecaster', state: 'active', status: 1, deleted_at: null };

describe('instrument screen', () => {
  it("after 'Lagre/bestill' opens 'Forespørsel' and says where the new instrument went", async () => {
    signInAs(kari);
    memberApi(kari);
    let lists = { active: [], requested: [] as unknown[], deleted: [], rejected: [] };
    server.use(
      http.get('*/api/instrument/category/list', () => HttpResponse.json({ data: [{ id: 1, title: 'Gitar', use_member: 1, use_insurance: 1 }] })),
      http.get('*/api/member/7/instrument', () => HttpResponse.json({ data: lists })),
      http.post('*/api/instrument/new', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        const created = { ...activeGuitar, id: 20, ...body, state: 'requested', status: 0 };
        lists = { ...lists, requested: [created] };
        return HttpResponse.json({ data: created });
      }),
    );
    const user = userEvent.setup();
    renderApp('/profile/edit/instrument-insurance/7');
    await user.click(await screen.findByRole('button', { name: 'Legg til instrument' }));
    await user.selectOptions(screen.getByLabelText('TYPE INSTRUMENT, Nytt instrument 1'), 'Gitar');
    await user.type(screen.getByLabelText('FABRIKANT, Nytt instrument 1'), 'Gibson');
    await user.type(screen.getByLabelText('MODELL, Nytt instrument 1'), 'Les Paul');
    await user.type(screen.getByLabelText('VERDI, Nytt instrument 1'), '20000');
    await user.click(screen.getByRole('button', { name: 'Lagre/bestill' }));
    expect(await screen.findByRole('tab', { name: 'Forespørsel', selected: true })).toBeInTheDocument();
    expect(screen.getByText(/Instrumentene står her under «Forespørsel»/)).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Les Paul' })).toBeInTheDocument();
  });

  it("keeps an insured instrument read-only until 'Endre'", async () => {
    signInAs(kari);
    memberApi(kari);
    instrumentList({ active: [activeGuitar], requested: [], deleted: [], rejected: [] } as never);
    const user = userEvent.setup();
    renderApp('/profile/edit/instrument-insurance/7');
    await user.click(await screen.findByRole('tab', { name: 'Aktiv forsikring' }));
    const value = await screen.findByLabelText('VERDI, Fender Telecaster');
    expect(value).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Endre Fender Telecaster' }));
    expect(value).toBeEnabled();
    await waitFor(() => expect(screen.getByLabelText('TYPE INSTRUMENT, Fender Telecaster')).toHaveFocus());
    await user.clear(value);
    await user.type(value, '15000');
    expect(screen.getByRole('button', { name: 'Lagre' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Avbryt' }));
    expect(screen.getByLabelText('VERDI, Fender Telecaster')).toBeDisabled();
    expect(screen.getByLabelText('VERDI, Fender Telecaster')).toHaveValue('12000');
  });
});

describe('travel form with a change already pending', () => {
  it("enables 'Rediger' when the member chooses the other product", async () => {
    signInAs(kari);
    memberApi(kari);
    server.use(
      http.get('*/api/product/list', () =>
        HttpResponse.json({
          data: [
            { id: 1, name: 'Reiseforsikring Europa', price: 900, remote_id: null },
            { id: 2, name: 'Reiseforsikring Verden', price: 1500, remote_id: null },
          ],
        }),
      ),
      http.get('*/api/subscription/list', () =>
        HttpResponse.json({
          current_page: 1,
          total: 1,
          data: [
            {
              id: 3,
              member_id: 7,
              product_id: 1,
              product: { id: 1, name: 'Reiseforsikring Europa', price: 900, remote_id: null },
              state: 'pending',
              status: 0,
              value: null,
              subscription_start: '2026-01-01',
              subscription_end: '2026-12-31',
              invoiced_for: null,
              reason_for_rejection: null,
              created_at: '2026-01-01T09:00:00.000Z',
              updated_at: '2026-01-01T09:00:00.000Z',
              validated_by_user: null,
              rejected_by_user: null,
            },
          ],
        }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/profile/edit/travel-insurane/7');
    const button = await screen.findByRole('button', { name: 'Rediger' });
    expect(button).toBeDisabled();
    await user.selectOptions(screen.getByLabelText(/Produkt/), 'Reiseforsikring Verden');
    await waitFor(() => expect(button).toBeEnabled());
  });
});
