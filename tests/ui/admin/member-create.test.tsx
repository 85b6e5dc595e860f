import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { member, paged } from './fixtures.ts';
import { callsTo, expectFailedRequests, renderAdmin, server, installFakeApi } from './harness.tsx';

installFakeApi();

// The form is a lazy chunk; transform it once before the timed waits of the first test.
beforeAll(() => import('../../../src/admin/members/MemberCreate.tsx'), 60_000);

async function fillRequired(user: UserEvent) {
  await user.type(await screen.findByRole('textbox', { name: 'Fornavn' }), 'Kari');
  await user.type(screen.getByRole('textbox', { name: 'Etternavn' }), 'Nordmann');
  await user.type(screen.getByRole('textbox', { name: 'E-post' }), 'kari@example.no');
  await user.type(screen.getByRole('textbox', { name: 'Mobil' }), '98765432');
  await user.type(screen.getByRole('textbox', { name: 'Adresse' }), 'Storgata 1');
  await user.type(screen.getByRole('textbox', { name: 'Postnummer' }), '0155');
  await user.type(screen.getByRole('textbox', { name: 'Poststed' }), 'OSLO');
  await user.click(screen.getByRole('combobox', { name: 'Fakturametode' }));
  await user.click(await screen.findByRole('option', { name: 'E-faktura' }));
}

describe('/membership/create-new-user', () => {
  it('requires the spec fields with "Feltet må fylles ut" and keeps the button disabled until valid', async () => {
    const user = userEvent.setup();
    renderAdmin('/membership/create-new-user');
    const first = await screen.findByRole('textbox', { name: 'Fornavn' });
    await user.type(first, 'K');
    await user.clear(first);
    await waitFor(() => expect(first).toHaveAccessibleDescription('Feltet må fylles ut'));
    expect(screen.getByRole('button', { name: 'Opprett medlem' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Nødvendig informasjon' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Nødvendig informasjon' })).toBeDisabled();
  });

  it("says 'Feltet må fylles ut' under a missing 'Fakturametode' once the form is begun", async () => {
    const user = userEvent.setup();
    renderAdmin('/membership/create-new-user');
    await user.type(await screen.findByRole('textbox', { name: 'Fornavn' }), 'Kari');
    const invoicing = screen.getByRole('group', { name: 'Fakturering' });
    expect(await within(invoicing).findByText('Feltet må fylles ut')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Fakturametode' }));
    await user.click(await screen.findByRole('option', { name: 'E-faktura' }));
    await waitFor(() => expect(within(invoicing).queryByText('Feltet må fylles ut')).not.toBeInTheDocument());
  });

  it('creates the member with the defaults and opens it', async () => {
    server.use(
      http.post('*/api/member/new', () => HttpResponse.json({ data: member({ id: 44 }) }, { status: 201 })),
      http.get('*/api/member/44', () => HttpResponse.json({ data: member({ id: 44 }) })),
      http.get('*/api/member/44/changes', () => HttpResponse.json(paged([]))),
    );
    const user = userEvent.setup();
    renderAdmin('/membership/create-new-user');
    await fillRequired(user);
    const submit = screen.getByRole('button', { name: 'Opprett medlem' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(await screen.findByText('Bruker er opprettet!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/membership/edit/44'));
    // The test ends on the loaded edit page, not mid-navigation, so nothing of it runs after cleanup.
    expect(await screen.findByRole('heading', { level: 1, name: '10189 - Ola Nordmann' })).toBeInTheDocument();
    expect(await screen.findByText('Ingen endringer registrert')).toBeInTheDocument();
    expect(callsTo('/api/member/new', 'POST')[0].body).toMatchObject({
      first_name: 'Kari',
      last_name: 'Nordmann',
      email: 'kari@example.no',
      phone: '98765432',
      invoice_method: 'EFAKTURA',
      gender: 3,
      primary_instrument_type: 1,
      status: '1',
      role_id: 2,
      newsletter_1: true,
    });
  });

  it('shows each e-mail error from the server as its own toast', async () => {
    expectFailedRequests();
    server.use(
      http.post('*/api/member/new', () =>
        HttpResponse.json(
          {
            message: 'E-postadressen er allerede i bruk.',
            errors: { email: ['E-postadressen er allerede i bruk.'] },
            data: { error: { email: ['E-postadressen er allerede i bruk.', 'Bruk en annen e-postadresse.'] } },
          },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderAdmin('/membership/create-new-user');
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Opprett medlem' }));
    const first = await screen.findByRole('alert', {}, { timeout: 5000 });
    await waitFor(() => expect(first).toHaveTextContent('E-postadressen er allerede i bruk.'));
    await user.click(within(first).getByRole('button', { name: 'Lukk melding' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Bruk en annen e-postadresse.'));
  });

  it('asks before creating a probable duplicate and then sends confirm_duplicate', async () => {
    expectFailedRequests();
    let attempts = 0;
    server.use(
      http.post('*/api/member/new', () => {
        attempts += 1;
        if (attempts === 1) {
          return HttpResponse.json(
            {
              message: 'Mulig duplikat',
              duplicates: [
                { id: 9, remote_id: 10009, first_name: 'Kari', last_name: 'Nordmann', birthdate: '1990-01-01', phone: '98765432', email: 'kari@old.no' },
              ],
            },
            { status: 409 },
          );
        }
        return HttpResponse.json({ data: member({ id: 45 }) }, { status: 201 });
      }),
      http.get('*/api/member/45', () => HttpResponse.json({ data: member({ id: 45 }) })),
      http.get('*/api/member/45/changes', () => HttpResponse.json(paged([]))),
    );
    const user = userEvent.setup();
    renderAdmin('/membership/create-new-user');
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Opprett medlem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mulig duplikat' });
    expect(within(dialog).getByText('10009 - Kari Nordmann')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Opprett likevel' }));
    expect(await screen.findByText('Bruker er opprettet!')).toBeInTheDocument();
    const posts = callsTo('/api/member/new', 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[1].body).toMatchObject({ confirm_duplicate: true, first_name: 'Kari' });
    expect(await screen.findByRole('heading', { level: 1, name: '10189 - Ola Nordmann' })).toBeInTheDocument();
  });
});
