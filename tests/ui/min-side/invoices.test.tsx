/** Min side's invoices: 'Mine fakturaer', the banner of what is due, paying with Vipps and the page after it, in Norwegian and English. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeMember, memberApi, renderApp, server, signInAs, installFakeApi } from './harness.tsx';
import { LOCALE_STORAGE_KEY } from '../../../src/min-side/texts.ts';
import type { MemberInvoice } from '../../../src/min-side/invoices/invoiceApi.ts';

installFakeApi();

function invoice(overrides: Partial<MemberInvoice>): MemberInvoice {
  return {
    id: 1,
    number: 1001,
    member_id: 7,
    member_number: 10007,
    member_name: 'Kari Nordmann',
    year: 2026,
    kind: 'renewal',
    total: 145000,
    paid: 0,
    credited: 0,
    outstanding: 145000,
    invoice_date: '2026-01-05',
    due_date: '2026-01-19',
    kid: '100070010010015',
    channel: 'EMAIL',
    state: 'sent',
    overdue: false,
    campaign_code: null,
    reminders_paused_until: null,
    lines: [{ description: 'Medlemskap 2026', product_name: 'Medlemskap', period_from: '2026-01-01', period_to: '2026-12-31', amount: 145000 }],
    payments: [],
    ...overrides,
  };
}

const INVOICES: MemberInvoice[] = [
  invoice({ id: 14, number: 1044, due_date: '2026-12-20', invoice_date: '2026-12-06' }),
  invoice({
    id: 13,
    number: 1043,
    state: 'partly_paid',
    paid: 50000,
    outstanding: 95000,
    due_date: '2026-11-30',
    payments: [{ amount: 50000, paid_on: '2026-11-10', method: 'bank' }],
  }),
  invoice({ id: 12, number: 1042, state: 'reminded', overdue: true, due_date: '2026-02-01' }),
  invoice({ id: 11, number: 1041, state: 'credited', credited: 145000, outstanding: 0 }),
  invoice({
    id: 10,
    number: 1040,
    state: 'paid',
    paid: 145000,
    outstanding: 0,
    year: 2025,
    payments: [{ amount: 145000, paid_on: '2025-01-12', method: 'vipps' }],
  }),
];

function openProfile(invoices: MemberInvoice[] = INVOICES) {
  const member = makeMember();
  memberApi(member);
  server.use(http.get(`*/api/member/${member.id}/invoice`, () => HttpResponse.json({ data: invoices, total: invoices.length })));
  signInAs(member);
  renderApp(`/profile/${member.id}`);
  return member;
}

const item = async (card: HTMLElement, name: string) => (await within(card).findByRole('heading', { name })).closest('li')!;

describe("'Mine fakturaer'", () => {
  it('lists each invoice with what it is for, amount, due date, its state in words, the PDF, a receipt, and Vipps only for what is owing', async () => {
    openProfile();
    const card = await screen.findByRole('region', { name: 'Mine fakturaer' });
    const states = {
      'Faktura 1044': 'Ikke betalt',
      'Faktura 1043': 'Delvis betalt',
      'Faktura 1042': 'Forfalt',
      'Faktura 1041': 'Kreditert',
      'Faktura 1040': 'Betalt',
    };
    for (const [name, state] of Object.entries(states)) expect(within(await item(card, name)).getByText(state)).toBeInTheDocument();

    const overdue = await item(card, 'Faktura 1042');
    expect(within(overdue).getByText('Medlemskap 2026')).toBeInTheDocument();
    expect(within(overdue).getAllByText('kr 1 450,00').length).toBeGreaterThan(0);
    expect(within(overdue).getByText('01-02-2026')).toBeInTheDocument();
    expect(within(overdue).getByText('10007 00100 10015')).toBeInTheDocument();
    expect(await within(overdue).findByRole('button', { name: 'Betal med Vipps – Faktura 1042, kr 1 450,00' })).toBeInTheDocument();
    expect(within(overdue).getByRole('button', { name: 'Last ned faktura (PDF) – Faktura 1042' })).toBeInTheDocument();

    const partly = await item(card, 'Faktura 1043');
    expect(within(partly).getByText('kr 950,00')).toBeInTheDocument();
    expect(within(partly).getByText('kr 500,00 betalt 10-11-2026 med bank')).toBeInTheDocument();

    const paid = await item(card, 'Faktura 1040');
    expect(within(paid).getByRole('heading', { name: 'Kvittering' })).toBeInTheDocument();
    expect(within(paid).getByText('kr 1 450,00 betalt 12-01-2025 med Vipps')).toBeInTheDocument();
    expect(within(paid).queryByRole('button', { name: /Betal med Vipps/ })).not.toBeInTheDocument();
    expect(within(await item(card, 'Faktura 1041')).queryByRole('button', { name: /Betal med Vipps/ })).not.toBeInTheDocument();
  });

  it('says so when the member has no invoices, and shows no banner', async () => {
    openProfile([]);
    const card = await screen.findByRole('region', { name: 'Mine fakturaer' });
    expect(await within(card).findByText('Du har ingen fakturaer.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Å betale' })).not.toBeInTheDocument();
    expect(screen.queryByText(/å betale innen|som har forfalt/)).not.toBeInTheDocument();
  });

  it('offers no Vipps button when Vipps cannot be used, and says how to pay instead', async () => {
    server.use(
      http.get('*/api/vipps_registration/offer', () =>
        HttpResponse.json({ data: { name: 'Medlemskap', price: 1450, available: false, test_checkout: false } }),
      ),
    );
    openProfile([INVOICES[2]]);
    const card = await screen.findByRole('region', { name: 'Mine fakturaer' });
    await item(card, 'Faktura 1042');
    expect(screen.queryByRole('button', { name: /Betal med Vipps/ })).not.toBeInTheDocument();
    expect(within(card).getByText('Betal med KID til kontonummeret på fakturaen.')).toBeInTheDocument();
  });
});

describe('the banner', () => {
  it('says what is overdue, names the most urgent invoice, and its one button starts the Vipps payment', async () => {
    const started: string[] = [];
    server.use(
      http.post('*/api/invoice/:id/vipps', ({ params }) => {
        started.push(String(params.id));
        return HttpResponse.json({ data: { redirect_url: '#til-vipps', reference: 'faktura-1042-1' } }, { status: 201 });
      }),
    );
    openProfile();
    const banner = await screen.findByRole('region', { name: 'Å betale' });
    expect(within(banner).getByText('Du har kr 1 450,00 som har forfalt.')).toBeInTheDocument();
    expect(within(banner).getByText('Faktura 1042: kr 1 450,00, forfall 01-02-2026.')).toBeInTheDocument();
    expect(within(banner).getByText(/Du har 2 fakturaer til å betale/)).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: 'Se alle fakturaene' })).toHaveAttribute('href', '#mine-fakturaer');
    const pay = within(banner).getByRole('button', { name: /^Betal med Vipps/ });
    const user = userEvent.setup();
    await user.click(pay);
    expect(started).toEqual(['12']);
    await screen.findByRole('button', { name: 'Sender deg til Vipps …' });
    expect(window.location.hash).toBe('#til-vipps');
  });

  it('shows the amount due and the date when nothing is overdue yet', async () => {
    openProfile([INVOICES[0]]);
    expect(await screen.findByText('Du har kr 1 450,00 å betale innen 20-12-2026.')).toBeInTheDocument();
  });

  it("shows the server's answer when the invoice cannot be paid", async () => {
    server.use(http.post('*/api/invoice/:id/vipps', () => HttpResponse.json({ message: 'Fakturaen er allerede betalt.' }, { status: 409 })));
    openProfile([INVOICES[2]]);
    const banner = (await screen.findByText('Du har kr 1 450,00 som har forfalt.')).closest('section')!;
    await userEvent.setup().click(within(banner).getByRole('button', { name: /^Betal med Vipps/ }));
    expect(await within(banner).findByRole('alert')).toHaveTextContent('Fakturaen er allerede betalt.');
  });
});

describe('in English', () => {
  it('shows the banner, the states and the buttons in English', async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'en');
    openProfile();
    const card = await screen.findByRole('region', { name: 'My invoices' });
    expect(await screen.findByText('You have NOK 1,450.00 overdue.')).toBeInTheDocument();
    for (const [name, state] of Object.entries({
      'Invoice 1044': 'Not paid',
      'Invoice 1043': 'Partly paid',
      'Invoice 1042': 'Overdue',
      'Invoice 1041': 'Credited',
      'Invoice 1040': 'Paid',
    })) {
      expect(within(await item(card, name)).getByText(state)).toBeInTheDocument();
    }
    expect(within(await item(card, 'Invoice 1040')).getByText('NOK 1,450.00 paid on 12 Jan 2025 by Vipps')).toBeInTheDocument();
    expect(await within(await item(card, 'Invoice 1042')).findByRole('button', { name: 'Pay with Vipps – Invoice 1042, NOK 1,450.00' })).toBeInTheDocument();
  });
});

describe('the page after paying', () => {
  const reference = 'faktura-1042-1';
  const answer = (state: 'paid' | 'cancelled' | 'waiting', outstanding = state === 'paid' ? 0 : 145000) =>
    HttpResponse.json({
      data: {
        reference,
        invoice_id: 12,
        invoice_number: 1042,
        state,
        amount: 145000,
        invoice_state: state === 'paid' ? 'paid' : 'sent',
        outstanding,
        message: null,
      },
    });

  function openReturn() {
    const member = makeMember();
    memberApi(member);
    signInAs(member);
    renderApp(`/profile/payment/${member.id}?invoice=12&reference=${reference}`);
  }

  it('asks again while Vipps has not answered, then says the invoice is paid', async () => {
    let asked = 0;
    server.use(http.get('*/api/invoice/12/vipps/:reference', () => (++asked < 2 ? answer('waiting') : answer('paid'))));
    openReturn();
    expect(await screen.findByText('Vi venter på svar fra Vipps …')).toBeInTheDocument();
    expect(await screen.findByText('Takk! kr 1 450,00 er betalt, og faktura 1042 er registrert som betalt.', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tilbake til Min side' })).toHaveAttribute('href', '/profile/7');
  });

  it('a cancelled payment says so in its heading, that nothing was taken, and offers to pay again', async () => {
    server.use(http.get('*/api/invoice/12/vipps/:reference', () => answer('cancelled')));
    let started = 0;
    server.use(
      http.post('*/api/invoice/12/vipps', () => {
        started += 1;
        return HttpResponse.json({ data: { redirect_url: '#igjen-til-vipps', reference: 'faktura-1042-2' } }, { status: 201 });
      }),
    );
    openReturn();
    expect(await screen.findByRole('heading', { level: 1, name: 'Betalingen ble avbrutt' })).toBeInTheDocument();
    expect(screen.getByText('Faktura 1042 ble ikke betalt. Ingen penger er trukket.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Betalingen ble avbrutt – Musikerportalen'));
    await userEvent.click(screen.getByRole('button', { name: 'Prøv å betale igjen – Faktura 1042, kr 1 450,00' }));
    await waitFor(() => expect(window.location.hash).toBe('#igjen-til-vipps'));
    expect(started).toBe(1);
  });

  it('in English', async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'en');
    server.use(http.get('*/api/invoice/12/vipps/:reference', () => answer('paid')));
    openReturn();
    expect(await screen.findByText('Thank you! NOK 1,450.00 is paid, and invoice 1042 is marked as paid.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Payment with Vipps' })).toBeInTheDocument();
  });
});
