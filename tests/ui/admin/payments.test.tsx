/**
 * 'Betaling' (/payments): the invoice list with its filters and totals, and one invoice's page with
 * its actions ('Registrer innbetaling', 'Krediter', 'Utsett purring'), on the billing contract's answers.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../../src/common/format.ts';
import type { InvoiceDetails } from '../../../src/dataProvider/index.ts';
import { paged } from './fixtures.ts';
import { invoice, invoiceDetails } from './invoice-fixtures.ts';
import { callsTo, expectFailedRequests, installFakeApi, renderAdmin, server } from './harness.tsx';

installFakeApi();

// Transform the area's pages, its dialogs and the date picker once before the timed waits.
beforeAll(
  () =>
    Promise.all([
      import('../../../src/admin/payments/InvoiceList.tsx'),
      import('../../../src/admin/payments/InvoicePage.tsx'),
      import('../../../src/admin/payments/PaymentDialog.tsx'),
      import('../../../src/admin/payments/CreditDialog.tsx'),
      import('../../../src/admin/payments/PauseDialog.tsx'),
      import('../../../src/admin/dates/DateInput.tsx').then((module) => module.loadDatePicker()),
    ]),
  60_000,
);

const LAZY = 20_000;
const TOTALS = { count: 2, invoiced: 258100, paid: 129050, outstanding: 129050 };

function answerList() {
  server.use(
    http.get('*/api/invoice/list', ({ request }) => {
      const state = new URL(request.url).searchParams.get('filter[state]');
      const rows = [
        invoice(7, { state: 'overdue', overdue: true }),
        invoice(8, { member_id: 6, member_number: 10190, member_name: 'Kari Nordmann', state: 'paid', paid: 129050, outstanding: 0, channel: 'EMAIL' }),
      ].filter((row) => !state || row.state === state);
      return HttpResponse.json({ ...paged(rows), totals: state ? { count: 1, invoiced: 129050, paid: 0, outstanding: 129050 } : TOTALS });
    }),
  );
}

const lastQuery = () => callsTo('/api/invoice/list').at(-1)?.query ?? {};

