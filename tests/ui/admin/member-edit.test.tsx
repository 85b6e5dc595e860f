import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Member } from '../../../src/dataProvider/types.ts';
import { member, paged } from './fixtures.ts';
import { callsTo, expectFailedRequests, renderAdmin, server, installFakeApi } from './harness.tsx';

installFakeApi();

// The form is a lazy chunk; transform it once before the timed waits of the first test.
beforeAll(() => import('../../../src/admin/members/MemberEdit.tsx'), 60_000);

function answerMember(initial: Member) {
  let current = initial;
  server.use(
    http.get('*/api/member/5', () => HttpResponse.json({ data: current })),
    http.patch('*/api/member/5', async ({ request }) => {
      current = { ...current, ...((await request.json()) as Partial<Member>) };
      return HttpResponse.json({ data: current });
    }),
    http.get('*/api/member/5/changes', () =>
      HttpResponse.json(
        paged([
          {
            id: 1,
            changed_at: '2026-11-20T09:15:00Z',
            changed_by: { first_name: 'Ingrid', last_name: 'Berg' },
            changes: [{ field: 'phone', old: '91234567', new: '98765432' }],
          },
          {
            id: 2,
            changed_at: '2026-11-21T10:00:00Z',
            changed_by: { first_name: 'Ingrid', last_name: 'Berg' },
            changes: [
              { field: 'blocked_access', old: false, new: true },
              { field: 'campaign_code', old: null, new: 'VÅR26' },
              { field: 'remote_id', old: null, new: 10005 },
            ],
          },
        ]),
      ),
    ),
    http.post('*/api/subscription/cancel/32', () => {
      current = { ...current, subscription_instrument_insurance: { ...current.subscription_instrument_insurance!, state: 'cancelled' } };
      return HttpResponse.json({ message: 'ok' });
    }),
  );
}

