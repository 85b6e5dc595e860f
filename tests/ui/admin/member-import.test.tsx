/** 'Importer medlemmer': the limits as the server names them, a row's decision saved through the data provider, a running import and its undo followed. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { paged } from './fixtures.ts';
import { callsTo, installFakeApi, renderAdmin, server } from './harness.tsx';
import type { MemberImport } from '../../../src/dataProvider/types.ts';

installFakeApi();

const SLOW = { timeout: 25_000 };

function anImport(values: Partial<MemberImport> = {}): MemberImport {
  return {
    id: 7,
    file_name: 'register.xlsx',
    state: 'preview',
    created_at: '2026-11-24T08:00:00.000Z',
    created_by: { id: 1, name: 'Siri Saksbehandler' },
    columns: ['Fornavn', 'Etternavn', 'E-post'],
    mapping: { Fornavn: 'first_name', Etternavn: 'last_name', 'E-post': 'email' },
    summary: { rows: 3, new: 2, update: 0, duplicate: 1, error: 0 },
    errors: [],
    duplicates: [{ row: 4, member_id: 12, of_row: null, by: 'email', name: 'Ola Nordmann', member_name: 'Ola Nordmann', member_number: 10189, action: 'skip' }],
    default_action: null,
    send_welcome: false,
    skip_errors: false,
    progress: { done: 0, rows: 3 },
    error: null,
    committed_at: null,
    undone_at: null,
    undo_until: null,
    ...values,
  };
}

describe('the member import pages', { timeout: 60_000 }, () => {
  it('names the limits the server gives', async () => {
    server.use(
      http.get('*/api/member/import/limits', () => HttpResponse.json({ data: { file_mb: 7, rows: 1234 } })),
      http.get('*/api/member/import/list', () => HttpResponse.json(paged([], 0))),
    );
    renderAdmin('/member-import');
    expect(await screen.findByText(/^Høyst 7 MB og 1\s234 rader per fil\./, undefined, SLOW)).toBeInTheDocument();
  });

  it("gives the file input a name, the words of its 'Velg fil' button", async () => {
    server.use(
      http.get('*/api/member/import/limits', () => HttpResponse.json({ data: { file_mb: 7, rows: 1234 } })),
      http.get('*/api/member/import/list', () => HttpResponse.json(paged([], 0))),
    );
    renderAdmin('/member-import');
    await screen.findByRole('button', { name: 'Velg fil' }, SLOW);
    const input = document.querySelector('input[type="file"]');
    expect(input).not.toBeNull();
    expect(screen.getByLabelText('Velg fil', { selector: 'input[type="file"]' })).toBe(input);
  });

  it("saves a duplicate's decision with PATCH, and follows the commit until it is done", async () => {
    let current = anImport();
    server.use(
      http.get('*/api/member/import/7', () => HttpResponse.json({ data: current })),
      http.patch('*/api/member/import/7', () => {
        current = anImport({ summary: { ...current.summary, update: 1, duplicate: 0 }, duplicates: [{ ...current.duplicates[0], action: 'fill' }] });
        return HttpResponse.json({ data: current });
      }),
      http.post('*/api/member/import/7/commit', () => {
        current = { ...current, state: 'running', progress: { done: 1, rows: 3 } };
        return HttpResponse.json({ data: current }, { status: 202 });
      }),
    );
    renderAdmin('/member-import/7');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Hva skal skje? Rad 4' }, SLOW));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Oppdater tomme felt' }));
    await waitFor(() => expect(callsTo('/api/member/import/7', 'PATCH').map((call) => call.body)).toEqual([{ decisions: [{ row: 4, action: 'fill' }] }]));
    await waitFor(() => expect(document.querySelector('[data-count="update"]')?.textContent).toBe('1'));

    await user.click(screen.getByRole('button', { name: 'Importer' }));
    expect(await screen.findByText('Importerer: 1 av 3 rader')).toBeInTheDocument();
    current = { ...current, state: 'done', progress: { done: 3, rows: 3 }, committed_at: '2026-11-24T08:01:00.000Z', undo_until: '2026-12-24T08:01:00.000Z' };
    expect(await screen.findByText('Importert: 2 nye medlemmer, 1 oppdatert, 0 duplikater hoppet over.', undefined, { timeout: 5000 })).toBeInTheDocument();
  });

  it("counts the open invoices the 'Åpne fakturaer' sheet moves in, and those moved in before, and says how many were moved", async () => {
    let current = anImport({ summary: { rows: 3, new: 2, update: 0, duplicate: 1, error: 0, invoices: 4, invoices_existing: 2 } });
    server.use(http.get('*/api/member/import/7', () => HttpResponse.json({ data: current })));
    renderAdmin('/member-import/7');
    const count = async (key: string) => {
      const value = await waitFor(() => {
        const found = document.querySelector(`[data-count="${key}"]`);
        expect(found).not.toBeNull();
        return found!;
      }, SLOW);
      return [value.previousElementSibling?.textContent, value.textContent];
    };
    expect(await count('invoices')).toEqual(['Åpne fakturaer', '4']);
    expect(await count('invoices_existing')).toEqual(['Fakturaer overført før (hoppes over)', '2']);
    current = { ...current, state: 'done', progress: { done: 3, rows: 3 }, committed_at: '2026-11-24T08:01:00.000Z', undo_until: '2026-12-24T08:01:00.000Z' };
    renderAdmin('/member-import/7');
    expect(
      await screen.findByText('Importert: 2 nye medlemmer, 0 oppdatert, 1 duplikater hoppet over. 4 åpne fakturaer overført.', undefined, SLOW),
    ).toBeInTheDocument();
  });

  it("offers 'Opprett likevel' only where it can work, shows the first rows as read, and imports the rest on request", async () => {
    let current = anImport({
      summary: { rows: 3, new: 1, update: 0, duplicate: 1, error: 1 },
      errors: [{ row: 3, column: 'Fødselsdato', message: 'fødselsdatoen er fram i tid' }],
      duplicates: [
        {
          row: 4,
          member_id: 12,
          of_row: null,
          by: 'email',
          name: 'Ola Nordmann',
          member_name: 'Ola Nordmann',
          member_number: 10189,
          action: 'skip',
          create_refused: 'e-postadressen brukes av en annen konto',
        },
      ],
      sample: [{ row: 2, values: { first_name: 'Kari', last_name: 'Nordmann', email: 'kari@example.no' }, errors: [] }],
    });
    server.use(
      http.get('*/api/member/import/7', () => HttpResponse.json({ data: current })),
      http.post('*/api/member/import/7/commit', () => {
        current = {
          ...current,
          state: 'done',
          skip_errors: true,
          committed_at: '2026-11-24T08:01:00.000Z',
          undo_until: '2026-12-24T08:01:00.000Z',
          sample: undefined,
        };
        return HttpResponse.json({ data: current }, { status: 202 });
      }),
    );
    renderAdmin('/member-import/7');
    const user = userEvent.setup();
    const sample = await screen.findByRole('region', { name: 'Slik ble de første radene lest' }, SLOW);
    expect(within(sample).getByRole('columnheader', { name: 'E-post' })).toBeInTheDocument();
    expect(within(sample).getByRole('cell', { name: 'kari@example.no' })).toBeInTheDocument();
    expect(screen.getByText('Opprett likevel går ikke: e-postadressen brukes av en annen konto')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Hva skal skje? Rad 4' }));
    expect(within(screen.getByRole('listbox')).getByRole('option', { name: 'Opprett likevel' })).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Importer' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Importer resten (hopp over 1 rad med feil)' }));
    await waitFor(() => expect(callsTo('/api/member/import/7/commit', 'POST').map((call) => call.body)).toEqual([{ send_welcome: false, skip_errors: true }]));
    expect(await screen.findByText('1 rad med feil ble hoppet over; den står i feilrapporten.', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'fødselsdatoen er fram i tid' })).toBeInTheDocument();
  });

  it('says in the undo dialog how many welcome mails have already gone out', async () => {
    server.use(
      http.get('*/api/member/import/7', () =>
        HttpResponse.json({
          data: anImport({
            state: 'done',
            send_welcome: true,
            welcome_sent: 2,
            committed_at: '2026-11-24T08:01:00.000Z',
            undo_until: '2026-12-24T08:01:00.000Z',
          }),
        }),
      ),
    );
    renderAdmin('/member-import/7');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Angre importen' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Angre importen?' });
    expect(within(dialog).getByText('2 velkomst-e-poster er allerede sendt, og kan ikke kalles tilbake.')).toBeInTheDocument();
  });

  it('follows the undo with its progress until it is done, and then shows its report', async () => {
    const finished = { committed_at: '2026-11-24T08:01:00.000Z', undo_until: '2026-12-24T08:01:00.000Z', progress: { done: 3, rows: 3 } };
    let current = anImport({ state: 'done', ...finished });
    server.use(
      http.get('*/api/member/import/7', () => HttpResponse.json({ data: current })),
      http.post('*/api/member/import/7/undo', () => {
        current = { ...current, state: 'undoing', progress: { done: 0, rows: 3 }, undo_until: null };
        return HttpResponse.json({ data: current }, { status: 202 });
      }),
    );
    renderAdmin('/member-import/7');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Angre importen' }, SLOW));
    await user.click(within(await screen.findByRole('dialog', { name: 'Angre importen?' })).getByRole('button', { name: 'Angre' }));
    expect(await screen.findByText('Angrer: 0 av 3 medlemmer')).toBeInTheDocument();
    expect(screen.getByText('Angringen kjører. Du kan forlate siden og komme tilbake.')).toBeInTheDocument();
    expect(screen.getByText('register.xlsx · Angres')).toBeInTheDocument();
    // The page asks again while the undo runs, and shows how far it has come.
    current = { ...current, progress: { done: 2, rows: 3 } };
    expect(await screen.findByText('Angrer: 2 av 3 medlemmer', undefined, { timeout: 5000 })).toBeInTheDocument();
    current = {
      ...current,
      state: 'undone',
      undone_at: '2026-11-24T09:00:00.000Z',
      summary: { ...current.summary, undo: { undone: 1, kept: [{ member_id: 12, name: 'Ola Nordmann', reason: 'Endret etter importen' }] } },
    };
    expect(await screen.findByText('Importen er angret: 1 medlemmer.', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ola Nordmann' })).toHaveAttribute('href', expect.stringContaining('/membership/edit/12'));
    expect(screen.queryByText(/^Angrer:/)).not.toBeInTheDocument();
    expect(callsTo('/api/member/import/7/undo', 'POST')).toHaveLength(1);
  });
});
