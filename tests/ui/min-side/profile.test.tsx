import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeLine, makeMember, makeSubscription, memberApi, renderApp, server, signInAs, installFakeApi } from './harness.tsx';

installFakeApi();

function open(member = makeMember()) {
  const patches = memberApi(member);
  signInAs(member);
  renderApp(`/profile/${member.id}`);
  return patches;
}

const card = (name: string) => screen.getByRole('region', { name });

describe('/profile/{memberId}', () => {
  it('shows loading, then the header, the form and every section', async () => {
    open();
    expect(screen.getByText('Laster …')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Hei, Kari' })).toBeInTheDocument();
    expect(screen.getByText('Kari Nordmann')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logg ut' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Fornavn/)).toHaveValue('Kari');
    expect(screen.getByLabelText(/Kjønn/)).toHaveDisplayValue('Kvinne');
    expect(screen.getByLabelText(/Fakturering/)).toHaveDisplayValue('E-faktura');
    expect(await screen.findByText('Innhold for min-side')).toBeInTheDocument();
    expect(within(card('Medlemsfordeler')).getByRole('cell', { name: 'MUSIKK10' })).toBeInTheDocument();
  });

  it("enables 'Lagre' only when something changed and all required fields are filled", async () => {
    open();
    const user = userEvent.setup();
    const save = await screen.findByRole('button', { name: 'Lagre' });
    expect(save).toBeDisabled();
    await user.clear(screen.getByLabelText(/Adresse/));
    await user.tab();
    expect(await screen.findByText('Feltet må fylles ut')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText(/Adresse/), 'Lillegata 2');
    await waitFor(() => expect(save).toBeEnabled());
  });

  it("asks for a valid invoice e-mail when invoicing by 'E-post'", async () => {
    open();
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText(/Fakturering/), 'E-post');
    const invoiceEmail = screen.getByLabelText(/E-post for faktura/);
    await user.click(invoiceEmail);
    await user.tab();
    expect(await screen.findByText('Feltet må fylles ut')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lagre' })).toBeDisabled();
  });

  it('saves the changes, says so and updates the header', async () => {
    const patches = open();
    const user = userEvent.setup();
    const firstName = await screen.findByLabelText(/Fornavn/);
    await user.clear(firstName);
    await user.type(firstName, 'Karianne');
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    expect(await screen.findByText('Oppdatert!')).toBeInTheDocument();
    expect(patches[0]).toMatchObject({ first_name: 'Karianne', last_name: 'Nordmann', invoice_method: 'EFAKTURA', gender: 2 });
    expect(await screen.findByText('Karianne Nordmann')).toBeInTheDocument();
    expect(localStorage.getItem('firstName')).toBe('Karianne');
    expect(screen.getByRole('button', { name: 'Lagre' })).toBeDisabled();
  });

  it('tells the member to contact us when the server fails, keeps the change and the form usable', async () => {
    const member = makeMember();
    memberApi(member, 500);
    signInAs(member);
    renderApp('/profile/7');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Artistnavn/), ' trio');
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Noe gikk galt\. Ta kontakt med oss/);
    expect(screen.getByLabelText(/Artistnavn/)).toHaveValue('Kari & bandet trio');
    expect(screen.getByRole('button', { name: 'Lagre' })).toBeEnabled();
  });

  it('tells the member to contact us when a 200 answer carries an error flag, and keeps the change', async () => {
    const member = makeMember();
    memberApi(member);
    server.use(http.patch('*/api/member/7', () => HttpResponse.json({ success: false, error: 'Lagring feilet' })));
    signInAs(member);
    renderApp('/profile/7');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Artistnavn/), ' trio');
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Profilen ble ikke lagret\. Ta kontakt med oss/);
    expect(screen.getByLabelText(/Artistnavn/)).toHaveValue('Kari & bandet trio');
  });

  it('neither checks nor sends a hidden invoice e-mail', async () => {
    const patches = open(makeMember({ invoice_method: 'EMAIL', invoice_email: 'faktura@example.no' }));
    const user = userEvent.setup();
    const invoiceEmail = await screen.findByLabelText(/E-post for faktura/);
    await user.clear(invoiceEmail);
    await user.type(invoiceEmail, 'ikke-en-adresse');
    await user.selectOptions(screen.getByLabelText(/Fakturering/), 'E-faktura');
    expect(screen.queryByLabelText(/E-post for faktura/)).not.toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Lagre' });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await screen.findByText('Oppdatert!')).toBeInTheDocument();
    expect(patches[0]).toMatchObject({ invoice_method: 'EFAKTURA' });
    expect(patches[0]).not.toHaveProperty('invoice_email');
  });

  it('puts each message of a refusal (422) on its field and leaves the form usable', async () => {
    const member = makeMember();
    memberApi(member);
    server.use(
      http.patch('*/api/member/7', () =>
        HttpResponse.json(
          { message: 'Ugyldig', errors: { email: ['E-postadressen er allerede i bruk.'], phone: ['Ugyldig telefonnummer.'] } },
          { status: 422 },
        ),
      ),
    );
    signInAs(member);
    renderApp('/profile/7');
    const user = userEvent.setup();
    const email = await screen.findByLabelText(/^E-post/);
    await user.clear(email);
    await user.type(email, 'opptatt@example.no');
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    expect(await screen.findByText('E-postadressen er allerede i bruk.')).toBeInTheDocument();
    expect(screen.getByText('Ugyldig telefonnummer.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('rett feltene som er merket');
    expect(email).toHaveValue('opptatt@example.no');
    await user.clear(email);
    await user.type(email, 'ny@example.no');
    const phone = screen.getByLabelText(/Mobil|Telefon/);
    await user.type(phone, '8');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Lagre' })).toBeEnabled());
  });

  it('shows an error with a retry when the member cannot be loaded', async () => {
    server.use(http.get('*/api/member/7', () => HttpResponse.json({ message: 'Feil' }, { status: 500 })));
    signInAs(makeMember());
    renderApp('/profile/7');
    expect(await screen.findByText('Noe gikk galt!')).toBeInTheDocument();
    memberApi(makeMember());
    await userEvent.setup().click(screen.getByRole('button', { name: 'Prøv igjen' }));
    expect(await screen.findByRole('heading', { name: 'Hei, Kari' })).toBeInTheDocument();
  });

  it('logs out: clears storage and goes to the login', async () => {
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Logg ut' }));
    expect(await screen.findByRole('heading', { name: 'Logg inn på Min side' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('campaign code and member card', () => {
  it('shows the first campaign_code error, and the card form once a code is added', async () => {
    let attempts = 0;
    server.use(
      http.post('*/api/member/7/add-code', () => {
        attempts += 1;
        return attempts === 1
          ? HttpResponse.json({ error: { campaign_code: ['Koden er ikke aktiv.', 'annen feil'] } }, { status: 422 })
          : HttpResponse.json({ success: true, data: { campaign_code: 'VÅR2026' } });
      }),
    );
    open();
    const user = userEvent.setup();
    const campaign = await screen.findByRole('region', { name: 'Kampanjekode' });
    await user.click(within(campaign).getByRole('button', { name: 'Legg til kode' }));
    expect(await within(campaign).findByText('Påkrevd felt')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Medlemskort på SMS' })).not.toBeInTheDocument();
    await user.type(within(campaign).getByLabelText(/Kampanjekode/), 'GAMMEL');
    await user.click(within(campaign).getByRole('button', { name: 'Legg til kode' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Koden er ikke aktiv.');
    await user.click(within(campaign).getByRole('button', { name: 'Legg til kode' }));
    expect(await within(campaign).findByText('VÅR2026')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Medlemskort på SMS' })).toBeInTheDocument();
    // The success ends the earlier try's error: it no longer stands beside 'Suksess!'.
    expect(screen.getByText('Suksess!')).toBeInTheDocument();
    expect(screen.queryByText('Koden er ikke aktiv.')).not.toBeInTheDocument();
  });

  it("falls back to 'Error' when the server gives no campaign_code message", async () => {
    server.use(http.post('*/api/member/7/add-code', () => HttpResponse.json({ message: 'Server error' }, { status: 500 })));
    open();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Kampanjekode/ }), 'KODE');
    await user.click(screen.getByRole('button', { name: 'Legg til kode' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Error/);
  });

  it("validates the phone number and sends the card with the spec's messages", async () => {
    let sent: unknown;
    server.use(
      http.post('*/api/member/send-card', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ success: true, message: 'Sendt' });
      }),
    );
    open(makeMember({ campaign_code: 'VÅR2026', phone: '' }));
    const user = userEvent.setup();
    const form = await screen.findByRole('region', { name: 'Medlemskort på SMS' });
    const phone = within(form).getByLabelText(/Telefonnummer/);
    expect(phone).toHaveAttribute('placeholder', 'Må innholde minst 8-siffer');
    await user.click(within(form).getByRole('button', { name: 'Send medlemskort' }));
    expect(await within(form).findByText('Påkrevt felt')).toBeInTheDocument();
    await user.type(phone, '1234567');
    await user.click(within(form).getByRole('button', { name: 'Send medlemskort' }));
    expect(await within(form).findByText('Telefonnummer må være minst 8-sifrede nummer')).toBeInTheDocument();
    await user.type(phone, '8');
    await user.click(within(form).getByRole('button', { name: 'Send medlemskort' }));
    expect(await screen.findByText('Ditt medlemskort har blitt tilsendt')).toBeInTheDocument();
    expect(sent).toEqual({ member_id: 7, phone_number: '12345678' });
  });

  it("shows the server's reason when it refuses the card", async () => {
    server.use(
      http.post('*/api/member/send-card', () =>
        HttpResponse.json(
          {
            message: 'Medlemskortet kan bare sendes til norske mobilnumre.',
            errors: { phone_number: ['Medlemskortet kan bare sendes til norske mobilnumre.'] },
          },
          { status: 422 },
        ),
      ),
    );
    open(makeMember({ campaign_code: 'VÅR2026', phone: '+882 1234 5678' }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send medlemskort' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Medlemskortet kan bare sendes til norske mobilnumre.');
  });

  it('tells the member to get in touch when the card cannot be sent', async () => {
    server.use(http.post('*/api/member/send-card', () => HttpResponse.json({ message: 'Feil' }, { status: 502 })));
    open(makeMember({ campaign_code: 'VÅR2026' }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send medlemskort' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('post@example.no');
  });
});

describe('insurance tables', () => {
  it("offers 'Bestill' and shows the empty states when there is no insurance", async () => {
    open();
    expect(await screen.findByText('Ingen aktive reiseforsikring')).toBeInTheDocument();
    expect(screen.getByText('Ingen aktive instrumentforsikring')).toBeInTheDocument();
    expect(within(card('Reiseforsikring')).getByRole('link', { name: /Bestill/ })).toHaveAttribute('href', '/profile/edit/travel-insurane/7');
    expect(within(card('Instrumentforsikring')).getByRole('link', { name: /Bestill/ })).toHaveAttribute('href', '/profile/edit/instrument-insurance/7');
  });

  it("shows the subscriptions read-only with 'Rediger', each instrument by type, maker and model, and the total", async () => {
    open(
      makeMember({
        subscription_travel_insurance: makeSubscription('Reiseforsikring Europa', 1200),
        subscription_instrument_insurance: {
          ...makeSubscription('Instrumentforsikring', 995),
          subscription_lines: [makeLine(1, 'Instrumentforsikring', 25000), makeLine(2, 'Instrumentforsikring', 110000)],
          instruments: [
            { id: 1, type: 'Gitar', make: 'Gibson', model: 'Les Paul', value: 25000, insurance_start: '2026-02-01', insurance_end: null },
            { id: 2, type: 'Lydanlegg', make: 'Marshall', model: 'JCM800', value: 110000, insurance_start: '2026-02-01', insurance_end: null },
          ],
        },
      }),
    );
    const travel = await screen.findByRole('region', { name: 'Reiseforsikring' });
    expect(within(travel).getByRole('cell', { name: 'Reiseforsikring Europa' })).toBeInTheDocument();
    expect(within(travel).getByRole('cell', { name: '01-01-2026' })).toBeInTheDocument();
    expect(within(travel).getByRole('cell', { name: 'Ingen foreløpig' })).toBeInTheDocument();
    expect(within(travel).getByRole('link', { name: /Rediger/ })).toBeInTheDocument();
    const instruments = card('Instrumentforsikring');
    expect(within(instruments).getByRole('cell', { name: '110 000,-' })).toBeInTheDocument();
    const marshall = within(instruments).getByRole('cell', { name: 'Marshall' }).closest('tr')!;
    expect(within(marshall).getByRole('cell', { name: 'Lydanlegg' })).toBeInTheDocument();
    expect(within(marshall).getByRole('cell', { name: 'JCM800' })).toBeInTheDocument();
    expect(within(instruments).queryByRole('cell', { name: 'Instrumentforsikring' })).not.toBeInTheDocument();
    expect(within(instruments).getByText('Totalverdi: 135 000,-')).toBeInTheDocument();
    expect(within(instruments).getByRole('link', { name: /Rediger/ })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Reiseforsikring/ })).not.toBeInTheDocument();
  });

  it('says when there are no discount codes', async () => {
    server.use(http.get('*/api/content/discount-codes', () => HttpResponse.json({ data: [] })));
    open();
    expect(await screen.findByText('Ingen rabattkoder akkurat nå.')).toBeInTheDocument();
  });
});

describe('blocked member', () => {
  it('sees only the blocked screen; OK clears storage and goes to /profile', async () => {
    open(makeMember({ blocked_access: true }));
    expect(await screen.findByRole('heading', { name: 'Din konto har blitt sperret!' })).toBeInTheDocument();
    expect(screen.getByText(/Sjekk at medlemskapet ditt fortsatt er aktivt/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/Fornavn/)).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Medlemsfordeler' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('heading', { name: 'Logg inn på Min side' })).toBeInTheDocument();
    expect(localStorage.length).toBe(0);
  });
});

describe('the state of the application', () => {
  const pending = makeSubscription('Medlemskap', 1450, { state: 'pending', status: 0 });

  it('tells a new applicant that the membership awaits approval', async () => {
    const member = makeMember({ role_id: 1, subscription_membership: pending });
    memberApi(member);
    signInAs(member, 1);
    renderApp('/profile/7');
    const state = await screen.findByRole('region', { name: 'Søknad om medlemskap' });
    expect(state).toHaveTextContent('venter på godkjenning');
  });

  it('tells a rejected applicant so, with the reason sent', async () => {
    const member = makeMember({
      role_id: 1,
      status: '2',
      reason_for_rejection: 'Du er ikke utøvende musiker.',
      subscription_membership: { ...pending, state: 'rejected', status: 2 },
    });
    memberApi(member);
    signInAs(member, 1);
    renderApp('/profile/7');
    const state = await screen.findByRole('region', { name: 'Søknad om medlemskap' });
    expect(state).toHaveTextContent('Søknaden din om medlemskap er avslått.');
    expect(state).toHaveTextContent('Begrunnelse: Du er ikke utøvende musiker.');
  });

  it('tells a member accepted lately that it went through', async () => {
    const accepted = makeMember({ validated_at: new Date().toISOString(), membership_start_date: '2026-11-20' });
    memberApi(accepted);
    signInAs(accepted);
    renderApp('/profile/7');
    expect(await screen.findByRole('region', { name: 'Søknad om medlemskap' })).toHaveTextContent('du er medlem fra 20-11-2026');
  });

  it('says nothing about the application to a member of long standing', async () => {
    open(makeMember({ validated_at: '2020-01-01T09:00:00.000Z' }));
    expect(await screen.findByRole('heading', { name: 'Hei, Kari' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Søknad om medlemskap' })).not.toBeInTheDocument();
  });
});
