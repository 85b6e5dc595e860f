/**
 * 'Tilgangsrapport': what one staff user did with members' data in a period, from the access log.
 * A case worker opens, exports, changes and erases members through the API; the report counts each
 * kind (an erasure as its own) with the rows the export held, leaves out what lies outside the Oslo
 * days asked for (both ends included), refuses bad dates in Norwegian, and the spreadsheet opens in
 * openpyxl with its summary, rights and entries.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, login, type TestContext } from './helpers.ts';
import { todayInOslo } from '../../server/domain/shared/oslo-date.ts';

const run = promisify(execFile);
/** Debian's python3-openpyxl lives beside the system interpreter, which a version manager on PATH may hide. */
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
const READ_WORKBOOK = `
import json, sys, openpyxl
wb = openpyxl.load_workbook(sys.argv[1])
out = {}
for ws in wb.worksheets:
    out[ws.title] = {'freeze': ws.freeze_panes, 'rows': [[
        (c.value.strftime('%Y-%m-%d') if c.is_date and c.value is not None else c.value) for c in row] for row in ws.iter_rows()]}
print(json.dumps(out))
`;

let t: TestContext;
let admin: { id: number; token: string };
let worker: { id: number; email: string; token: string };
let dir: string;
const today = todayInOslo();

const get = (token: string, url: string) => t.app.inject({ url, headers: bearer(token) });
const report = (query: string, staffId = worker.id) => get(admin.token, `/api/staff/${staffId}/report?${query}`);

