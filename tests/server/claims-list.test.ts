/**
 * The staff queue 'Skademeldinger' (list, search, sort, paging and the CSV/xlsx export, as the
 * other request queues), a member's claims for staff and for the member, and the access log of
 * every staff read of a claim.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestContext } from './helpers.ts';
import { signedInStaff } from './factories-member-admin.ts';
import { insuredMember, reportClaim, theftOf, type InsuredMember } from './claims-factories.ts';

let t: TestContext;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
let ragnhild: InsuredMember;
let petter: InsuredMember;
const claims: Record<'ragnhild' | 'petter' | 'petterDecided', number> = { ragnhild: 0, petter: 0, petterDecided: 0 };

beforeAll(async () => {
  t = await buildTestApp();
  staff = await signedInStaff(t.app, t.db, { first_name: 'Liv', last_name: 'Listeleser' });
  ragnhild = await insuredMember(t, { first_name: 'Ragnhild', last_name: 'Rognstad' }, { make: 'Yamaha', model: 'C7 flygel', value: 350000 });
  petter = await insuredMember(t, { first_name: 'Petter', last_name: 'Paulsen' }, { make: 'Selmer', model: 'Mark VI' });
  claims.ragnhild = (
    await reportClaim(t, ragnhild.token, theftOf(ragnhild.instrument, { kind: 'damage', police_report: null, place: 'Oslo konserthus', country: 'NO' }))
  ).id;
  claims.petterDecided = (await reportClaim(t, petter.token, theftOf(petter.instrument, { occurred_on: '2025-06-01' }))).id;
  const decided = await t.app.inject({
    method: 'PATCH',
    url: `/api/claim/${claims.petterDecided}`,
    headers: bearer(staff.token),
    payload: { state: 'decided', outcome: 'rejected', note: 'Ikke dekket' },
  });
  expect(decided.statusCode, decided.body).toBe(200);
  claims.petter = (await reportClaim(t, petter.token, theftOf(petter.instrument, { kind: 'loss', police_report: null, place: 'Tog fra Bergen' }))).id;
}, 120_000);
afterAll(async () => t?.close());

const get = (url: string, token = staff.token) => t.app.inject({ url, headers: bearer(token) });
const idsOf = (body: { data: { id: number }[] }) => body.data.map((row) => row.id);

/** The access log's reads and exports with this detail, once the writer has written them (polls: entries are written after the answer). */
async function accessEntries(
  detail: string,
  count: number,
): Promise<{ actor_id: number; member_id: number | null; member_ids: number[] | null; kind: string }[]> {
  const until = Date.now() + 20_000;
  for (;;) {
    await t.services.accessLog.flush();
    const rows = await t.db.query<{ actor_id: number; member_id: number | null; member_ids: number[] | null; kind: string }>(
      "SELECT actor_id, member_id, member_ids, kind FROM access_log WHERE detail = $1 AND kind IN ('read', 'export') ORDER BY id",
      [detail],
    );
    if (rows.length >= count || Date.now() > until) return rows;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('GET /api/claim/list', () => {
  it('lists every claim newest first in the queue shape, with the member and the instrument as insured', async () => {
    const response = await get('/api/claim/list');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ current_page: 1, per_page: 25, total: 3, last_page: 1, total_exact: true });
    expect(idsOf(body)).toEqual([claims.petter, claims.petterDecided, claims.ragnhild]);
    expect(body.data[2]).toMatchObject({
      id: claims.ragnhild,
      member_id: ragnhild.id,
      kind: 'damage',
      state: 'sent',
      place: 'Oslo konserthus',
      documents: 0,
      member: { id: ragnhild.id, remote_id: ragnhild.memberNumber, first_name: 'Ragnhild', last_name: 'Rognstad', email: ragnhild.email },
      instrument: { make: 'Yamaha', model: 'C7 flygel', value: 350000 },
    });
  });

  it('filters by state and kind, searches the member and the instrument, sorts and pages', async () => {
    expect(idsOf((await get('/api/claim/list?filter[state]=sent,in_progress')).json())).toEqual([claims.petter, claims.ragnhild]);
    expect(idsOf((await get('/api/claim/list?filter[state]=decided')).json())).toEqual([claims.petterDecided]);
    expect(idsOf((await get('/api/claim/list?filter[kind]=loss')).json())).toEqual([claims.petter]);
    expect(idsOf((await get('/api/claim/list?filter[q]=rognstad')).json())).toEqual([claims.ragnhild]);
    expect(idsOf((await get(`/api/claim/list?filter[q]=${petter.memberNumber}`)).json())).toEqual([claims.petter, claims.petterDecided]);
    expect(idsOf((await get('/api/claim/list?filter[q]=selmer%20mark')).json())).toEqual([claims.petter, claims.petterDecided]);
    expect(idsOf((await get('/api/claim/list?filter[name]=flygel')).json())).toEqual([claims.ragnhild]);
    expect((await get('/api/claim/list?filter[q]=finnesikke')).json()).toMatchObject({ total: 0, data: [] });
    expect(idsOf((await get('/api/claim/list?sort=occurred_on')).json())[0]).toBe(claims.petterDecided);
    expect(idsOf((await get('/api/claim/list?sort=name,-created_at')).json())).toEqual([claims.petter, claims.petterDecided, claims.ragnhild]);
    expect(idsOf((await get('/api/claim/list?sort=created_at')).json())).toEqual([claims.ragnhild, claims.petterDecided, claims.petter]);
    expect((await get('/api/claim/list?page=2&per_page=25')).json()).toMatchObject({ current_page: 2, data: [], total: 3 });
    expect((await get('/api/claim/list?filter[state]=lost')).statusCode).toBe(400);
    expect((await get('/api/claim/list?filter[finnes_ikke]=1')).statusCode).toBe(400);
    expect((await get('/api/claim/list?sort=finnes_ikke')).statusCode).toBe(400);
  });

  it('exports the same rows as CSV and as a spreadsheet', async () => {
    const csv = await get('/api/claim/list/export?filter[state]=sent,in_progress');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toContain('skademeldinger.csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    expect(lines[0]).toBe(
      'Sak;Meldt dato;Status;Medlemsnummer;Fornavn;Etternavn;E-post;Mobil;Type;Produsent;Modell;Serienummer;Forsikringssum;' +
        'Hva skjedde;Skadedato;Sted;Land;Anmeldelsesnummer;Dokumenter;Merknad',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`${claims.petter};`);
    expect(lines[1]).toContain(';Sendt;');
    expect(lines[1]).toContain(';Selmer;Mark VI;');
    expect(lines[1]).toContain(';Tap;');
    expect(lines[2]).toContain(';Norge;');

    const xlsx = await get('/api/claim/list/export?format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('skademeldinger.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.rowCount).toBe(4);
    const statuses = [2, 3, 4].map((row) => String(sheet.getRow(row).getCell(3).value));
    expect(statuses).toEqual(['Sendt', 'Avgjort – avslått', 'Sendt']);
    expect(sheet.getRow(3).getCell(20).value).toBe('Ikke dekket');
  });

  it('is for staff: a member gets 403 on the queue and its export', async () => {
    expect((await get('/api/claim/list', ragnhild.token)).statusCode).toBe(403);
    expect((await get('/api/claim/list/export', ragnhild.token)).statusCode).toBe(403);
  });
});

