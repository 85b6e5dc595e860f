/**
 * 'Ansatte': the list of staff users, the invitation form (Norwegian messages on the fields, what
 * was typed kept on a refusal), one user's page (deactivation asked first) and the roles × rights
 * table, saved per role with a refusal shown under the role.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { RoleView } from '../../../server/schemas/staff.ts';
import type { StaffUserDetail, StaffUserRow } from '../../../server/schemas/staff-users.ts';
import { callsTo, expectFailedRequests, installFakeApi, renderAdmin, server, withRights } from './harness.tsx';

installFakeApi();

/** An area's first visit loads its lazy module, which takes a while on a busy machine. */
const LAZY = 20_000;

const RIGHTS = [
  { name: 'members.read', description: 'Se medlemmer, forespørsler, forsikringer og instrumenter' },
  { name: 'members.export', description: 'Eksportere lister (medlemmer, forespørsler, fakturaer, Vipps-rapporten)' },
  { name: 'staff.administer', description: 'Administrere ansatte, roller, rettigheter, tilgangslogg og totrinnsinnlogging' },
];

const ROLES: RoleView[] = [
  { id: 3, name: 'Saksbehandler', builtin: true, rights: ['members.read'], staff_count: 2 },
  { id: 5, name: 'Administrator', builtin: true, rights: ['members.export', 'members.read', 'staff.administer'], staff_count: 1 },
];

const row = (id: number, changes: Partial<StaffUserRow> = {}): StaffUserRow => ({
  id,
  email: `ansatt${id}@example.no`,
  first_name: 'Thomas',
  last_name: 'Lie',
  role_id: 3,
  role_name: 'Saksbehandler',
  active: true,
  last_sign_in_at: '2026-11-20T09:15:00Z',
  two_factor: true,
  invited: false,
  ...changes,
});

const STAFF: StaffUserRow[] = [
  row(1, { first_name: 'Ingrid', last_name: 'Berg', role_id: 5, role_name: 'Administrator' }),
  row(2),
  row(3, { first_name: 'Nora', last_name: 'Ny', invited: true, last_sign_in_at: null, two_factor: false }),
  row(4, { first_name: 'Gammel', last_name: 'Ansatt', active: false }),
];

const detail = (user: StaffUserRow): StaffUserDetail => ({
  ...user,
  rights: ROLES.find((role) => role.id === user.role_id)!.rights,
  extra_rights: [],
  removed_rights: [],
});

function answerStaff(roles: RoleView[] = ROLES, more: StaffUserRow[] = []) {
  server.use(
    http.get('*/api/staff/list', () => HttpResponse.json({ data: STAFF })),
    http.get('*/api/staff/:id', ({ params }) => {
      const user = [...STAFF, ...more].find((candidate) => candidate.id === Number(params.id));
      return user ? HttpResponse.json({ data: detail(user) }) : HttpResponse.json({ message: 'Finner ingen ansatt med den id-en.' }, { status: 404 });
    }),
    http.get('*/api/role/list', () => HttpResponse.json({ data: roles, rights: RIGHTS })),
  );
}

const location = () => screen.getByTestId('location').textContent;

