/** Every staff page, signed in or not, links to the staff app's accessibility statement in its footer. */
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { LoginPage } from '../../../src/admin/login/LoginPage.tsx';
import { listItem, paged } from './fixtures.ts';
import { installFakeApi, renderAdmin, server } from './harness.tsx';

installFakeApi();

describe('the link to the accessibility statement', () => {
  it('is in the footer of a staff page and leads to the staff app’s statement', async () => {
    server.use(http.get('*/api/member/list', () => HttpResponse.json(paged([listItem(1)], 1))));
    renderAdmin('/membership');
    // The area's screens load on first use, which takes a while in a cold test run.
    await screen.findByRole('heading', { name: '1 MEDLEM' }, { timeout: 15_000 });
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Tilgjengelighetserklæring' })).toHaveAttribute('href', '/tilgjengelighet/ansatte');
  });

  it('is in the footer of the sign-in page, for visitors who are not signed in', () => {
    render(<LoginPage go={vi.fn()} onSignedIn={vi.fn()} />);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Tilgjengelighetserklæring' })).toHaveAttribute('href', '/tilgjengelighet/ansatte');
  });
});
