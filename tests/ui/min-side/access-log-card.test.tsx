import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeMember, memberApi, renderApp, server, signInAs, installFakeApi } from './harness.tsx';

installFakeApi();

describe("'Hvem har sett opplysningene mine'", () => {
  it('says when staff saw the member in a list of several, and how many it held', async () => {
    const member = makeMember();
    memberApi(member);
    const staff = { first_name: 'Siri', last_name: 'Saksbehandler' };
    server.use(
      http.get('*/api/member/:id/access-log', () =>
        HttpResponse.json({
          data: [
            { id: 2, at: '2026-11-03T09:15:00.000Z', staff, kind: 'read', detail: 'Medlemsoversikten', members_in_list: 25 },
            { id: 1, at: '2026-11-02T09:15:00.000Z', staff, kind: 'read', detail: 'Medlemsopplysninger', members_in_list: null },
          ],
          total: 2,
        }),
      ),
    );
    signInAs(member);
    renderApp(`/profile/${member.id}`);
    const card = await screen.findByRole('region', { name: 'Hvem har sett opplysningene mine' });
    expect(await within(card).findByRole('cell', { name: 'Åpnet: Medlemsoversikten (i en liste med 25 medlemmer)' })).toBeInTheDocument();
    expect(within(card).getByRole('cell', { name: 'Åpnet: Medlemsopplysninger' })).toBeInTheDocument();
  });
});