describe('the staff list', () => {
  it('shows each staff user’s role, state, last sign-in and two-factor sign-in; a name opens their page', async () => {
    answerStaff();
    const user = userEvent.setup();
    renderAdmin('/staff');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ansatte' }, { timeout: LAZY })).toBeInTheDocument();
    const table = await screen.findByRole('region', { name: 'Ansatte' });
    const rows = await within(table).findAllByRole('row');
    expect(rows).toHaveLength(5);
    expect(
      within(rows[0])
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Navn', 'E-post', 'Rolle', 'Status', 'Sist innlogget', 'Totrinnsinnlogging']);
    expect(
      within(rows[1])
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Ingrid Berg', 'ansatt1@example.no', 'Administrator', 'Aktiv', '20-11-2026 10:15', 'På']);
    expect(
      within(rows[3])
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Nora Ny', 'ansatt3@example.no', 'Saksbehandler', 'Invitert', 'Aldri', 'Av']);
    expect(within(rows[4]).getByText('Deaktivert')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Inviter ansatt' })).toHaveAttribute('href', '/staff/invite');
    expect(screen.getByRole('link', { name: 'Roller og rettigheter' })).toHaveAttribute('href', '/staff/roles');

    await user.click(within(rows[2]).getByRole('link', { name: 'Thomas Lie' }));
    await waitFor(() => expect(location()).toBe('/staff/2'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Thomas Lie' }, { timeout: LAZY })).toBeInTheDocument();
  });
});

describe('without the right to administer staff', () => {
  it("a case worker has no 'Ansatte' in the menu, and the page typed in says what is missing", async () => {
    answerStaff();
    withRights(['members.read', 'members.change', 'requests.decide', 'cards.send', 'logs.read']);
    renderAdmin('/staff');
    expect(await screen.findByRole('heading', { name: 'Du har ikke tilgang' }, { timeout: LAZY })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Ansatte' })).toBeNull();
    expect(callsTo('/api/staff/list')).toHaveLength(0);
  });
});

describe('inviting a staff user', () => {
  it('says in Norwegian what is missing or wrong, keeps what was typed on a refusal, and opens the new user’s page once sent', async () => {
    const kari = row(9, { first_name: 'Kari', last_name: 'Ny', email: 'kari.ny@example.no', invited: true, last_sign_in_at: null });
    answerStaff(ROLES, [kari]);
    let refuse = true;
    server.use(
      http.post('*/api/staff/invite', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        if (refuse) {
          return HttpResponse.json(
            {
              message: 'E-postadressen tilhører et medlem. En ansatt må ha sin egen e-postadresse.',
              errors: { email: ['E-postadressen tilhører et medlem. En ansatt må ha sin egen e-postadresse.'] },
            },
            { status: 422 },
          );
        }
        return HttpResponse.json({ message: `Invitasjonen er sendt til ${String(body.email)}.`, data: detail(kari) }, { status: 201 });
      }),
    );
    expectFailedRequests();
    const user = userEvent.setup();
    renderAdmin('/staff/invite');
    expect(await screen.findByRole('heading', { level: 1, name: 'Inviter ansatt' }, { timeout: LAZY })).toBeInTheDocument();
    const send = screen.getByRole('button', { name: 'Send invitasjon' });
    expect(send).toBeDisabled();

    const first = screen.getByRole('textbox', { name: /Fornavn/ });
    await user.click(first);
    await user.tab();
    expect(await screen.findByText('Feltet må fylles ut')).toBeInTheDocument();
    await user.type(first, 'Kari');
    await user.type(screen.getByRole('textbox', { name: /Etternavn/ }), 'Ny');
    const email = screen.getByRole('textbox', { name: /E-post/ });
    await user.type(email, 'kari@');
    await user.tab();
    expect(await screen.findByText('Ugyldig e-postadresse')).toBeInTheDocument();
    await user.type(email, 'example.no');
    await user.click(screen.getByRole('combobox', { name: /Rolle/ }));
    await user.click(await screen.findByRole('option', { name: 'Saksbehandler' }));
    await waitFor(() => expect(send).toBeEnabled());

    await user.click(send);
    expect(await screen.findByText('E-postadressen tilhører et medlem. En ansatt må ha sin egen e-postadresse.', { selector: 'p, span' })).toBeInTheDocument();
    expect(callsTo('/api/staff/invite', 'POST')[0].body).toEqual({ first_name: 'Kari', last_name: 'Ny', email: 'kari@example.no', role_id: 3 });
    expect(first).toHaveValue('Kari');
    expect(email).toHaveValue('kari@example.no');

    // react-admin says so in a toast too, which stays until dismissed.
    await user.click(await screen.findByRole('button', { name: 'Lukk melding' }));
    refuse = false;
    await user.clear(email);
    await user.type(email, 'kari.ny@example.no');
    await user.click(send);
    await waitFor(() => expect(location()).toBe('/staff/9'));
    expect(await screen.findByText('Invitasjonen er sendt til kari.ny@example.no')).toBeInTheDocument();
  });
});

describe('one staff user’s page', () => {
  it('asks before deactivating, then saves it; the rights lists follow the role', async () => {
    answerStaff();
    // The server's Thomas, as each change leaves him.
    let thomas = detail(row(2));
    server.use(
      http.get('*/api/staff/2', () => HttpResponse.json({ data: thomas })),
      http.patch('*/api/staff/:id', async ({ request }) => {
        thomas = { ...thomas, ...((await request.json()) as Partial<StaffUserDetail>) };
        const { id, role_id, role_name, active, rights, extra_rights, removed_rights } = thomas;
        return HttpResponse.json({ data: { id, role_id, role_name, active, rights, extra_rights, removed_rights } });
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/staff/2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Thomas Lie' }, { timeout: LAZY })).toBeInTheDocument();
    const rights = await screen.findByRole('region', { name: 'Rettigheter' });
    expect(await within(rights).findByRole('checkbox', { name: RIGHTS[1].description })).not.toBeChecked();
    // Beyond the role: what it lacks; taken from it: what it has.
    expect(within(within(rights).getByRole('group', { name: /Gitt i tillegg/ })).getAllByRole('checkbox')).toHaveLength(2);
    expect(within(within(rights).getByRole('group', { name: /Tatt bort/ })).getAllByRole('checkbox')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Deaktiver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deaktivere Thomas Lie?' });
    expect(callsTo('/api/staff/2', 'PATCH')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Deaktiver' }));
    await waitFor(() => expect(callsTo('/api/staff/2', 'PATCH')[0]?.body).toEqual({ active: false }));
    expect(await screen.findByText('Thomas Lie er deaktivert')).toBeInTheDocument();
    // The dialog closes still asking what it asked (not turned into the opposite question), and the page offers the way back.
    expect(within(dialog).queryByText('Aktivere Thomas Lie?')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: 'Aktiver' })).toBeInTheDocument();
  });
});

describe('the roles × rights table', () => {
  it('saves one role’s ticks, and shows a refusal under the role in Norwegian with the ticks kept', async () => {
    answerStaff();
    server.use(
      http.patch('*/api/role/:id', async ({ params, request }) => {
        const body = (await request.json()) as { rights: string[] };
        if (Number(params.id) === 5) {
          return HttpResponse.json({ message: 'Minst én aktiv ansatt må kunne administrere ansatte. Gi retten til en annen først.' }, { status: 409 });
        }
        return HttpResponse.json({ data: { ...ROLES[0], rights: body.rights } });
      }),
    );
    expectFailedRequests();
    const user = userEvent.setup();
    renderAdmin('/staff/roles');
    expect(await screen.findByRole('heading', { level: 1, name: 'Roller og rettigheter' }, { timeout: LAZY })).toBeInTheDocument();
    const table = await screen.findByRole('region', { name: 'Rettigheter (rader) og roller (kolonner)' });
    const exportTick = await within(table).findByRole('checkbox', { name: `Saksbehandler: ${RIGHTS[1].description}` });
    expect(exportTick).not.toBeChecked();
    const saveWorker = within(table).getByRole('button', { name: 'Lagre rettighetene til Saksbehandler' });
    expect(saveWorker).toBeDisabled();
    await user.click(exportTick);
    expect(saveWorker).toBeEnabled();
    await user.click(saveWorker);
    await waitFor(() => expect(callsTo('/api/role/3', 'PATCH')[0]?.body).toEqual({ rights: ['members.read', 'members.export'] }));
    expect(await screen.findByText('Rettighetene til Saksbehandler er lagret')).toBeInTheDocument();
    await waitFor(() => expect(saveWorker).toBeDisabled());
    expect(exportTick).toBeChecked();

    const adminTick = within(table).getByRole('checkbox', { name: `Administrator: ${RIGHTS[2].description}` });
    await user.click(adminTick);
    await user.click(within(table).getByRole('button', { name: 'Lagre rettighetene til Administrator' }));
    expect(await within(table).findByRole('alert')).toHaveTextContent('Minst én aktiv ansatt må kunne administrere ansatte. Gi retten til en annen først.');
    expect(adminTick).not.toBeChecked();
    expect(within(table).getByRole('button', { name: 'Lagre rettighetene til Administrator' })).toBeEnabled();
  });
});