describe('the invoice list', () => {
  it('shows each invoice with its member, amounts and state in words, and the totals over the selection', async () => {
    answerList();
    renderAdmin('/payments');
    expect(await screen.findByRole('heading', { level: 1, name: 'Betaling' }, { timeout: LAZY })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '1007' })).toHaveAttribute('href', '/payments/7');
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Fakturanr.', 'Medlem', 'Årstall', 'Forfall', 'Beløp', 'Utestående', 'Status', 'Kanal']);
    const [first, second] = screen.getAllByRole('row').slice(1);
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1007', '10189 - Ola Nordmann', '2026', '16-01-2026', 'kr 1 290,50', 'kr 1 290,50', 'Forfalt', 'eFaktura']);
    expect(within(first).getByRole('link', { name: '10189 - Ola Nordmann' })).toHaveAttribute('href', '/membership/edit/5');
    expect(
      within(second)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(5),
    ).toEqual(['kr 0,00', 'Betalt', 'E-post']);

    const totals = screen.getByRole('region', { name: 'Summer for fakturaene i utvalget' });
    const figure = (term: string) => within(totals).getByText(term).nextElementSibling?.textContent;
    expect(figure('Antall')).toBe('2');
    expect(figure('Fakturert')).toBe('kr 2 581,00');
    expect(figure('Betalt')).toBe('kr 1 290,50');
    expect(figure('Utestående')).toBe('kr 1 290,50');
  });

  it("says 'Forfalt' beside the state of a sent or partly paid invoice past its due date, and nothing more for one on time", async () => {
    server.use(
      http.get('*/api/invoice/list', () =>
        HttpResponse.json({
          ...paged([invoice(9, { state: 'partly_paid', overdue: true, paid: 50000, outstanding: 79050 }), invoice(10, { state: 'sent', overdue: false })]),
          totals: TOTALS,
        }),
      ),
    );
    renderAdmin('/payments');
    expect(await screen.findByRole('link', { name: '1009' }, { timeout: LAZY })).toBeInTheDocument();
    const [late, onTime] = screen.getAllByRole('row').slice(1);
    expect(within(late).getAllByRole('cell')[6].textContent).toBe('Delvis betaltForfalt');
    expect(within(onTime).getAllByRole('cell')[6].textContent).toBe('Sendt');
  });

  it('sends each filter as filter[x] and shows the totals of what they select', async () => {
    answerList();
    const user = userEvent.setup();
    renderAdmin('/payments');
    const filters = await screen.findByRole('search', { name: 'Filtrer fakturaene' }, { timeout: LAZY });
    await screen.findByRole('link', { name: '1008' });

    await user.click(within(filters).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Forfalt' }));
    await waitFor(() => expect(lastQuery()['filter[state]']).toBe('overdue'));
    await waitFor(() => expect(screen.queryByRole('link', { name: '1008' })).not.toBeInTheDocument());
    const totals = screen.getByRole('region', { name: 'Summer for fakturaene i utvalget' });
    expect(within(totals).getByText('Antall').nextElementSibling).toHaveTextContent('1');

    const year = String(new Date().getFullYear());
    await user.click(within(filters).getByRole('combobox', { name: 'Årstall' }));
    await user.click(await screen.findByRole('option', { name: year }));
    await waitFor(() => expect(lastQuery()['filter[year]']).toBe(year));

    await user.click(within(filters).getByRole('combobox', { name: 'Kanal' }));
    await user.click(await screen.findByRole('option', { name: 'AvtaleGiro' }));
    await waitFor(() => expect(lastQuery()['filter[channel]']).toBe('AVTALEGIRO'));

    await user.click(within(filters).getByRole('checkbox', { name: 'Bare forfalte' }));
    await waitFor(() => expect(lastQuery()['filter[overdue]']).toBe('1'));

    await user.type(within(filters).getByRole('textbox', { name: 'Kampanjekode' }), 'SOMMER');
    await waitFor(() => expect(lastQuery()['filter[campaign]']).toBe('SOMMER'));
    await user.type(within(filters).getByRole('searchbox', { name: 'Søk etter medlem, fakturanr. eller KID' }), 'Ola');
    await waitFor(() => expect(lastQuery()['filter[q]']).toBe('Ola'));
    expect(lastQuery()).toMatchObject({ 'filter[state]': 'overdue', 'filter[year]': year, 'filter[channel]': 'AVTALEGIRO', 'filter[overdue]': '1' });

    await user.click(within(filters).getByRole('checkbox', { name: 'Bare forfalte' }));
    await waitFor(() => expect(lastQuery()['filter[overdue]']).toBeUndefined());

    await user.click(within(filters).getByRole('checkbox', { name: 'Vipps-avtale' }));
    await waitFor(() => expect(lastQuery()['filter[vipps_agreement]']).toBe('1'));
  });

  it('shows what is outstanding by age and this year invoiced against paid; an age filters the list and pressed again lets go', async () => {
    answerList();
    server.use(
      http.get('*/api/invoice/aging', () =>
        HttpResponse.json({
          data: {
            buckets: [
              { bucket: 'not_due', count: 3, outstanding: 387150 },
              { bucket: '1-30', count: 1, outstanding: 129050 },
              { bucket: '31-60', count: 0, outstanding: 0 },
              { bucket: '61-90', count: 2, outstanding: 100000 },
              { bucket: 'over_90', count: 1, outstanding: 50 },
            ],
            count: 7,
            outstanding: 616250,
            year: 2026,
            invoiced: 1000000,
            paid: 383750,
          },
        }),
      ),
    );
    const user = userEvent.setup();
    renderAdmin('/payments');
    const aging = await screen.findByRole('region', { name: 'Utestående etter alder' }, { timeout: LAZY });
    const age = (name: string) => within(aging).getByRole('button', { name: new RegExp(`^${name}`) });
    await waitFor(() => expect(age('Ikke forfalt')).toHaveTextContent('Ikke forfaltkr 3 871,503 fakturaer'));
    expect(age('1–30 dager')).toHaveTextContent('1–30 dagerkr 1 290,501 faktura');
    expect(age('31–60 dager')).toHaveTextContent('kr 0,000 fakturaer');
    expect(age('61–90 dager')).toHaveTextContent('kr 1 000,002 fakturaer');
    expect(age('Over 90 dager')).toHaveTextContent('kr 0,501 faktura');
    const figure = (term: string) => within(aging).getByText(term, { exact: false, selector: 'dt' }).nextElementSibling?.textContent;
    expect(figure('Sum utestående')).toBe('kr 6 162,50');
    expect(figure('Fakturert i år')).toBe('kr 10 000,00');
    expect(figure('Betalt i år')).toBe('kr 3 837,5038 % av det fakturerte');
    expect(within(aging).getByText('Fakturert i år (2026)', { selector: 'dt' })).toBeInTheDocument();

    await screen.findByRole('link', { name: '1008' });
    await user.click(age('61–90 dager'));
    await waitFor(() => expect(lastQuery()['filter[age]']).toBe('61-90'));
    expect(age('61–90 dager')).toHaveAttribute('aria-pressed', 'true');
    const filters = screen.getByRole('search', { name: 'Filtrer fakturaene' });
    expect(within(filters).getByRole('combobox', { name: 'Alder' })).toHaveTextContent('61–90 dager');
    // Pressed again, the filter goes (the list as first shown may come from the cache, without a request).
    await user.click(age('61–90 dager'));
    await waitFor(() => expect(age('61–90 dager')).toHaveAttribute('aria-pressed', 'false'));
    expect(within(filters).getByRole('combobox', { name: 'Alder' })).not.toHaveTextContent('61–90 dager');
  });

  it("offers the CSV and the spreadsheet under 'Eksporter', with the list's filters", async () => {
    answerList();
    server.use(http.get('*/api/invoice/export', () => new HttpResponse('a;b\n', { headers: { 'content-type': 'text/csv' } })));
    const user = userEvent.setup();
    renderAdmin('/payments');
    const filters = await screen.findByRole('search', { name: 'Filtrer fakturaene' }, { timeout: LAZY });
    await user.click(within(filters).getByRole('checkbox', { name: 'Bare forfalte' }));
    await waitFor(() => expect(lastQuery()['filter[overdue]']).toBe('1'));
    await user.click(screen.getByRole('button', { name: 'Eksporter' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Eksporter liste (xlsx)' }));
    await waitFor(() => expect(callsTo('/api/invoice/export')).toHaveLength(1));
    expect(callsTo('/api/invoice/export')[0].query).toEqual({ 'filter[overdue]': '1', format: 'xlsx' });
  });
});

/** One invoice whose payment and credit answers change it as the server would. */
function answerInvoice(start: InvoiceDetails = invoiceDetails(7)) {
  let current = start;
  server.use(
    http.get('*/api/invoice/7', () => HttpResponse.json({ data: current })),
    http.post('*/api/invoice/7/payment', async ({ request }) => {
      const body = (await request.json()) as { amount: number; paid_on: string; method: 'bank'; note?: string };
      if (body.amount > current.outstanding) {
        return HttpResponse.json(
          { message: 'Beløpet er for stort.', errors: { amount: ['Beløpet er større enn utestående (kr 1 290,50).'] } },
          { status: 422 },
        );
      }
      const paid = current.paid + body.amount;
      current = {
        ...current,
        paid,
        outstanding: current.total - paid,
        state: paid >= current.total ? 'paid' : 'partly_paid',
        payments: [
          ...current.payments,
          {
            id: 1,
            amount: body.amount,
            paid_on: body.paid_on,
            method: body.method,
            note: body.note ?? null,
            registered_by_name: 'Ingrid Berg',
            created_at: '2026-11-28T10:00:00.000Z',
          },
        ],
        events: [
          ...current.events,
          { id: 3, at: '2026-11-28T10:00:00.000Z', from_state: 'sent', to_state: 'paid', actor_name: 'Ingrid Berg', reason: 'Innbetaling registrert' },
        ],
      };
      return HttpResponse.json({ data: current }, { status: 201 });
    }),
    http.post('*/api/invoice/7/pause-reminders', async ({ request }) => {
      const body = (await request.json()) as { until: string; reason: string };
      current = {
        ...current,
        reminders_paused_until: body.until,
        events: [
          ...current.events,
          {
            id: 4,
            at: '2026-11-28T10:00:00.000Z',
            from_state: current.state,
            to_state: current.state,
            actor_name: 'Ingrid Berg',
            reason: `Purring utsatt: ${body.reason}`,
          },
        ],
      };
      return HttpResponse.json({ data: current });
    }),
    http.post('*/api/invoice/7/credit', async ({ request }) => {
      const body = (await request.json()) as { amount?: number; reason: string };
      const amount = body.amount ?? current.outstanding;
      current = {
        ...current,
        credited: amount,
        outstanding: current.outstanding - amount,
        state: 'credited',
        credits: [{ id: 1, amount, reason: body.reason, created_at: '2026-11-28T10:00:00.000Z', created_by_name: 'Ingrid Berg' }],
      };
      return HttpResponse.json({ data: current });
    }),
  );
}

/** dd/MM/yyyy keystrokes of a day `days` from Oslo's today. */
function typedDay(days: number): { keys: string; iso: string } {
  const iso = todayIso(new Date(Date.now() + days * 86_400_000));
  const [year, month, day] = iso.split('-');
  return { keys: `${day}${month}${year}`, iso };
}

async function openDialog(user: ReturnType<typeof userEvent.setup>, button: string) {
  await user.click(await screen.findByRole('button', { name: button }, { timeout: LAZY }));
  return screen.findByRole('dialog');
}

describe('the invoice page', () => {
  it('shows the member, number, grouped KID, dates, channel, state, lines and history', async () => {
    answerInvoice();
    renderAdmin('/payments/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Faktura 1007' }, { timeout: LAZY })).toBeInTheDocument();
    // The dialog closes with a transition, and the page is hidden from the accessibility tree until it has.
    const facts = await screen.findByRole('region', { name: 'Om fakturaen' });
    const fact = (term: string) => within(facts).getByText(term).nextElementSibling?.textContent;
    expect(fact('KID')).toBe('10189 00100 70004');
    expect(fact('Forfall')).toBe('16-01-2026');
    expect(fact('Kanal')).toBe('eFaktura');
    expect(fact('Status')).toBe('Sendt');
    expect(fact('Utestående')).toBe('kr 1 290,50');
    expect(within(facts).getByRole('link', { name: '10189 - Ola Nordmann' })).toHaveAttribute('href', '/membership/edit/5');
    const lines = screen.getByRole('region', { name: 'Linjer' });
    expect(within(lines).getByRole('row', { name: /Reiseforsikring Norden/ })).toHaveTextContent('kr 300,50');
    const history = screen.getByRole('region', { name: 'Historikk' });
    expect(
      within(history)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Når', 'Fra → til', 'Hvem', 'Hvorfor']);
    expect(within(history).getByRole('row', { name: /Utkast → Sendt/ })).toBeInTheDocument();
    expect(screen.getByText('Ingen innbetalinger')).toBeInTheDocument();
  });

  it('shows an invoice moved in from the previous system with its old number and KID, and the part paid there', async () => {
    answerInvoice(
      invoiceDetails(7, {
        kind: 'imported',
        paid: 50_000,
        outstanding: 79_050,
        state: 'partly_paid',
        previous: { number: 'A-1002', kid: '0300011001' },
        payments: [
          {
            id: 1,
            amount: 50_000,
            paid_on: '2026-11-29',
            method: 'import',
            note: 'Innbetalt i tidligere system',
            registered_by_name: 'Siri Saksbehandler',
            created_at: '2026-11-29T08:00:00.000Z',
          },
        ],
      }),
    );
    renderAdmin('/payments/7');
    const facts = await screen.findByRole('region', { name: 'Om fakturaen' }, { timeout: LAZY });
    const fact = (term: string) => within(facts).getByText(term).nextElementSibling?.textContent;
    expect(fact('Fakturanummer i tidligere system')).toBe('A-1002');
    expect(fact('KID i tidligere system')).toBe('0300011001');
    expect(screen.getByRole('row', { name: /Betalt i tidligere system/ })).toHaveTextContent('kr 500,00');
  });

  it("shows the invoice's Vipps payments from Min side and its charge's changes under 'Vipps'", async () => {
    answerInvoice(
      invoiceDetails(7, {
        vipps: [
          {
            id: 1,
            at: '2026-11-02T08:00:00.000Z',
            kind: 'payment',
            reference: 'faktura-1007-1',
            from_state: null,
            to_state: 'ABORTED',
            amount: 129050,
            note: null,
          },
          {
            id: 2,
            at: '2026-11-20T08:00:00.000Z',
            kind: 'charge',
            reference: 'mp-faktura-1007',
            from_state: null,
            to_state: 'QUEUED',
            amount: 129050,
            note: 'Trekk planlagt for faktura 1007',
          },
          {
            id: 3,
            at: '2026-11-21T08:00:00.000Z',
            kind: 'charge',
            reference: 'mp-faktura-1007',
            from_state: 'DUE',
            to_state: 'FAILED',
            amount: 129050,
            note: 'recurring.charge-failed.v1',
          },
        ],
      }),
    );
    renderAdmin('/payments/7');
    const vipps = await screen.findByRole('region', { name: 'Vipps' }, { timeout: LAZY });
    expect(
      within(vipps)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Når', 'Type', 'Referanse', 'Status', 'Beløp', 'Merknad']);
    expect(within(vipps).getByRole('row', { name: /Betaling fra Min side faktura-1007-1 Avbrutt/ })).toHaveTextContent('kr 1 290,50');
    expect(within(vipps).getByRole('row', { name: /Trekk på avtale mp-faktura-1007 Planlagt/ })).toHaveTextContent('Trekk planlagt for faktura 1007');
    expect(within(vipps).getByRole('row', { name: /Forfaller → Feilet/ })).toHaveTextContent('recurring.charge-failed.v1');
  });

  it('shows no Vipps section for an invoice never paid or drawn with Vipps', async () => {
    answerInvoice();
    renderAdmin('/payments/7');
    await screen.findByRole('region', { name: 'Historikk' }, { timeout: LAZY });
    expect(screen.queryByRole('region', { name: 'Vipps' })).toBeNull();
  });

  it(
    "registers a payment of '1 290,50' as 129050 øre, after refusing 0 and a future date in Norwegian with what was typed kept",
    { timeout: 60_000 },
    async () => {
      answerInvoice();
      const user = userEvent.setup();
      renderAdmin('/payments/7');
      const dialog = await openDialog(user, 'Registrer innbetaling');
      const amount = within(dialog).getByRole('textbox', { name: /Beløp \(kr\)/ });
      const note = within(dialog).getByRole('textbox', { name: 'Merknad' });
      const submit = within(dialog).getByRole('button', { name: 'Registrer' });

      await user.type(amount, '0');
      await user.type(note, 'Betalt i skranken');
      await user.click(submit);
      expect(await within(dialog).findByText('Beløpet må være større enn 0.')).toBeInTheDocument();
      expect(amount).toHaveValue('0');
      expect(note).toHaveValue('Betalt i skranken');

      await user.clear(amount);
      await user.type(amount, '1 290,50');
      const date = within(dialog).getByRole('textbox', { name: /Dato betalt/ });
      const tomorrow = typedDay(1);
      await user.click(date);
      await user.keyboard(`{Control>}a{/Control}{Backspace}${tomorrow.keys}`);
      await user.click(submit);
      expect(await within(dialog).findByText('Datoen kan ikke være fram i tid.')).toBeInTheDocument();
      expect(amount).toHaveValue('1 290,50');
      expect(note).toHaveValue('Betalt i skranken');
      expect(callsTo('/api/invoice/7/payment', 'POST')).toHaveLength(0);

      const yesterday = typedDay(-1);
      await user.click(date);
      await user.keyboard(`{Control>}a{/Control}{Backspace}${yesterday.keys}`);
      await waitFor(() => expect(within(dialog).queryByText('Datoen kan ikke være fram i tid.')).not.toBeInTheDocument());
      await user.click(submit);
      expect(await screen.findByText('Innbetalingen er registrert')).toBeInTheDocument();
      expect(callsTo('/api/invoice/7/payment', 'POST')[0].body).toEqual({ amount: 129050, paid_on: yesterday.iso, method: 'bank', note: 'Betalt i skranken' });

      // The page shows the invoice as the answer has it, without reading it again.
      // The dialog closes with a transition, and the page is hidden from the accessibility tree until it has.
      const facts = await screen.findByRole('region', { name: 'Om fakturaen' });
      await waitFor(() => expect(within(facts).getByText('Status').nextElementSibling).toHaveTextContent('Betalt'));
      expect(within(facts).getByText('Utestående').nextElementSibling).toHaveTextContent('kr 0,00');
      const payments = await screen.findByRole('region', { name: 'Innbetalinger' });
      expect(within(payments).getByRole('row', { name: /kr 1 290,50/ })).toHaveTextContent('Bankinnbetaling');
      expect(screen.getByRole('button', { name: 'Registrer innbetaling' })).toBeDisabled();
    },
  );

  it("shows the server's refusal under the amount and keeps what was typed", async () => {
    expectFailedRequests();
    answerInvoice();
    const user = userEvent.setup();
    renderAdmin('/payments/7');
    const dialog = await openDialog(user, 'Registrer innbetaling');
    const amount = within(dialog).getByRole('textbox', { name: /Beløp \(kr\)/ });
    await user.type(amount, '2 000');
    await user.click(within(dialog).getByRole('button', { name: 'Registrer' }));
    expect(await within(dialog).findByText('Beløpet er større enn utestående (kr 1 290,50).')).toBeInTheDocument();
    expect(amount).toHaveValue('2 000');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('credits only with a reason, everything outstanding when no amount is given', async () => {
    answerInvoice();
    const user = userEvent.setup();
    renderAdmin('/payments/7');
    const dialog = await openDialog(user, 'Krediter');
    await user.click(within(dialog).getByRole('button', { name: 'Krediter' }));
    expect(await within(dialog).findByText('Skriv årsaken til krediteringen')).toBeInTheDocument();
    expect(callsTo('/api/invoice/7/credit', 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Årsak/ }), 'Meldt ut før fornyelsen');
    await user.click(within(dialog).getByRole('button', { name: 'Krediter' }));
    expect(await screen.findByText('Fakturaen er kreditert')).toBeInTheDocument();
    expect(callsTo('/api/invoice/7/credit', 'POST')[0].body).toEqual({ reason: 'Meldt ut før fornyelsen' });
    const credits = await screen.findByRole('region', { name: 'Kreditnotaer' });
    expect(within(credits).getByRole('row', { name: /Meldt ut før fornyelsen/ })).toHaveTextContent('kr 1 290,50');
  });

  it('pauses reminders until a day with a reason, after refusing a day in the past and no reason, with what was typed kept', { timeout: 60_000 }, async () => {
    answerInvoice();
    const user = userEvent.setup();
    renderAdmin('/payments/7');
    const dialog = await openDialog(user, 'Utsett purring');
    const until = within(dialog).getByRole('textbox', { name: /Utsett til og med/ });
    const reason = within(dialog).getByRole('textbox', { name: /Begrunnelse/ });
    const submit = within(dialog).getByRole('button', { name: 'Utsett purring' });
    // Two weeks from today is offered.
    const [y, m, d] = typedDay(14).iso.split('-');
    expect(until).toHaveValue(`${d}/${m}/${y}`);

    await user.click(submit);
    expect(await within(dialog).findByText('Skriv hvorfor purringen utsettes.')).toBeInTheDocument();
    await user.type(reason, 'Avtalt nedbetaling');
    await user.click(until);
    await user.keyboard(`{Control>}a{/Control}{Backspace}${typedDay(-1).keys}`);
    await user.click(submit);
    expect(await within(dialog).findByText('Datoen kan ikke være tilbake i tid.')).toBeInTheDocument();
    expect(reason).toHaveValue('Avtalt nedbetaling');
    await user.click(until);
    await user.keyboard(`{Control>}a{/Control}{Backspace}${typedDay(400).keys}`);
    await user.click(submit);
    expect(await within(dialog).findByText('Purring kan utsettes høyst ett år frem i tid.')).toBeInTheDocument();
    expect(callsTo('/api/invoice/7/pause-reminders', 'POST')).toHaveLength(0);

    const later = typedDay(30);
    await user.click(until);
    await user.keyboard(`{Control>}a{/Control}{Backspace}${later.keys}`);
    await user.click(submit);
    expect(await screen.findByText('Purringen er utsatt')).toBeInTheDocument();
    expect(callsTo('/api/invoice/7/pause-reminders', 'POST')[0].body).toEqual({ until: later.iso, reason: 'Avtalt nedbetaling' });
    const facts = await screen.findByRole('region', { name: 'Om fakturaen' });
    const [ly, lm, ld] = later.iso.split('-');
    await waitFor(() => expect(within(facts).getByText('Purring utsatt til').nextElementSibling).toHaveTextContent(`${ld}-${lm}-${ly}`));
    expect(within(screen.getByRole('region', { name: 'Historikk' })).getByRole('row', { name: /Avtalt nedbetaling/ })).toBeInTheDocument();
  });

  it("shows the invoice in Tripletex with its link and last error, and 'Les status fra Tripletex' shows what was read", async () => {
    const inTripletex = invoiceDetails(7, {
      tripletex: {
        invoice_id: 5501,
        url: 'https://tripletex.test/faktura?id=5501',
        error: 'Innbetalingen kunne ikke registreres i Tripletex: Nede',
        read_at: null,
      },
    });
    answerInvoice(inTripletex);
    server.use(
      http.post('*/api/invoice/tripletex-status', () => {
        // The job reads the status back: the next read of the invoice has it paid.
        server.use(
          http.get('*/api/invoice/7', () =>
            HttpResponse.json({
              data: {
                ...inTripletex,
                state: 'paid',
                paid: inTripletex.total,
                outstanding: 0,
                tripletex: { ...inTripletex.tripletex, error: null, read_at: '2026-11-28T10:00:00.000Z' },
              },
            }),
          ),
        );
        return HttpResponse.json({ message: 'Status for fakturaene hentes fra Tripletex nå.' }, { status: 202 });
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/payments/7');
    const facts = await screen.findByRole('region', { name: 'Om fakturaen' }, { timeout: LAZY });
    expect(within(facts).getByRole('link', { name: 'Faktura 5501 i Tripletex' })).toHaveAttribute('href', 'https://tripletex.test/faktura?id=5501');
    expect(screen.getByText('Tripletex svarte med en feil: Innbetalingen kunne ikke registreres i Tripletex: Nede')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Les status fra Tripletex' }));
    expect(await screen.findByText('Status for fakturaene hentes fra Tripletex nå.')).toBeInTheDocument();
    await waitFor(() => expect(within(facts).getByText('Status').nextElementSibling).toHaveTextContent('Betalt'), { timeout: 10_000 });
    expect(screen.queryByText(/Tripletex svarte med en feil/)).not.toBeInTheDocument();
    expect(callsTo('/api/invoice/tripletex-status', 'POST')).toHaveLength(1);
  });

  it('says so when the invoice does not exist', async () => {
    expectFailedRequests();
    server.use(http.get('*/api/invoice/99', () => HttpResponse.json({ message: 'Fant ikke fakturaen.' }, { status: 404 })));
    renderAdmin('/payments/99');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fant ikke fakturaen' }, { timeout: LAZY })).toBeInTheDocument();
  });
});