beforeAll(async () => {
  t = await buildTestApp();
  dir = await mkdtemp(path.join(tmpdir(), 'portal-report-'));
  const a = await createAccount(t.db, { role_id: 5, first_name: 'Ada' });
  admin = { id: a.id, token: await login(t.app, a.email, a.password) };
  const w = await createAccount(t.db, { role_id: 3, first_name: 'Siri', last_name: 'Saksbehandler' });
  // Beyond the case worker's role: exporting and erasing, so the report has every kind.
  await t.db.query("INSERT INTO staff_account_rights (account_id, name, granted) VALUES ($1, 'members.export', true), ($1, 'members.erase', true)", [w.id]);
  worker = { ...w, token: await login(t.app, w.email, w.password) };
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the access report', () => {
  it('counts what the staff user did today by kind, with the rows their export held, and lists it', async () => {
    const ola = await createAccount(t.db, { first_name: 'Ola', last_name: 'Rapport', remote_id: 880001 });
    const kari = await createAccount(t.db, { first_name: 'Kari', last_name: 'Rapport', remote_id: 880002 });
    expect((await get(worker.token, `/api/member/${ola.id}`)).statusCode).toBe(200);
    expect((await get(worker.token, `/api/member/${kari.id}`)).statusCode).toBe(200);
    const changed = await t.app.inject({ method: 'PATCH', url: `/api/member/${ola.id}`, headers: bearer(worker.token), payload: { first_name: 'Olav' } });
    expect(changed.statusCode, changed.body).toBe(200);
    const exported = await get(worker.token, '/api/member/list/export?filter[name]=Rapport');
    expect(exported.statusCode).toBe(200);
    const erased = await t.app.inject({
      method: 'POST',
      url: `/api/member/${kari.id}/erase`,
      headers: bearer(worker.token),
      payload: { member_number: '880002' },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    // Someone else's reading is not theirs.
    expect((await get(admin.token, `/api/member/${ola.id}`)).statusCode).toBe(200);

    // The log is written just after each answer has gone.
    await expect.poll(async () => (await report(`from=${today}&to=${today}`)).json().data.total, { timeout: 5_000 }).toBe(5);
    const body = (await report(`from=${today}&to=${today}`)).json().data;
    expect(body.counts).toEqual({ read: 2, export: 1, change: 1, erase: 1, messages: 0 });
    expect(body.exported_rows).toBe(2);
    expect(body.staff).toMatchObject({ id: worker.id, role_name: 'Saksbehandler', extra_rights: ['members.erase', 'members.export'] });
    expect(body.staff.rights).toEqual(expect.arrayContaining(['members.read', 'members.export', 'members.erase']));
    expect(body.entries.map((entry: { kind: string }) => entry.kind)).toEqual(['erase', 'export', 'change', 'read', 'read']);
    expect(body.entries[2]).toMatchObject({ detail: 'Medlemsopplysninger', member: { id: ola.id, remote_id: 880001, first_name: 'Olav' } });
    expect(body.entries[1]).toMatchObject({ member: null, row_count: 2, members_in_list: 2 });
  });

  it('takes Oslo calendar days, both ends included', async () => {
    const other = await createAccount(t.db, { role_id: 3 });
    // April 2026 is summer time in Oslo (UTC+2): its first moment is 31 March 22:00 UTC.
    const at = ['2026-03-31T21:59:59Z', '2026-03-31T22:00:00Z', '2026-04-30T21:59:59Z', '2026-04-30T22:00:00Z'];
    for (const moment of at) {
      await t.db.query("INSERT INTO access_log (at, actor_id, member_id, kind, detail) VALUES ($1, $2, NULL, 'read', 'Medlemsoversikten')", [moment, other.id]);
    }
    const april = (await report('from=2026-04-01&to=2026-04-30', other.id)).json().data;
    expect(april.total).toBe(2);
    expect(april.entries.map((entry: { at: string }) => entry.at)).toEqual(['2026-04-30T21:59:59.000Z', '2026-03-31T22:00:00.000Z']);
    expect((await report('from=2026-04-30&to=2026-04-30', other.id)).json().data.total).toBe(1);
    expect((await report('from=2026-05-01&to=2026-05-31', other.id)).json().data.total).toBe(1);
  });

  it('refuses bad dates in Norwegian, and anyone who is not staff', async () => {
    const cases: [string, Record<string, string[]>][] = [
      ['from=2026-02-30&to=2026-03-01', { from: ['Ugyldig dato: skriv åååå-mm-dd, fra år 1905 til neste år.'] }],
      [
        'from=01.03.2026&to=1800-01-01',
        {
          from: ['Ugyldig dato: skriv åååå-mm-dd, fra år 1905 til neste år.'],
          to: ['Ugyldig dato: skriv åååå-mm-dd, fra år 1905 til neste år.'],
        },
      ],
      ['from=2026-03-02&to=2026-03-01', { to: ['Til-datoen kan ikke være før fra-datoen.'] }],
    ];
    for (const [query, errors] of cases) {
      const refused = await report(query);
      expect(refused.statusCode, query).toBe(422);
      expect(refused.json().errors).toEqual(errors);
    }
    const member = await createAccount(t.db);
    expect((await report(`from=${today}&to=${today}`, member.id)).statusCode).toBe(404);
    expect((await get(worker.token, `/api/staff/${worker.id}/report?from=${today}&to=${today}`)).json().right).toBe('staff.administer');
  });

  it('exports a spreadsheet that openpyxl opens: the summary, the rights and every entry', async () => {
    await expect.poll(async () => (await report(`from=${today}&to=${today}`)).json().data.total, { timeout: 5_000 }).toBe(5);
    const response = await report(`from=${today}&to=${today}&format=xlsx`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toContain(`tilgangsrapport-${worker.id}-${today}-${today}.xlsx`);
    expect(response.headers['cache-control']).toBe('no-store');
    const file = path.join(dir, 'rapport.xlsx');
    await writeFile(file, response.rawPayload);
    const { stdout } = await run(PYTHON, ['-c', READ_WORKBOOK, file]);
    const book = JSON.parse(stdout) as Record<string, { freeze: string | null; rows: unknown[][] }>;
    expect(Object.keys(book)).toEqual(['Sammendrag', 'Rettigheter', 'Hendelser']);

    const summary = book.Sammendrag.rows;
    expect(summary[0]).toEqual(['Hva', 'Verdi', 'Antall']);
    expect(summary).toContainEqual(['Ansatt', 'Siri Saksbehandler', null]);
    expect(summary).toContainEqual(['Rolle', 'Saksbehandler', null]);
    expect(summary).toContainEqual(['Åpnet', null, 2]);
    expect(summary).toContainEqual(['Eksporterte', null, 1]);
    expect(summary).toContainEqual(['Rader eksportert', null, 2]);
    expect(summary).toContainEqual(['Slettet personopplysninger', null, 1]);
    expect(summary).toContainEqual(['Hendelser i alt', null, 5]);

    const rights = book.Rettigheter.rows;
    expect(rights[0]).toEqual(['Rettighet', 'Beskrivelse', 'Kilde', 'Har retten']);
    expect(rights).toContainEqual(['members.read', 'Se medlemmer, forespørsler, forsikringer og instrumenter', 'Rollen «Saksbehandler»', 'Ja']);
    expect(rights).toContainEqual(['members.erase', 'Slette medlemmer (anonymisere)', 'Gitt i tillegg til rollen', 'Ja']);

    const entries = book.Hendelser;
    expect(entries.freeze).toBe('A2');
    expect(entries.rows[0]).toEqual(['Dato', 'Klokkeslett', 'Type', 'Hva', 'Medlemsnummer', 'Medlem', 'Medlemmer i listen', 'Rader', 'Adresse']);
    expect(entries.rows).toHaveLength(6);
    expect(entries.rows.slice(1).every((row) => row[0] === today)).toBe(true);
    expect(entries.rows.map((row) => row[2])).toEqual(['Type', 'Slettet personopplysninger', 'Eksporterte', 'Endret', 'Åpnet', 'Åpnet']);
    expect(entries.rows[3].slice(3, 6)).toEqual(['Medlemsopplysninger', 880001, 'Olav Rapport']);
    expect(entries.rows[2].slice(6, 8)).toEqual([2, 2]);
  });
});
