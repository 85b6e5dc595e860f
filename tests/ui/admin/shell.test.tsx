import { use } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { authProvider } from '../../../src/admin/authProvider.ts';
import { Layout } from '../../../src/admin/layout/Layout.tsx';
import { theme } from '../../../src/admin/theme.ts';
import { dataProvider } from '../../../src/dataProvider/index.ts';
import { i18nProvider } from '../../../src/i18n/index.ts';
import { listItem, paged } from './fixtures.ts';
import { PENDING, calls, renderAdmin, server, installFakeApi, signInAsStaff } from './harness.tsx';

installFakeApi();

const members = () => server.use(http.get('*/api/member/list', () => HttpResponse.json(paged([listItem(1)], 1))));

describe('staff shell', () => {
  it('shows the pending counts in the requests group and their sum on the red badge', async () => {
    members();
    renderAdmin('/membership');
    const user = userEvent.setup();
    const sum = PENDING.memberships + PENDING.travel + PENDING.instruments;
    const group = await screen.findByRole('button', { name: `Forespørsler, ${sum} ventende` }, { timeout: 15_000 });
    expect(within(group).getByText(String(sum))).toBeInTheDocument();
    await user.click(group);
    expect(await screen.findByRole('link', { name: `Medlemskap (${PENDING.memberships})` })).toHaveAttribute('href', '/membership-request');
    expect(screen.getByRole('link', { name: `Reiseforsikring (${PENDING.travel})` })).toHaveAttribute('href', '/travel-insurance');
    expect(screen.getByRole('link', { name: `Instrumentforsikring (${PENDING.instruments})` })).toHaveAttribute('href', '/instrument-insurance');
    expect(screen.getByRole('link', { name: 'Medlemsoversikt' })).toHaveAttribute('href', '/membership');
    expect(screen.getByRole('link', { name: 'Innstillinger' })).toHaveAttribute('href', '/settings');
  });

  it('asks for the badge counts in one request and never for a page of a queue to count it', async () => {
    members();
    renderAdmin('/membership');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Forespørsler, \d+ ventende$/ }));
    await screen.findByRole('link', { name: `Medlemskap (${PENDING.memberships})` });
    await screen.findByRole('heading', { name: '1 MEDLEM' });
    const paths = calls.map((call) => call.path);
    expect(paths.filter((path) => path === '/api/counters')).toHaveLength(1);
    expect(paths.filter((path) => path.startsWith('/api/subscription/list/'))).toEqual([]);
  });

  it('shows a plain requests icon when nothing is pending', async () => {
    members();
    server.use(
      http.get('*/api/counters', () =>
        HttpResponse.json({
          data: { 'pending-memberships': 0, 'pending-travel': 0, 'pending-instruments': 0 },
        }),
      ),
    );
    renderAdmin('/membership');
    const group = await screen.findByRole('button', { name: 'Forespørsler' });
    await screen.findByRole('heading', { name: '1 MEDLEM' });
    expect(within(group).queryByText('0')).not.toBeInTheDocument();
  });

  it('remembers whether the requests group is open', async () => {
    members();
    const user = userEvent.setup();
    const first = renderAdmin('/membership');
    await user.click(await screen.findByRole('button', { name: /Forespørsler/ }));
    await screen.findByRole('link', { name: /Medlemskap \(/ });
    first.unmount();
    renderAdmin('/membership');
    expect(await screen.findByRole('link', { name: /Medlemskap \(/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Forespørsler/ })).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows the full name in the top bar and initials, name and "Logg Ut" in the profile panel', async () => {
    members();
    const user = userEvent.setup();
    renderAdmin('/membership');
    expect(await screen.findByText('Ingrid Berg')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Åpne profilpanelet' }));
    const panel = await screen.findByRole('region', { name: 'Profil' });
    expect(within(panel).getByText('IB')).toBeInTheDocument();
    expect(within(panel).getByText('Ingrid Berg')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Logg Ut' })).toBeInTheDocument();
  });

  it('switches the language from the profile panel, and the page says which language it is in', async () => {
    members();
    const user = userEvent.setup();
    renderAdmin('/membership');
    await screen.findByRole('heading', { name: '1 MEDLEM' });
    expect(document.documentElement.lang).toBe('nb');
    await user.click(screen.getByRole('button', { name: 'Åpne profilpanelet' }));
    await user.click(await screen.findByRole('combobox', { name: 'Språk' }));
    await user.click(await screen.findByRole('option', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: '1 MEMBER' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    // And back: screen readers read the Norwegian pages in Norwegian again.
    await user.click(screen.getByRole('button', { name: 'Open the profile panel' }));
    await user.click(await screen.findByRole('combobox', { name: 'Language' }));
    await user.click(await screen.findByRole('option', { name: 'Norsk (bokmål)' }));
    expect(await screen.findByRole('heading', { name: '1 MEDLEM' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('nb');
  });

  it('shows the breadcrumb of the route and links the logo to /membership', async () => {
    members();
    renderAdmin('/membership/create-new-user');
    const crumbs = await screen.findByRole('navigation', { name: 'Brødsmulesti' });
    expect(within(crumbs).getByRole('link', { name: 'MEDLEMSOVERSIKT' })).toHaveAttribute('href', '/membership');
    expect(within(crumbs).getByText('OPPRETT NYTT MEDLEM')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: /Musikerportalen/ })).toHaveAttribute('href', '/membership');
  });

  it('opens and closes the menu from its button, which says which it will do, and skips to the page', async () => {
    members();
    renderAdmin('/membership');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: '1 MEDLEM' });
    const before = screen.getByRole('button', { name: /^(Åpne|Lukk) menyen$/ });
    const opens = before.getAttribute('aria-label') === 'Åpne menyen';
    await user.click(before);
    expect(await screen.findByRole('button', { name: opens ? 'Lukk menyen' : 'Åpne menyen' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: opens ? 'Lukk menyen' : 'Åpne menyen' }));
    expect(await screen.findByRole('button', { name: opens ? 'Åpne menyen' : 'Lukk menyen' })).toBeInTheDocument();
    // The skip link leads to the page's content, which holds the list.
    const skip = screen.getByRole('link', { name: 'Hopp til innholdet' });
    const main = document.getElementById(skip.getAttribute('href')!.slice(1));
    expect(main).not.toBeNull();
    expect(within(main!).getByRole('heading', { name: '1 MEDLEM' })).toBeInTheDocument();
    await user.click(skip);
    expect(main).toHaveFocus();
  });

  it('names what it waits for while a page loads, in words of the text colour', async () => {
    signInAsStaff();
    const never = new Promise<never>(() => {});
    function Waiting(): null {
      use(never);
      return null;
    }
    await act(async () => {
      render(
        <MemoryRouter initialEntries={['/membership']}>
          <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider} theme={theme}>
            <Layout>
              <Waiting />
            </Layout>
          </AdminContext>
        </MemoryRouter>,
      );
    });
    const status = await screen.findByRole('status');
    // A nameless progress bar is read as just 'progress bar'; grey words fall below 4.5:1.
    expect(within(status).getByRole('progressbar', { name: 'Laster inn' })).toBeInTheDocument();
    expect(within(status).getByText('Vent litt')).toHaveStyle({ color: 'rgba(0, 0, 0, 0.87)' });
  });

  it('gives the request and settings pages their titles', async () => {
    renderAdmin('/instrument-insurance');
    expect(await screen.findByRole('heading', { name: `FORESPØRSLER INSTURMENTFORSIKRING (${PENDING.instruments} nye)` })).toBeInTheDocument();
  });

  it('sends anything else under /membership/ to /membership', async () => {
    members();
    renderAdmin('/membership/nothing/here');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/membership$/));
  });
});
