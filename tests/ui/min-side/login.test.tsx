import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { loginAnswer, makeMember, memberApi, renderApp, server, signInAs, installFakeApi } from './harness.tsx';

installFakeApi();

describe('/profile member login', () => {
  it('asks for a valid e-mail and a password before calling the server', async () => {
    const user = userEvent.setup();
    renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Logg inn' }));
    expect(await screen.findAllByText('Påkrevd felt')).toHaveLength(2);
    // The first field in error takes the focus.
    expect(screen.getByLabelText(/E-post/)).toHaveFocus();
    await user.type(screen.getByLabelText(/E-post/), 'ikke-en-adresse');
    await user.tab();
    expect(await screen.findByText('Ugyldig e-postadresse')).toBeInTheDocument();
    expect(screen.getByLabelText(/E-post/)).toHaveAccessibleDescription('Ugyldig e-postadresse');
    // A field once checked is checked again as it changes: the message goes when the address is whole.
    await user.clear(screen.getByLabelText(/E-post/));
    await user.type(screen.getByLabelText(/E-post/), 'kari@example.no');
    await waitFor(() => expect(screen.queryByText('Ugyldig e-postadresse')).toBeNull());
    expect(screen.getAllByText('Påkrevd felt')).toHaveLength(1);
  });

  it("shows the server's message when the login fails and keeps what was typed", async () => {
    server.use(http.post('*/api/user/login', () => HttpResponse.json({ error: 'Feil e-post eller passord.' }, { status: 401 })));
    const user = userEvent.setup();
    renderApp('/profile');
    await user.type(await screen.findByLabelText(/E-post/), 'kari@example.no');
    await user.type(screen.getByLabelText(/Passord/), 'galt-passord');
    await user.click(screen.getByRole('button', { name: 'Logg inn' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Feil e-post eller passord.');
    expect(screen.getByLabelText(/E-post/)).toHaveValue('kari@example.no');
  });

  it('sends a member to their own profile', async () => {
    const member = makeMember();
    memberApi(member);
    server.use(http.post('*/api/user/login', () => HttpResponse.json(loginAnswer(member))));
    const user = userEvent.setup();
    renderApp('/profile');
    await user.type(await screen.findByLabelText(/E-post/), 'kari@example.no');
    await user.type(screen.getByLabelText(/Passord/), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Logg inn' }));
    expect(await screen.findByRole('heading', { name: 'Hei, Kari' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/profile/7');
    expect(localStorage.getItem('userRole')).toBe('2');
    expect(localStorage.getItem('isLoggedIn')).toBe('true');
  });

  it('routes an applicant whose registration is not completed to step two', async () => {
    const applicant = makeMember({ registration_completed: 0 });
    memberApi(applicant);
    server.use(http.post('*/api/user/login', () => HttpResponse.json(loginAnswer(applicant, 1))));
    const user = userEvent.setup();
    renderApp('/profile');
    await user.type(await screen.findByLabelText(/E-post/), 'kari@example.no');
    await user.type(screen.getByLabelText(/Passord/), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Logg inn' }));
    expect(await screen.findByRole('heading', { name: 'Fullfør innmeldingen' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/new-member/update/7');
  });

  it('asks a new browser at a slowed account for the code from the e-mail, then signs in', async () => {
    const member = makeMember();
    memberApi(member);
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/user/login', () => HttpResponse.json({ email_code_required: true, challenge: 'e'.repeat(48) })),
      http.post('*/api/user/login/2fa', async ({ request }) => {
        const body = (await request.json()) as { code?: string };
        sent.push(body);
        return body.code === '654321'
          ? HttpResponse.json(loginAnswer(member))
          : HttpResponse.json({ message: 'Feil kode. Prøv igjen.', errors: { code: ['Feil kode. Prøv igjen.'] } }, { status: 422 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/profile');
    await user.type(await screen.findByLabelText(/E-post/), 'kari@example.no');
    await user.type(screen.getByLabelText(/Passord/), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Logg inn' }));
    expect(await screen.findByRole('heading', { name: 'Sjekk e-posten din' })).toBeInTheDocument();
    expect(screen.getByText(/Var passordet riktig, har vi sendt deg en e-post med en kode/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bruk en gjenopprettingskode i stedet' })).toBeNull();
    const field = screen.getByLabelText(/Kode fra e-posten/);
    await user.type(field, '000000{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Feil kode. Prøv igjen.');
    await user.clear(field);
    await user.type(field, '654321{Enter}');
    expect(await screen.findByRole('heading', { name: 'Hei, Kari' })).toBeInTheDocument();
    expect(sent).toEqual([
      { challenge: 'e'.repeat(48), code: '000000' },
      { challenge: 'e'.repeat(48), code: '654321' },
    ]);
  });

  it('links to the password reset and to sign-up', async () => {
    renderApp('/profile');
    expect(await screen.findByRole('link', { name: 'Glemt passord?' })).toHaveAttribute('href', '/profile/reset-password');
    expect(screen.getByRole('link', { name: 'Bli medlem' })).toHaveAttribute('href', '/new-member');
  });
});

describe('member routing', () => {
  it('sends a signed-in member who opens the login page to their own profile', async () => {
    const member = makeMember();
    memberApi(member);
    signInAs(member);
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Hei, Kari' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/profile/7');
  });

  it("sends a member who opens another member's profile to their own", async () => {
    const member = makeMember();
    memberApi(member);
    signInAs(member);
    renderApp('/profile/8');
    expect(await screen.findByRole('heading', { name: 'Hei, Kari' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/profile/7');
  });

  it('sends a visitor who is not signed in from a member page to the login', async () => {
    renderApp('/profile/7');
    expect(await screen.findByRole('heading', { name: 'Logg inn på Min side' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/profile$/);
  });

  it('keeps an applicant on step two until the registration is completed', async () => {
    const applicant = makeMember({ registration_completed: 0 });
    memberApi(applicant);
    signInAs(applicant, 1);
    renderApp('/profile/7');
    expect(await screen.findByRole('heading', { name: 'Fullfør innmeldingen' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/new-member/update/7');
  });

  it('sends /new-member/update without an id to the signed-in applicant’s own step two', async () => {
    const applicant = makeMember({ registration_completed: 0 });
    memberApi(applicant);
    signInAs(applicant, 1);
    renderApp('/new-member/update');
    expect(await screen.findByRole('heading', { name: 'Fullfør innmeldingen' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/new-member/update/7');
  });
});
