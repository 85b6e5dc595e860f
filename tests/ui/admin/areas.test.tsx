/** A new staff area is one registry entry plus its folder: the menu, the breadcrumb and the data provider follow. */
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { appForPath } from '../../../src/common/routing.ts';
import { dataProvider } from '../../../src/dataProvider/index.ts';
import { paged } from './fixtures.ts';
import { callsTo, installFakeApi, renderAdmin, server } from './harness.tsx';

installFakeApi();

// A throwaway area, labelled with catalogue keys that exist so the harness's missing-key check holds.
// Its resource has a name of its own: the registry refuses a name another area already declares.
vi.mock('../../../src/common/staff-areas/registry.ts', async (original) => {
  const { registryWith, testArea } = await import('./test-area.ts');
  return registryWith(original, testArea('throwaway', { throwaway: { list: '/api/throwaway/list' } }));
});
vi.mock('../../../src/admin/areas/views.ts', async (original) => {
  const { viewsWith } = await import('./test-area.ts');
  return viewsWith(original, () => ({ area: 'throwaway', pages: [{ path: '*', component: ThrowawayPage }] }));
});

function ThrowawayPage() {
  return <h1>Kampanjer</h1>;
}

describe('a registered area', () => {
  it('shows in the menu and the breadcrumb and opens its page', async () => {
    renderAdmin('/throwaway');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kampanjer' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Hovedmeny' });
    expect(within(menu).getByRole('link', { name: 'Meldingslogg' })).toHaveAttribute('href', '/throwaway');
    const crumbs = screen.getByRole('navigation', { name: 'Brødsmulesti' });
    expect(within(crumbs).getByText('Meldingslogg')).toHaveAttribute('aria-current', 'page');
  });

  it('is served by the data provider from its /api path and belongs to the staff app', async () => {
    server.use(http.get('*/api/throwaway/list', () => HttpResponse.json(paged([{ id: 1 }]))));
    const result = await dataProvider.getList('throwaway', { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(result.data).toEqual([{ id: 1 }]);
    expect(callsTo('/api/throwaway/list')[0].query).toEqual({ page: '1', per_page: '25', sort: 'id' });
    expect(appForPath('/throwaway/7')).toBe('staff');
  });
});
