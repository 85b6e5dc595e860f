/**
 * A new staff area is one registry entry plus its folder's view: each page's path is written once,
 * in the entry, and its route, breadcrumb, browser title, menu entry and right follow.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { useParams } from 'react-router-dom';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { appForPath } from '../../../src/common/routing.ts';
import { dataProvider } from '../../../src/dataProvider/index.ts';
import { paged } from './fixtures.ts';
import { callsTo, installFakeApi, renderAdmin, server, withRights } from './harness.tsx';

installFakeApi();

// A throwaway area, labelled with keys of the first-load catalogue (as a real area's menu and breadcrumbs must be), so the harness's missing-key check holds.
// Its resource has a name of its own: the registry refuses a name another area already declares.
// The one place its pages' paths are written:
vi.mock('../../../src/common/staff-areas/registry.ts', async (original) => {
  const { registryWith, testArea, testModule } = await import('./test-area.ts');
  return registryWith(
    original,
    testArea(
      'throwaway',
      { throwaway: { list: '/api/throwaway/list' } },
      {
        '/throwaway': { module: testModule('throwaway', 'List'), label: 'app.profile.title', title: 'app.profile.language' },
        '/throwaway/secret/:id': { module: testModule('throwaway', 'Secret'), label: 'app.language.nb', parent: '/throwaway', right: 'staff.administer' },
      },
    ),
  );
});
// Its folder's view: the component of each module, no paths.
vi.mock('../../../src/admin/areas/views.ts', async (original) => {
  const { testModule, viewsWith } = await import('./test-area.ts');
  return viewsWith(original, () => ({
    area: 'throwaway',
    components: { [testModule('throwaway', 'List')]: ThrowawayPage, [testModule('throwaway', 'Secret')]: SecretPage },
  }));
});

function ThrowawayPage() {
  return <h1>Kampanjer</h1>;
}

function SecretPage() {
  return <h1>Hemmelig nummer {useParams().id}</h1>;
}

describe('a registered area', () => {
  it('shows in the menu and the breadcrumb, names its page in the browser’s title and opens its page', async () => {
    renderAdmin('/throwaway');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kampanjer' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Hovedmeny' });
    expect(within(menu).getByRole('link', { name: 'Profil' })).toHaveAttribute('href', '/throwaway');
    const crumbs = screen.getByRole('navigation', { name: 'Brødsmulesti' });
    expect(within(crumbs).getByText('Profil')).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(document.title).toBe('Språk – Musikerportalen'));
  });

  it('opens a page under it with its parameter, after its parent’s breadcrumb', async () => {
    renderAdmin('/throwaway/secret/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hemmelig nummer 7' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Brødsmulesti' });
    expect(within(crumbs).getByRole('link', { name: 'Profil' })).toHaveAttribute('href', '/throwaway');
    expect(within(crumbs).getByText('Norsk (bokmål)')).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(document.title).toBe('Norsk (bokmål) – Musikerportalen'));
  });

  it('keeps a page that needs a right of its own from staff without it, while the rest of the area opens', async () => {
    withRights(['members.read']);
    renderAdmin('/throwaway/secret/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Du har ikke tilgang' })).toBeInTheDocument();
    expect(screen.getByText(/\(staff\.administer\)/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Hemmelig/ })).not.toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Hovedmeny' })).getByRole('link', { name: 'Profil' })).toHaveAttribute('href', '/throwaway');
  });

  it('is served by the data provider from its /api path and belongs to the staff app', async () => {
    server.use(http.get('*/api/throwaway/list', () => HttpResponse.json(paged([{ id: 1 }]))));
    const result = await dataProvider.getList('throwaway', { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(result.data).toEqual([{ id: 1 }]);
    expect(callsTo('/api/throwaway/list')[0].query).toEqual({ page: '1', per_page: '25', sort: 'id' });
    expect(appForPath('/throwaway/7')).toBe('staff');
  });
});
