/** A member's instrument page for a member that does not exist: the member page's not-found answer. */
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { expectFailedRequests, installFakeApi, renderAdmin, server } from './harness.tsx';

installFakeApi();

describe('the staff instrument page of an unknown member', () => {
  it("says the member was not found, offers 'Gå tilbake' and nothing to add", async () => {
    expectFailedRequests();
    const missing = () => HttpResponse.json({ message: 'Fant ikke medlemmet' }, { status: 404 });
    server.use(
      http.get('*/api/member/99999', missing),
      http.get('*/api/member/99999/instrument', missing),
      http.get('*/api/instrument/category/list', () => HttpResponse.json({ data: [] })),
    );
    renderAdmin('/membership/edit/instrument-insurance/99999');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Fant ikke medlemmet' }, { timeout: 40_000 });
    expect(heading).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Gå tilbake' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Legg til/ })).toBeNull();
    expect(within(document.body).queryByText('Noe gikk galt!')).toBeNull();
  }, 60_000);
});
