/** The settings dialogs save only when changed and valid (spec section 4), as the member forms do. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { callsTo, expectFailedRequests, installFakeApi, renderAdmin, server } from './harness.tsx';
import { paged } from './fixtures.ts';

installFakeApi();

/** A settings screen's first visit loads its lazy module, which takes a while on a busy machine. */
const LAZY = 20_000;

const template = {
  id: 1,
  title: 'Medlemskap avvist',
  content: '<p>Hei {first_name}</p>',
  from_name: 'Medlemsservice',
  from_email: 'post@example.no',
  created_at: '2026-01-01T09:00:00.000Z',
  updated_at: '2026-01-01T09:00:00.000Z',
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
    await user.click(await screen.findByText('Medlemskap avvist', {}, { timeout: LAZY }));
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
    await user.click(await screen.findByText('Medlemskap avvist', {}, { timeout: LAZY }));
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
    await user.click(await screen.findByRole('button', { name: /Opprett/i }, { timeout: LAZY }));
    const dialog = await screen.findByRole('dialog');
    const save = within(dialog).getByRole('button', { name: 'Lagre' });
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /^Navn/ }), 'Sommer');
    await user.type(within(dialog).getByRole('textbox', { name: /^Kode/ }), 'SOMMER26');
    expect(save).toBeDisabled();
  });
});

describe('the Tripletex sync', () => {
  it('asks before it starts, then says it is running', async () => {
    answerSettings();
    server.use(
      http.get('*/api/dev/sync-tripletex/runs', () => HttpResponse.json(paged([]))),
      http.get('*/api/content/admin/pages', () => HttpResponse.json({ data: [] })),
      http.get('*/api/dev/sync-tripletex', () =>
        HttpResponse.json({
          data: {
            id: 7,
            state: 'queued',
            started_by: null,
            customers_created: 0,
            customers_updated: 0,
            orders_created: 0,
            orders_found: 0,
            failures: [],
            error: null,
            created_at: '2026-11-24T04:00:00.000Z',
            finished_at: null,
          },
        }),
      ),
      http.get('*/api/dev/sync-tripletex/runs/7', () =>
        HttpResponse.json({
          data: {
            id: 7,
            state: 'running',
            started_by: null,
            customers_created: 0,
            customers_updated: 0,
            orders_created: 0,
            orders_found: 0,
            failures: [],
            error: null,
            created_at: '2026-11-24T04:00:00.000Z',
            finished_at: null,
          },
        }),
      ),
    );
    const user = userEvent.setup();
    renderAdmin('/settings');
    await user.click(await screen.findByRole('button', { name: 'Synkroniser ordre med Tripletex' }, { timeout: LAZY }));
    const dialog = await screen.findByRole('dialog', { name: 'Synkroniser ordre med Tripletex?' });
    expect(callsTo('/api/dev/sync-tripletex')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Synkroniser' }));
    expect(await screen.findByText('Synkroniserer med Tripletex...')).toBeInTheDocument();
    expect(callsTo('/api/dev/sync-tripletex')).toHaveLength(1);
  });
});

describe('the Tripletex sync, done', () => {
  it('shows the result of the run it follows and reads the earlier runs again once, not over and over', async () => {
    const run = {
      id: 8,
      started_by: null,
      customers_created: 2,
      customers_updated: 1,
      orders_created: 3,
      orders_found: 0,
      failures: [],
      error: null,
      created_at: '2026-11-24T04:00:00.000Z',
    };
    answerSettings();
    server.use(
      http.get('*/api/dev/sync-tripletex/runs', () => HttpResponse.json(paged([]))),
      http.get('*/api/content/admin/pages', () => HttpResponse.json({ data: [] })),
      http.get('*/api/dev/sync-tripletex', () => HttpResponse.json({ data: { ...run, state: 'queued', finished_at: null } })),
      http.get('*/api/dev/sync-tripletex/runs/8', () => HttpResponse.json({ data: { ...run, state: 'done', finished_at: '2026-11-24T04:01:00.000Z' } })),
    );
    const user = userEvent.setup();
    renderAdmin('/settings');
    await user.click(await screen.findByRole('button', { name: 'Synkroniser ordre med Tripletex' }, { timeout: LAZY }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Synkroniser' }));
    expect(await screen.findByText('Kunder opprettet: 2, kunder oppdatert: 1, ordre opprettet: 3, ordre funnet fra før: 0')).toBeInTheDocument();
    // Read when the page opens, when the run starts and when it is done.
    await waitFor(() => expect(callsTo('/api/dev/sync-tripletex/runs').length).toBeGreaterThanOrEqual(3));
    expect(callsTo('/api/dev/sync-tripletex/runs/8').length).toBeLessThanOrEqual(3);
  });
});

describe('the Vipps report', () => {
  it("keeps 'Ukjent feil - prøv igjen' for an empty period and adds the server's reason under it", async () => {
    expectFailedRequests();
    server.use(http.get('*/api/vipps_registration/export', () => HttpResponse.json({ message: 'Ingen Vipps-registreringer i perioden.' }, { status: 404 })));
    const user = userEvent.setup();
    renderAdmin('/settings/vipps-rapport');
    await user.click(await screen.findByRole('button', { name: 'Eksporter (csv)' }, { timeout: LAZY }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Ukjent feil - prøv igjen');
    expect(alert).toHaveTextContent('Ingen Vipps-registreringer i perioden.');
  });
});