describe('/membership/edit/{id}', () => {
  it('shows the member header, the form, the summaries and the change history', async () => {
    answerMember(member());
    renderAdmin('/membership/edit/5');
    expect(await screen.findByRole('heading', { level: 1, name: '10189 - Ola Nordmann' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Fornavn' })).toHaveValue('Ola');
    const travel = screen.getByRole('region', { name: 'Reiseforsikring' });
    expect(within(travel).getByText('Reiseforsikring Verden')).toBeInTheDocument();
    expect(within(travel).getByText('1 890,-')).toBeInTheDocument();
    expect(within(travel).getByText('Ingen foreløpig')).toBeInTheDocument();
    const instrument = screen.getByRole('region', { name: 'Instrumentforsikring' });
    expect(within(instrument).getByText('995,-')).toBeInTheDocument();
    expect(within(instrument).getByText('Totalverdi: 30 500,-')).toBeInTheDocument();
    expect(within(instrument).getByText('Gitar: Fender Stratocaster')).toBeInTheDocument();
    expect(within(instrument).getByText('Bass: Höfner 500/1')).toBeInTheDocument();
    expect(within(instrument).queryByText('Instrumentforsikring', { selector: 'span' })).not.toBeInTheDocument();
    expect(within(instrument).getByText('31-12-2026')).toBeInTheDocument();
    expect(within(instrument).getByRole('link', { name: 'Instrumenter' })).toHaveAttribute('href', '/membership/edit/instrument-insurance/5');
    const history = await screen.findByRole('region', { name: 'Endringshistorikk' });
    expect(await within(history).findByRole('row', { name: /Ingrid Berg Mobil 91234567 98765432/ })).toBeInTheDocument();
    expect(await within(history).findByRole('row', { name: /Ingrid Berg Sperret tilgang ✗ ✓/ })).toBeInTheDocument();
    expect(within(history).getByRole('row', { name: /Kampanjekode – VÅR26/ })).toBeInTheDocument();
    expect(within(history).getByRole('row', { name: /Medlemsnummer – 10005/ })).toBeInTheDocument();
    expect(within(history).queryByText(/_/)).not.toBeInTheDocument();
  });

  it('shows the empty insurance states and no stop button without subscriptions', async () => {
    answerMember(member({ remote_id: null, subscription_travel_insurance: null, subscription_instrument_insurance: null }));
    renderAdmin('/membership/edit/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ola Nordmann' })).toBeInTheDocument();
    expect(screen.getByText('Ingen aktive reiseforsikring')).toBeInTheDocument();
    expect(screen.getByText('Ingen aktive instrumentforsikring')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stopp forsikring' })).not.toBeInTheDocument();
  });

  it('saves only when changed and valid, and sends the form fields', async () => {
    answerMember(member());
    const user = userEvent.setup();
    renderAdmin('/membership/edit/5');
    const save = await screen.findByRole('button', { name: 'Lagre' });
    expect(save).toBeDisabled();
    const phone = screen.getByRole('textbox', { name: 'Mobil' });
    await user.clear(phone);
    expect(await screen.findByText('Påkrevd felt')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.type(phone, '98765432');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await screen.findByText('Oppdatert!')).toBeInTheDocument();
    const [patch] = callsTo('/api/member/5', 'PATCH');
    expect(patch.body).toMatchObject({ phone: '98765432', first_name: 'Ola', invoice_method: 'EFAKTURA', invoice_email: null, newsletter_1: true });
    expect(patch.body).not.toHaveProperty('subscription_travel_insurance');
    expect(patch.body).not.toHaveProperty('blocked_access');
  });

  it('keeps an unknown invoice method as an option and asks for the invoice e-mail only for EMAIL', async () => {
    answerMember(member({ invoice_method: 'AVTALEGIRO' }));
    const user = userEvent.setup();
    renderAdmin('/membership/edit/5');
    const method = await screen.findByRole('combobox', { name: 'Fakturametode' });
    expect(method).toHaveTextContent('AVTALEGIRO');
    expect(screen.queryByRole('textbox', { name: 'E-post for faktura' })).not.toBeInTheDocument();
    await user.click(method);
    const options = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['E-faktura', 'E-post', 'AVTALEGIRO']);
    await user.click(screen.getByRole('option', { name: 'E-post' }));
    expect(await screen.findByRole('textbox', { name: 'E-post for faktura' })).toBeInTheDocument();
  });

  it('blocks and then unblocks Min side', async () => {
    answerMember(member());
    const user = userEvent.setup();
    renderAdmin('/membership/edit/5');
    await user.click(await screen.findByRole('button', { name: 'Blokker min side' }));
    await user.click(await screen.findByRole('button', { name: 'Aktiver min side' }));
    expect(await screen.findByRole('button', { name: 'Blokker min side' })).toBeInTheDocument();
    expect(callsTo('/api/member/5', 'PATCH').map((call) => call.body)).toEqual([{ blocked_access: true }, { blocked_access: false }]);
  });

  it('stops the instrument insurance only after a warning that it cannot be restored', async () => {
    answerMember(member());
    const user = userEvent.setup();
    renderAdmin('/membership/edit/5');
    await user.click(await screen.findByRole('button', { name: 'Stopp forsikring' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('kan ikke gjenopprettes');
    expect(callsTo('/api/subscription/cancel/32', 'POST')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Stopp forsikring' }));
    expect(await screen.findByText('Instrumentforsikring er vellykket stoppet!')).toBeInTheDocument();
    expect(callsTo('/api/subscription/cancel/32', 'POST')).toHaveLength(1);
    expect(await screen.findByText('Ingen aktive instrumentforsikring')).toBeInTheDocument();
  });

  it('opens the member logs from the message-log button', async () => {
    answerMember(member());
    const user = userEvent.setup();
    server.use(http.get('*/api/emails/logs/list', () => HttpResponse.json(paged([]))));
    renderAdmin('/membership/edit/5');
    await user.click(await screen.findByRole('button', { name: 'Meldingslogg' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/membership/instrument-insurance/reject/5'));
  });

  it('tells the user when the member cannot be loaded', async () => {
    expectFailedRequests();
    server.use(http.get('*/api/member/5', () => HttpResponse.json({ message: 'Feil' }, { status: 500 })));
    renderAdmin('/membership/edit/5');
    expect((await screen.findAllByText('Noe gikk galt!')).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Gå tilbake' })).toBeInTheDocument();
  });

  it("shows an unknown member as not found, under a heading, with 'Gå tilbake' to the overview", async () => {
    expectFailedRequests();
    server.use(
      http.get('*/api/member/999', () => HttpResponse.json({ message: 'Fant ikke det du lette etter.' }, { status: 404 })),
      http.get('*/api/member/list', () => HttpResponse.json(paged([]))),
    );
    renderAdmin('/membership/edit/999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fant ikke medlemmet' })).toBeInTheDocument();
    expect(screen.getByText(/Medlemmet finnes ikke, eller lenken er feil/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Gå tilbake' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/membership$/));
  });
});
