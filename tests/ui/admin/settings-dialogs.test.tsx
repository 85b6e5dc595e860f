/** The settings dialogs save only when changed and valid (spec section 4), as the member forms do. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { installFakeApi, renderAdmin, server } from './harness.tsx';
import { paged } from './fixtures.ts';

installFakeApi();

const template = {
  id: 1, title: 'Medlemskap avvist', content: '<p>Hei {first_name}</p>', from_name: 'Medlemsservice', from_email: 'post@example.no',
  created_at: '2026-01-01T09:00:00.000Z', updated_at: '2026-01-01T09:00:00.000Z',
};

function answerSettings() {
  server.use(
    http.get('*/api/emails/template/list', () => HttpResponse.json(paged([template]))),
    http.get('*/api/emails/template/1', () => HttpResponse.json({ data: template })),
    http.get('*/api/campaign/list', () => HttpResponse.json(paged([]))),
    http.get('*/api/product-category/list', () => HttpResponse.json({ data: [{ id: 1, title: 'Medlemskap' }] })),
    http.get('*/api/campaign/options/benefit', () => HttpResponse.json({ data: [{ id: 0, text: 'Ingen' }] })),
    http.get('*/api/member/list', () => HttpResponse.json(paged([]))),
  );
}

describe('the template modal', () => {
  it('keeps Lagre disabled until a change, and again while the sender is no e-mail address', async () => {
    answerSettings();
    const user = userEvent.setup();
    renderAdmin('/settings/system-message');
    await user.click(await screen.findByText('Medlemskap avvist'));
    const dialog = await screen.findByRole('dialog');
    const save = within(dialog).getByRole('button', { name: 'Lagre' });
    expect(save).toBeDisabled();

    const sender = within(dialog).getByRole('textbox', { name: /Avsender \(e-post\)/ });
    await user.clear(sender);
    await user.type(sender, 'ikke-en-epost');
    await waitFor(() => expect(save).toBeDisabled());
    await user.clear(sender);
    await user.type(sender, 'medlem@example.no');
    await waitFor(() => expect(save).toBeEnabled());
  });

  it('names each insert button by the text it puts in, with its Norwegian meaning', async () => {
    answerSettings();
    const user = userEvent.setup();
    renderAdmin('/settings/system-message');
    await user.click(await screen.findByText('Medlemskap avvist'));
    const dialog = await screen.findByRole('dialog');
    const group = await within(dialog).findByRole('group', { name: /Sett inn/i });
    const first = within(group).getByRole('button', { name: /\{first_name\}/ });
    expect(first).toHaveAccessibleName('Fornavn {first_name}');
    expect(within(group).getByRole('button', { name: 'Etternavn {last_name}' })).toBeInTheDocument();
    expect(within(group).queryByText(/FORNAVN/)).toBeNull();
  });
});

describe('the campaign create modal', () => {
  it('offers no Lagre on the empty form, nor while the start date is missing', async () => {
    answerSettings();
    const user = userEvent.setup();
    renderAdmin('/settings/promo-code');
    await user.click(await screen.findByRole('button', { name: /Opprett/i }));
    const dialog = await screen.findByRole('dialog');
    const save = within(dialog).getByRole('button', { name: 'Lagre' });
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /^Navn/ }), 'Sommer');
    await user.type(within(dialog).getByRole('textbox', { name: /^Kode/ }), 'SOMMER26');
    expect(save).toBeDisabled();
  });
});
