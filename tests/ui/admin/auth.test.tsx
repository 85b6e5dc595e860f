import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageLoad } from '../../../src/admin/authProvider.ts';
import { listItem, paged } from './fixtures.ts';
import { calls as recorded, callsTo, expectFailedRequests, renderAdmin, server, installFakeApi, withRights } from './harness.tsx';

const calls = () => recorded;

installFakeApi();
afterEach(() => vi.restoreAllMocks());

const loginAnswer = (role: number, userId = 1) => ({
  user_id: userId,
  registration_completed: 1,
  access_token: `${userId}|token`,
  first_name: 'Ingrid',
  last_name: 'Berg',
  role: { id: role },
  blocked_access: false,
  expires_at: '2027-01-01T00:00:00Z',
});

async function signIn(user: UserEvent, remember = false) {
  await user.type(await screen.findByRole('textbox', { name: 'E-post' }), 'ansatt@example.no');
  await user.type(screen.getByLabelText(/Passord/), 'demo1234');
  if (remember) await user.click(screen.getByRole('switch', { name: 'Husk meg' }));
  await user.click(screen.getByRole('button', { name: 'Logg inn' }));
}

describe('staff sign-in', () => {
  it('asks for the CSRF cookie, signs in with remember me and lands on /membership (a case worker, without stats.read)', async () => {
    withRights(['members.read', 'members.change', 'requests.decide', 'cards.send', 'logs.read']);
    server.use(
      http.post('*/api/user/login', () => HttpResponse.json(loginAnswer(3))),
      http.get('*/api/member/list', () => HttpResponse.json(paged([listItem(1)], 1))),
    );
    const user = userEvent.setup();
    renderAdmin('/', { signedIn: false });
    await signIn(user, true);
    expect(await screen.findByRole('heading', { level: 1, name: '1 MEDLEM' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/membership');
    const csrf = calls().findIndex((call) => call.path === '/sanctum/csrf-cookie');
    const login = calls().findIndex((call) => call.path === '/api/user/login');
    expect(csrf).toBeGreaterThanOrEqual(0);
    expect(csrf).toBeLessThan(login);
    expect(callsTo('/api/user/login', 'POST')[0].body).toEqual({ email: 'ansatt@example.no', password: 'demo1234', remember: true });
    expect(localStorage.getItem('token')).toBe('1|token');
    expect(localStorage.getItem('userRole')).toBe('3');
  });

  it("validates in the app with Norwegian messages, not the browser's bubble", async () => {
    const user = userEvent.setup();
    renderAdmin('/', { signedIn: false });
    const emailField = await screen.findByRole('textbox', { name: 'E-post' });
    expect(emailField.closest('form')).toHaveAttribute('novalidate');
    await user.click(screen.getByRole('button', { name: 'Logg inn' }));
    expect(await screen.findAllByText('Påkrevd felt')).toHaveLength(2);
    await user.type(emailField, 'ansatt');
    await user.click(screen.getByRole('button', { name: 'Logg inn' }));
    expect(await screen.findByText('Ugyldig e-postadresse')).toBeInTheDocument();
    expect(callsTo('/api/user/login', 'POST')).toHaveLength(0);
  });

  it('shows the server error when sign-in fails, until dismissed', async () => {
    server.use(
      http.post('*/api/user/login', () => HttpResponse.json({ message: 'Feil e-post eller passord.', error: 'Feil e-post eller passord.' }, { status: 401 })),
    );
    const user = userEvent.setup();
    renderAdmin('/', { signedIn: false });
    await signIn(user);
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Feil e-post eller passord.');
    await user.click(within(toast).getByRole('button', { name: 'Lukk melding' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('sends a member who signs in here to Min side with a full page load', async () => {
    const leave = vi.spyOn(pageLoad, 'to').mockImplementation(() => undefined);
    server.use(http.post('*/api/user/login', () => HttpResponse.json(loginAnswer(2, 5))));
    const user = userEvent.setup();
    renderAdmin('/', { signedIn: false });
    await signIn(user);
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/profile/5'));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('sends a visitor who is not signed in from a staff page to the login', async () => {
    renderAdmin('/membership', { signedIn: false });
    expect(await screen.findByRole('heading', { name: 'Logg inn' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('logs out: revokes the token on the server and clears all local storage', async () => {
    server.use(
      http.get('*/api/member/list', () => HttpResponse.json(paged([listItem(1)], 1))),
      http.post('*/api/user/logout', () => HttpResponse.json({ message: 'Du er logget ut.' })),
    );
    const user = userEvent.setup();
    renderAdmin('/membership');
    localStorage.setItem('something-else', 'x');
    await user.click(await screen.findByRole('button', { name: 'Åpne profilpanelet' }));
    await user.click(await screen.findByRole('button', { name: 'Logg Ut' }));
    expect(await screen.findByRole('heading', { name: 'Logg inn' })).toBeInTheDocument();
    expect(callsTo('/api/user/logout', 'POST')).toHaveLength(1);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('something-else')).toBeNull();
  });

  it('goes back to the login when the token stops working (401)', async () => {
    expectFailedRequests();
    server.use(http.get('*/api/member/list', () => HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 })));
    renderAdmin('/membership');
    expect(await screen.findByRole('heading', { name: 'Logg inn' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('checks the reset e-mail in the app with Norwegian messages', async () => {
    const user = userEvent.setup();
    renderAdmin('/reset-password', { signedIn: false });
    const emailField = await screen.findByRole('textbox', { name: 'E-post' });
    expect(emailField.closest('form')).toHaveAttribute('novalidate');
    await user.type(emailField, 'ansatt@');
    await user.click(screen.getByRole('button', { name: 'Send lenke' }));
    expect(await screen.findByText('Ugyldig e-postadresse')).toBeInTheDocument();
  });

  it('asks for a reset link at /reset-password and shows the server message', async () => {
    server.use(
      http.post('*/api/user/password/reset', () => HttpResponse.json({ message: 'Hvis e-postadressen er registrert hos oss, får du snart en e-post.' })),
    );
    const user = userEvent.setup();
    renderAdmin('/reset-password', { signedIn: false });
    await user.type(await screen.findByRole('textbox', { name: 'E-post' }), 'ansatt@example.no');
    await user.click(screen.getByRole('button', { name: 'Send lenke' }));
    expect(await screen.findByText(/Hvis e-postadressen er registrert/)).toBeInTheDocument();
    expect(callsTo('/api/user/password/reset', 'POST')[0].body).toEqual({ email: 'ansatt@example.no' });
  });
});
