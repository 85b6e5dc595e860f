import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { loginAnswer, makeMember, memberApi, renderApp, server, installFakeApi } from './harness.tsx';

installFakeApi();

async function fillStepOne(user: UserEvent) {
  await user.type(await screen.findByLabelText(/Fornavn/), 'Kari');
  await user.type(screen.getByLabelText(/Etternavn/), 'Nordmann');
  await user.type(screen.getByLabelText(/Mobil/), '91234567');
  await user.type(screen.getByLabelText(/E-post/), 'kari@example.no');
  await user.type(screen.getByLabelText(/^Passord/), 'hemmelig1');
  await user.type(screen.getByLabelText(/Bekreft passord/), 'hemmelig1');
  await user.click(screen.getByLabelText(/Jeg godtar vilkårene/));
}

describe('/new-member step one', () => {
  it('shows the registration info text beside the form', async () => {
    renderApp('/new-member');
    expect(await screen.findByText('Innhold for bli-medlem')).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
  });

  it("applies the spec's rules with its messages", async () => {
    const user = userEvent.setup();
    renderApp('/new-member');
    await user.type(await screen.findByLabelText(/E-post/), 'kari@');
    await user.type(screen.getByLabelText(/^Passord/), 'kort');
    await user.type(screen.getByLabelText(/Bekreft passord/), 'annet');
    await user.click(screen.getByRole('button', { name: 'Send søknad' }));
    expect(await screen.findAllByText('Påkrevd felt')).toHaveLength(3);
    expect(screen.getByText('Ugyldig e-postadresse')).toBeInTheDocument();
    expect(screen.getByText('Passord må være minst 8 tegn')).toBeInTheDocument();
    expect(screen.getByText('Passord må være likt!')).toBeInTheDocument();
    expect(screen.getByText('Du må godta vilkårene for medlemskap')).toBeInTheDocument();
    expect(screen.getByLabelText(/Fornavn/)).toHaveAccessibleDescription('Påkrevd felt');
  });

  it('marks the terms checkbox as required and shows the terms from the content source on request', async () => {
    renderApp('/new-member');
    const terms = await screen.findByRole('checkbox', { name: 'Jeg godtar vilkårene for medlemskap' });
    expect(terms).toHaveAttribute('aria-required', 'true');
    expect(terms.closest('.field')).toHaveTextContent('*');
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Les vilkårene for medlemskap' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(await screen.findByText('Innhold for medlemsvilkar')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Skjul vilkårene' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('sends the campaign code from the link, then shows the success message on step two', async () => {
    const applicant = makeMember({ registration_completed: 0, phone: '91234567', address: null, postal_code: null, postal_area: null });
    memberApi(applicant);
    let sent: Record<string, unknown> = {};
    server.use(
      http.post('*/api/member/register', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(loginAnswer(applicant, 1), { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/new-member?campaign_code=VÅR2026');
    expect(await screen.findByLabelText(/Kampanjekode/)).toHaveValue('VÅR2026');
    await fillStepOne(user);
    await user.click(screen.getByRole('button', { name: 'Send søknad' }));
    expect(await screen.findByRole('heading', { name: 'Fullfør innmeldingen' })).toBeInTheDocument();
    // Focus lands on the new page's heading, not the top of the document.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Fullfør innmeldingen' })).toHaveFocus());
    expect(screen.getByText(/Den er sendt til godkjenning/).closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByTestId('location')).toHaveTextContent('/new-member/update/7');
    expect(sent).toEqual({
      first_name: 'Kari',
      last_name: 'Nordmann',
      phone: '91234567',
      email: 'kari@example.no',
      is_previous_member: false,
      campaign_code: 'VÅR2026',
      password: 'hemmelig1',
    });
    expect(localStorage.getItem('registrationCompleted')).toBe('0');
  });

  it("shows 'Ugyldig Kampanje kode' for a wrong code and keeps the form", async () => {
    server.use(
      http.post('*/api/member/register', () =>
        HttpResponse.json({ message: 'Ugyldig', errors: { campaign_code: ['Kampanjekoden finnes ikke.'] } }, { status: 422 }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/new-member?campaign_code=FEIL');
    await fillStepOne(user);
    await user.click(screen.getByRole('button', { name: 'Send søknad' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ugyldig Kampanje kode');
    expect(screen.getByLabelText(/Kampanjekode/)).toHaveAccessibleDescription(/Ugyldig Kampanje kode/);
    expect(screen.getByLabelText(/Fornavn/)).toHaveValue('Kari');
    expect(screen.getByLabelText(/^Passord/)).toHaveValue('hemmelig1');
    expect(screen.getByTestId('location')).toHaveTextContent('/new-member');
  });

  it("shows the server's message for an e-mail that already has an account", async () => {
    server.use(
      http.post('*/api/member/register', () =>
        HttpResponse.json({ message: 'Finnes', errors: { email: ['E-postadressen er allerede registrert.'] } }, { status: 422 }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/new-member');
    await fillStepOne(user);
    await user.click(screen.getByRole('button', { name: 'Send søknad' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('E-postadressen er allerede registrert.');
    expect(screen.getByLabelText(/E-post/)).toHaveValue('kari@example.no');
    expect(screen.getByLabelText(/E-post/)).toHaveAccessibleDescription('E-postadressen er allerede registrert.');
    // Leaving the field keeps the server's message (as react-hook-form did), so nothing below it moves under a click.
    await user.click(screen.getByRole('button', { name: 'Les vilkårene for medlemskap' }));
    expect(screen.getByLabelText(/E-post/)).toHaveAccessibleDescription('E-postadressen er allerede registrert.');
    expect(screen.getByRole('button', { name: 'Skjul vilkårene' })).toHaveAttribute('aria-expanded', 'true');
  });
});
