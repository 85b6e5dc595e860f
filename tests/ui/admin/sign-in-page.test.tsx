/** The small staff sign-in page on its own (as '/' shows it to a visitor), without the staff app around it. */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageLoad } from '../../../src/admin/authProvider.ts';
import { LoginPage } from '../../../src/admin/login/LoginPage.tsx';
import { callsTo, installFakeApi, server } from './harness.tsx';

installFakeApi();
afterEach(() => vi.restoreAllMocks());

function renderPage() {
  const go = vi.fn();
  const onSignedIn = vi.fn();
  render(<LoginPage go={go} onSignedIn={onSignedIn} />);
  return { go, onSignedIn };
}

async function submit(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: 'E-post' }), email);
  await user.type(screen.getByLabelText(/Passord/), password);
  await user.click(screen.getByRole('button', { name: 'Logg inn' }));
  return user;
}

const answer = (role: number, extra: Record<string, unknown> = {}) => ({
  user_id: 5,
  registration_completed: 1,
  access_token: '5|token',
  first_name: 'Kari',
  last_name: 'Nordmann',
  role: { id: role },
  blocked_access: false,
  expires_at: '2027-01-01T00:00:00Z',
  ...extra,
});

describe('the staff sign-in page', () => {
  it('hands a member of staff on to the staff home', async () => {
    server.use(http.post('*/api/user/login', () => HttpResponse.json(answer(4))));
    const { onSignedIn } = renderPage();
    await submit('leder@example.no', 'hemmelig');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('/'));
    expect(localStorage.getItem('userRole')).toBe('4');
  });

  it('submits an address the server accepts, such as ola@bjørn.no', async () => {
    server.use(http.post('*/api/user/login', () => HttpResponse.json(answer(4))));
    const { onSignedIn } = renderPage();
    await submit('ola@bjørn.no', 'hemmelig');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('/'));
    expect(callsTo('/api/user/login', 'POST')[0].body).toMatchObject({ email: 'ola@bjørn.no' });
    expect(screen.queryByText('Ugyldig e-postadresse')).not.toBeInTheDocument();
  });

  it('shows the wrong-password message until it is dismissed, and the button works again', async () => {
    server.use(http.post('*/api/user/login', () => HttpResponse.json({ message: 'Feil e-post eller passord.' }, { status: 401 })));
    const { onSignedIn } = renderPage();
    const user = await submit('ansatt@example.no', 'feil');
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Feil e-post eller passord.');
    expect(screen.getByRole('button', { name: 'Logg inn' })).toBeEnabled();
    await user.click(within(toast).getByRole('button', { name: 'Lukk melding' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows the rate limit message in Norwegian after too many attempts', async () => {
    server.use(
      http.post('*/api/user/login', () =>
        HttpResponse.json({ message: 'For mange forsøk. Prøv igjen om 42 sekunder.' }, { status: 429, headers: { 'retry-after': '42' } }),
      ),
    );
    renderPage();
    await submit('ansatt@example.no', 'feil');
    expect(await screen.findByRole('alert')).toHaveTextContent('For mange forsøk. Prøv igjen om 42 sekunder.');
  });

  it('sends a blocked member to their own page, where Min side shows the blocked screen', async () => {
    const leave = vi.spyOn(pageLoad, 'to').mockImplementation(() => undefined);
    server.use(http.post('*/api/user/login', () => HttpResponse.json(answer(2, { blocked_access: true }))));
    const { onSignedIn } = renderPage();
    await submit('sperret@example.no', 'hemmelig');
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/profile/5'));
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('checks the fields before asking the server, and moves to the reset page by its link', async () => {
    const { go } = renderPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Logg inn' }));
    expect(screen.getAllByText('Påkrevd felt')).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: 'E-post' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Skjemaet er ikke gyldig');
    await user.type(screen.getByRole('textbox', { name: 'E-post' }), 'ansatt');
    expect(screen.getByText('Ugyldig e-postadresse')).toBeInTheDocument();
    expect(callsTo('/api/user/login', 'POST')).toHaveLength(0);
    await user.click(screen.getByRole('link', { name: 'Glemt passord?' }));
    expect(go).toHaveBeenCalledWith('/reset-password');
  });
});
