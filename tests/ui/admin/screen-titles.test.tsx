/**
 * The staff app's own screens name themselves in the browser's title (WCAG 2.4.2): an address
 * nobody serves, a screen that crashed, and the loading frame, not the last page's name or none.
 */
import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { i18nProvider } from '../../../src/i18n/index.ts';
import { ErrorPage, LoadingPage } from '../../../src/admin/layout/TitledScreens.tsx';
import { listItem, paged } from './fixtures.ts';
import { renderAdmin, server, installFakeApi } from './harness.tsx';

installFakeApi();

const inApp = (screenToShow: React.ReactNode) =>
  render(
    <MemoryRouter>
      <AdminContext i18nProvider={i18nProvider}>{screenToShow}</AdminContext>
    </MemoryRouter>,
  );

describe('titles of the staff app’s own screens', () => {
  it('an address nobody serves is titled "Ikke funnet", not the page before it', async () => {
    server.use(http.get('*/api/member/list', () => HttpResponse.json(paged([listItem(1)], 1))));
    document.title = 'Medlemsoversikt – Musikerportalen';
    renderAdmin('/no-such-page');
    await screen.findByText(/Enten har du skrevet inn feil adresse/);
    await waitFor(() => expect(document.title).toBe('Ikke funnet – Musikerportalen'));
  });

  it('the error screen is titled "Noe gikk galt"', async () => {
    document.title = 'Medlemsoversikt – Musikerportalen';
    inApp(<ErrorPage error={new Error('knust')} resetErrorBoundary={() => undefined} />);
    await waitFor(() => expect(document.title).toBe('Noe gikk galt – Musikerportalen'));
  });

  it('the loading frame is titled "Laster inn"', async () => {
    document.title = '';
    inApp(<LoadingPage />);
    await waitFor(() => expect(document.title).toBe('Laster inn – Musikerportalen'));
  });
});