describe('GET /api/member/{id}/claim', () => {
  it('gives staff and the member their claims newest first with documents and history, another member 404', async () => {
    const staffView = await get(`/api/member/${petter.id}/claim`);
    expect(staffView.statusCode, staffView.body).toBe(200);
    expect(idsOf(staffView.json())).toEqual([claims.petter, claims.petterDecided]);
    expect(staffView.json().data[1]).toMatchObject({
      state: 'decided',
      outcome: 'rejected',
      note: 'Ikke dekket',
      documents: [],
      events: [{ state: 'sent' }, { state: 'decided' }],
    });
    const own = await get(`/api/member/${petter.id}/claim`, petter.token);
    expect(idsOf(own.json())).toEqual([claims.petter, claims.petterDecided]);
    expect((await get(`/api/member/${petter.id}/claim`, ragnhild.token)).statusCode).toBe(404);
    expect((await get('/api/member/2000000000/claim')).statusCode).toBe(404);
    expect((await get(`/api/claim/${claims.petter}`, ragnhild.token)).statusCode).toBe(404);
  });
});

describe('the access log', () => {
  it('records each staff read of a claim, its packet and the queue, naming the member; a member’s own reads are not logged', async () => {
    expect((await get(`/api/claim/${claims.ragnhild}`)).statusCode).toBe(200);
    expect((await get(`/api/claim/${claims.ragnhild}/packet`)).statusCode).toBe(200);
    expect((await get(`/api/claim/${claims.ragnhild}/packet.zip`)).statusCode).toBe(200);
    expect((await get(`/api/member/${ragnhild.id}/claim`)).statusCode).toBe(200);
    expect((await get(`/api/claim/${claims.ragnhild}`, ragnhild.token)).statusCode).toBe(200);
    expect((await get(`/api/claim/${claims.ragnhild}/packet`, ragnhild.token)).statusCode).toBe(200);

    expect(await accessEntries('Skademelding', 1)).toEqual([{ actor_id: staff.id, member_id: ragnhild.id, member_ids: null, kind: 'read' }]);
    expect(await accessEntries('Skademelding (PDF)', 1)).toEqual([{ actor_id: staff.id, member_id: ragnhild.id, member_ids: null, kind: 'export' }]);
    expect(await accessEntries('Skademelding med dokumenter (zip)', 1)).toEqual([expect.objectContaining({ actor_id: staff.id, member_id: ragnhild.id })]);
    expect(await accessEntries('Skademeldinger', 1)).toEqual(expect.arrayContaining([expect.objectContaining({ actor_id: staff.id, member_id: ragnhild.id })]));

    // The queue's pages name every member they showed, in one entry; the export too.
    expect((await get('/api/claim/list')).statusCode).toBe(200);
    const lists = await accessEntries('Skademeldingskøen', 1);
    expect(lists.at(-1)).toMatchObject({ actor_id: staff.id, member_id: null, member_ids: [ragnhild.id, petter.id].sort((a, b) => a - b) });
    expect((await get('/api/claim/list/export')).statusCode).toBe(200);
    const exports = await accessEntries('Skademeldinger (CSV)', 1);
    expect(exports.at(-1)).toMatchObject({ kind: 'export', member_ids: [ragnhild.id, petter.id].sort((a, b) => a - b) });

    // The member sees in their own log that staff read their claim.
    const log = (await get(`/api/member/${ragnhild.id}/access-log`, ragnhild.token)).json().data as { detail: string }[];
    expect(log.map((entry) => entry.detail)).toEqual(expect.arrayContaining(['Skademelding', 'Skademelding (PDF)', 'Skademeldingskøen']));
    expect((await accessEntries('Skademelding', 1)).every((entry) => entry.actor_id === staff.id)).toBe(true);
  });
});
