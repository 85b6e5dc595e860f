/**
 * Invoices on the member's pages: the member page's 'Fakturaer' with a link to each invoice, and
 * the overview's overdue mark (only when the list row says so) and its 'Forfalt faktura' filter.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { listItem, member, paged } from './fixtures.ts';
import { invoice } from './invoice-fixtures.ts';
import { callsTo, installFakeApi, renderAdmin, server } from './harness.tsx';

installFakeApi();

describe("the member page's invoices", () => {
  it('lists the member’s invoices with their state in words, each linking to its page', async () => {
    server.use(
      http.get('*/api/member/5', () => HttpResponse.json({ data: member() })),
      http.get('*/api/member/5/changes', () => HttpResponse.json(paged([]))),
      http.get('*/api/member/5/invoice', () =>
        HttpResponse.json(
          paged([invoice(8, { year: 2027, state: 'sent', due_date: '2027-01-16' }), invoice(7, { state: 'paid', paid: 129050, outstanding: 0 })]),
        ),
      ),
    );
    renderAdmin('/membership/edit/5');
    const section = await screen.findByRole('region', { name: 'Fakturaer' }, { timeout: 20_000 });
    const link = await within(section).findByRole('link', { name: '1008' });
    expect(link).toHaveAttribute('href', '/payments/8');
    expect(within(section).getByRole('link', { name: '1007' })).toHaveAttribute('href', '/payments/7');
    const paidRow = within(section).getByRole('row', { name: /1007/ });
    expect(within(paidRow).getByText('Betalt')).toBeInTheDocument();
    expect(within(paidRow).getByText('kr 0,00')).toBeInTheDocument();
    expect(callsTo('/api/member/5/invoice')[0].query).toMatchObject({ page: '1', per_page: '25' });
  });

  it('says when the member has none', async () => {
    server.use(
      http.get('*/api/member/5', () => HttpResponse.json({ data: member() })),
      http.get('*/api/member/5/changes', () => HttpResponse.json(paged([]))),
    );
    renderAdmin('/membership/edit/5');
    const section = await screen.findByRole('region', { name: 'Fakturaer' }, { timeout: 20_000 });
    expect(await within(section).findByText('Ingen fakturaer ennå')).toBeInTheDocument();
  });
});

describe("the overview's overdue invoices", () => {
  it("marks a member with an overdue invoice by a named icon, only when the row carries it, and filters by 'Forfalt faktura'", async () => {
    server.use(
      http.get('*/api/member/list', () =>
        HttpResponse.json(paged([{ ...listItem(1), has_overdue_invoice: true }, { ...listItem(2), has_overdue_invoice: false }, listItem(3)])),
      ),
    );
    const user = userEvent.setup();
    renderAdmin('/membership');
    await screen.findByRole('heading', { level: 1, name: '3 MEDLEMMER' }, { timeout: 20_000 });
    const [first, second, third] = screen.getAllByRole('row').slice(1);
    expect(within(first).getByRole('img', { name: 'Forfalt faktura' })).toBeInTheDocument();
    expect(within(second).queryByRole('img', { name: 'Forfalt faktura' })).not.toBeInTheDocument();
    expect(within(third).queryByRole('img', { name: 'Forfalt faktura' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Forfalt faktura' }));
    await waitFor(() => expect(callsTo('/api/member/list').at(-1)?.query['filter[overdue_invoice]']).toBe('1'));
    expect(screen.getByRole('checkbox', { name: 'Forfalt faktura' })).toBeChecked();
  });
});
