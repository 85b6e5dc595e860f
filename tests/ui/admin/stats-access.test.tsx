/**
 * 'Nøkkeltall' is for staff with stats.read (Økonomi and Administrator): first in their menu and
 * their start page after signing in; others see no entry and start at the member overview.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { RIGHT_NAMES } from '../../../server/domain/staff/rights.ts';
import { listItem, paged } from './fixtures.ts';
import { answerStats } from './stats-fixtures.ts';
import { installFakeApi, renderAdmin, server, withRights } from './harness.tsx';

installFakeApi();

/** Saksbehandler (role 3) as the demo has it: no stats.read. */
const CASE_WORKER = ['members.read', 'members.change', 'requests.decide', 'cards.send', 'logs.read'];
const SLOW = { timeout: 25_000 };
const menu = () => screen.getByRole('navigation', { name: 'Hovedmeny' });
const members = () => server.use(http.get('*/api/member/list', () => HttpResponse.json(paged([listItem(1)], 1))));

const loginAnswer = (role: number) => ({
  user_id: 1,
  registration_completed: 1,
  access_token: '1|token',
  first_name: 'Ingrid',
  last_name: 'Berg',
  role: { id: role },
  blocked_access: false,
  expires_at: '2027-01-01T00:00:00Z',
});

describe('Nøkkeltall and the rights', { timeout: 60_000 }, () => {
  it('is the first entry of the menu for staff with stats.read', async () => {
    members();
    renderAdmin('/membership');
    await screen.findByRole('heading', { name: '1 MEDLEM' }, SLOW);
    const links = await within(menu()).findAllByRole('link');
    expect(links[0]).toHaveAccessibleName('Nøkkeltall');
    expect(links[0]).toHaveAttribute('href', '/stats');
  });

  it('has no entry for staff without stats.read', async () => {
    members();
    withRights(CASE_WORKER);
    renderAdmin('/membership');
    await screen.findByRole('heading', { name: '1 MEDLEM' }, SLOW);
    await within(menu()).findByRole('link', { name: 'Medlemsoversikt' }, SLOW);
    expect(within(menu()).queryByRole('link', { name: 'Nøkkeltall' })).not.toBeInTheDocument();
  });

  it('refuses the page typed in without stats.read, naming the right', async () => {
    withRights(CASE_WORKER);
    renderAdmin('/stats');
    expect(await screen.findByRole('heading', { level: 1, name: 'Du har ikke tilgang' }, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/\(stats\.read\)/)).toBeInTheDocument();
  });

  it('is where staff with stats.read land after signing in', async () => {
    answerStats();
    withRights(['members.read', 'stats.read']);
    server.use(http.post('*/api/user/login', () => HttpResponse.json(loginAnswer(4))));
    const user = userEvent.setup();
    renderAdmin('/', { signedIn: false });
    await user.type(await screen.findByRole('textbox', { name: 'E-post' }), 'leder@example.no');
    await user.type(screen.getByLabelText(/Passord/), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Logg inn' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Nøkkeltall' }, SLOW)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/stats$/);
  });

  it.each([
    ['an administrator', RIGHT_NAMES, '/stats'],
    ['a case worker', CASE_WORKER, '/membership'],
  ])('sends %s who is signed in from / to their start page', async (_who, rights, start) => {
    answerStats();
    members();
    withRights(rights);
    renderAdmin('/');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^${start}$`)), SLOW);
  });
});
