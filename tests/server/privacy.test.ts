import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { bearer, buildTestApp, createAccount, login, settledMessage, uniqueEmail, type TestContext } from './helpers.ts';
import { GUITAR, PRODUCTS, createInstrument, createSubscription, logMessage, signedIn, signedInStaff } from './factories-member-admin.ts';
import { nextMemberNumber } from '../../server/domain/members/member-numbers.ts';
import { snapshotInstrument } from '../../server/domain/insurance/iterations.ts';
import { applyRetention } from '../../server/jobs/retention.ts';
import { sendWelcomeMails } from '../../server/domain/members/member-import-welcome.ts';
import { MEMBER_DATA_ROUTE } from '../../server/plugins/access-log.ts';
import { AccessLogWriter } from '../../server/domain/accounts/access-log.ts';
import { todayInOslo } from '../../server/domain/shared/oslo-date.ts';
import { createDocument, fixture, storedFiles } from './factories-documents.ts';

let t: TestContext;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = await buildTestApp();
  staff = await signedInStaff(t.app, t.db);
});
afterAll(async () => t.close());

const get = (url: string, token = staff.token) => t.app.inject({ url, headers: bearer(token) });
const flush = () => t.services.accessLog.flush();

function unzip(buffer: Buffer): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const files: Record<string, string> = {};
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            files[entry.fileName] = Buffer.concat(chunks).toString('utf8');
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

let phoneCounter = 0;
/** A member with names and numbers found nowhere else in the database. */
async function distinctMember(tag: string) {
  const phone = `4${String(process.pid).slice(-3).padStart(3, '0')}${String(++phoneCounter).padStart(4, '0')}`;
  const remoteId = await nextMemberNumber(t.db);
  const member = await signedIn(t.app, t.db, {
    first_name: `Zelmira${tag}`,
    last_name: `Quistgaard${tag}`,
    email: uniqueEmail(`zq${tag}`),
    phone,
    birthdate: '1988-04-17',
    remote_id: remoteId,
  });
  await t.db.query('UPDATE accounts SET artist_name = $2, invoice_name = $3 WHERE id = $1', [member.id, `DJ Zq${tag}`, `Zelmira${tag} Q.`]);
  return { ...member, phone, remoteId, first_name: `Zelmira${tag}`, last_name: `Quistgaard${tag}` };
}

describe('access log', () => {
  it('records staff reads, changes, exports and message views; the member and staff see them, another member gets 404', async () => {
    const a = await distinctMember('A');
    const b = await distinctMember('B');
    await logMessage(t.db, { member_id: a.id, subject: 'Velkommen', email_to: a.email });

    expect((await get(`/api/member/${a.id}`)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/api/member/${a.id}`, headers: bearer(staff.token), payload: { address: 'Ny gate 2' } })).statusCode,
    ).toBe(200);
    expect((await get(`/api/emails/logs/list?filter[member_id]=${a.id}`)).statusCode).toBe(200);
    expect((await get(`/api/member/${a.id}/export`)).statusCode).toBe(200);
    // The member's own reads are not staff access.
    expect((await get(`/api/member/${a.id}`, a.token)).statusCode).toBe(200);

    const own = await get(`/api/member/${a.id}/access-log?page=1&per_page=25`, a.token);
    expect(own.statusCode).toBe(200);
    const body = own.json();
    expect(body.total).toBe(4);
    expect(body.data.map((e: { kind: string }) => e.kind).sort()).toEqual(['change', 'export', 'messages', 'read']);
    for (const entry of body.data) {
      expect(entry.staff).toEqual({ first_name: 'Siri', last_name: 'Saksbehandler' });
      expect(Date.parse(entry.at)).toBeGreaterThan(Date.now() - 60_000);
      expect(typeof entry.detail).toBe('string');
    }
    expect((await get(`/api/member/${a.id}/access-log`)).json().total).toBe(4);
    expect((await get(`/api/member/${a.id}/access-log`, b.token)).statusCode).toBe(404);
    expect((await get(`/api/member/${b.id}/access-log`, b.token)).json().total).toBe(0);
    expect((await get('/api/access-log', a.token)).statusCode).toBe(403);

    const [row] = await t.db.query<{ ip: string; actor_id: number }>('SELECT ip, actor_id FROM access_log WHERE member_id = $1 LIMIT 1', [a.id]);
    expect(row.actor_id).toBe(staff.id);
    expect(row.ip).toBeTruthy();
  });

  it('lists accesses across members for staff, filtered by staff user and period, with the row count of a list export', async () => {
    const other = await signedInStaff(t.app, t.db, { first_name: 'Ole', last_name: 'Kontor' });
    const member = await distinctMember('C');
    const csv = await get('/api/member/list/export', other.token);
    expect(csv.statusCode).toBe(200);
    await get(`/api/member/${member.id}`, other.token);
    const rows = csv.body.trim().split('\r\n').length - 1;

    // The period is in Oslo's days, as staff mean it (after 23:00 UTC that is already tomorrow).
    const today = todayInOslo();
    const page = await get(`/api/access-log?filter[staff_id]=${other.id}&filter[from]=2020-01-01&filter[to]=${today}`);
    expect(page.statusCode).toBe(200);
    const entries = page.json().data as { kind: string; row_count: number | null; member_id: number | null; staff: unknown }[];
    expect(entries).toHaveLength(2);
    expect(entries.every((e) => JSON.stringify(e.staff) === JSON.stringify({ first_name: 'Ole', last_name: 'Kontor' }))).toBe(true);
    expect(entries.find((e) => e.kind === 'export')).toMatchObject({ member_id: null, row_count: rows });
    expect(entries.find((e) => e.kind === 'read')).toMatchObject({ member_id: member.id });
    expect((await get(`/api/access-log?filter[staff_id]=${other.id}&filter[to]=2020-01-01`)).json().total).toBe(0);
    expect((await get('/api/access-log?filter[from]=igår')).statusCode).toBe(400);
  });

  it('is append-only in the database; only the purge of old rows may delete', async () => {
    await get(`/api/member/${staff.id}`);
    await t.db.query("INSERT INTO access_log (at, actor_id, member_id, kind, detail) VALUES (now() - interval '2 years', $1, 1, 'read', 'gammel')", [staff.id]);
    await flush();
    await expect(t.db.query("UPDATE access_log SET detail = 'x'")).rejects.toThrow(/bare skrives til/);
    await expect(t.db.query('DELETE FROM access_log')).rejects.toThrow(/bare skrives til/);
    await expect(t.db.query('TRUNCATE access_log')).rejects.toThrow(/bare skrives til/);
    // Naming a recent cut-off does not open the table either.
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query("SELECT set_config('portal.access_log_purge_before', now()::text, true)");
        await tx.query('DELETE FROM access_log');
      }),
    ).rejects.toThrow(/bare skrives til/);
    expect((await t.db.query("SELECT 1 FROM access_log WHERE detail = 'gammel'")).length).toBe(1);
  });

  it('costs a request a push onto a buffer: written in batches, within a flush interval, and all on close', async () => {
    // The writer's statements are counted: a figure load cannot change, unlike the time a push takes.
    let statements = 0;
    const writer = new AccessLogWriter({
      query: (sql, params, options) => {
        statements += 1;
        return t.db.query(sql, params, options);
      },
      exec: (sql) => t.db.exec(sql),
    });
    for (let i = 0; i < 150; i++) writer.record({ actorId: staff.id, memberId: 424242, kind: 'read', detail: 'batch' });
    expect(statements).toBe(0);
    const count = async () => (await t.db.query('SELECT 1 FROM access_log WHERE member_id = 424242')).length;
    await expect.poll(count, { timeout: 5_000 }).toBe(150);
    expect(statements).toBe(1);
    writer.record({ actorId: staff.id, memberId: 424242, kind: 'read', detail: 'batch' });
    await writer.flush();
    expect(await count()).toBe(151);
  });

  it('a flush waits for an entry still being made, so a read right after an answered request sees it', async () => {
    // A request's entry is made after its answer has left (its member may be looked up first).
    const writer = new AccessLogWriter(t.db);
    let answered!: () => void;
    const making = new Promise<void>((resolve) => (answered = resolve)).then(() =>
      writer.record({ actorId: staff.id, memberId: 434343, kind: 'change', detail: 'being made' }),
    );
    writer.track(making);
    const flushed = writer.flush();
    answered();
    await flushed;
    expect((await t.db.query('SELECT 1 FROM access_log WHERE member_id = 434343')).length).toBe(1);
  });

  it('every member-data route states what it logs', () => {
    const member = t.app.accessLogRoutes
      .filter((r) => MEMBER_DATA_ROUTE.test(r.url))
      .map((r) => `${r.method} ${r.url} ${r.accessLog ? r.accessLog.kind : '-'}`)
      .sort();
    expect(t.app.accessLogRoutes.filter((r) => MEMBER_DATA_ROUTE.test(r.url) && r.accessLog === undefined)).toEqual([]);
    expect(member).toEqual([
      'DELETE /api/document/:id change',
      'DELETE /api/instrument/:id change',
      'DELETE /api/member/:id/vipps-agreement change',
      'GET /api/claim/:id read',
      'GET /api/claim/:id/packet export',
      'GET /api/claim/:id/packet.zip export',
      'GET /api/claim/list read',
      'GET /api/claim/list/export export',
      'GET /api/document/:id read',
      'GET /api/document/:id/thumbnail read',
      'GET /api/emails/logs/list messages',
      'GET /api/emails/template/:id -',
      'GET /api/emails/template/:id/preview read',
      'GET /api/emails/template/list -',
      'GET /api/instrument/:id read',
      'GET /api/instrument/:id/document read',
      'GET /api/instrument/list read',
      'GET /api/instrument/logs/list read',
      'GET /api/invoice/:id read',
      'GET /api/invoice/:id/pdf export',
      'GET /api/invoice/:id/vipps/:reference -',
      // Sums over every invoice, no member's own.
      'GET /api/invoice/aging -',
      'GET /api/invoice/export export',
      'GET /api/invoice/list read',
      // The Vipps report's invoice payments and charges: one entry naming every member in the file.
      'GET /api/invoice/vipps-payments/export export',
      'GET /api/member/:id read',
      'GET /api/member/:id/access-log -',
      'GET /api/member/:id/card read',
      'GET /api/member/:id/certificate/instruments export',
      'GET /api/member/:id/certificate/travel export',
      'GET /api/member/:id/changes read',
      'GET /api/member/:id/claim read',
      'GET /api/member/:id/export export',
      'GET /api/member/:id/instrument read',
      'GET /api/member/:id/instrument/export export',
      'GET /api/member/:id/invoice read',
      'GET /api/member/:id/vipps-agreement read',
      'GET /api/member/import/:id -',
      'GET /api/member/import/:id/errors.xlsx -',
      'GET /api/member/import/limits -',
      'GET /api/member/import/list -',
      'GET /api/member/import/template.csv -',
      'GET /api/member/import/template.xlsx -',
      'GET /api/member/list read',
      'GET /api/member/list/export export',
      'GET /api/payment-file/:id read',
      'GET /api/payment-file/list -',
      'GET /api/subscription/:id read',
      'GET /api/subscription/list read',
      'GET /api/subscription/list/pending-instruments read',
      'GET /api/subscription/list/pending-instruments/export export',
      'GET /api/subscription/list/pending-memberships read',
      'GET /api/subscription/list/pending-memberships/export export',
      'GET /api/subscription/list/pending-travel read',
      'GET /api/subscription/list/pending-travel/export export',
      'GET /api/subscription/list/rejected read',
      'GET /api/subscription/list/rejected/export export',
      'GET /api/subscription/logs/list read',
      'GET /api/subscription/membership-request/:id read',
      'PATCH /api/claim/:id change',
      'PATCH /api/emails/template/:id -',
      'PATCH /api/instrument/:id change',
      'PATCH /api/member/:id change',
      'PATCH /api/member/import/:id -',
      'PATCH /api/subscription/:id change',
      // A member's own claim: staff cannot make one, and a member's use of their own data is not logged.
      'POST /api/claim -',
      'POST /api/emails/logs/:id/resend messages',
      'POST /api/emails/template/:id/test read',
      'POST /api/instrument/:id/document change',
      'POST /api/instrument/accept change',
      'POST /api/instrument/accept/:id change',
      'POST /api/instrument/new change',
      'POST /api/instrument/reject change',
      'POST /api/instrument/reject/:id change',
      'POST /api/invoice/:id/credit change',
      'POST /api/invoice/:id/pause-reminders change',
      'POST /api/invoice/:id/payment change',
      'POST /api/invoice/:id/resend change',
      'POST /api/invoice/:id/vipps -',
      // Starts the status read from Tripletex; what it books is logged as the invoice's history.
      'POST /api/invoice/tripletex-status -',
      'POST /api/member/:id/add-code change',
      'POST /api/member/:id/erase change',
      'POST /api/member/:id/instrument/import change',
      'POST /api/member/:id/vipps-agreement change',
      'POST /api/member/import -',
      'POST /api/member/import/:id/commit change',
      'POST /api/member/import/:id/undo change',
      'POST /api/member/new -',
      'POST /api/member/register -',
      'POST /api/member/send-card -',
      'POST /api/payment-file change',
      'POST /api/payment-file/item/:id/place change',
      'POST /api/subscription/accept/:id change',
      'POST /api/subscription/cancel/:id change',
      'POST /api/subscription/new change',
      'POST /api/subscription/reject/:id change',
      'POST /api/subscription/reopen/:id change',
    ]);
  });
});

describe('consents', () => {
  it('records newsletter changes with time and source (sign-up, Min side, staff)', async () => {
    const applicant = await signedIn(t.app, t.db, { role_id: 1, registration_completed: 0 });
    const member = await signedIn(t.app, t.db);
    const patch = (id: number, token: string, payload: object) => t.app.inject({ method: 'PATCH', url: `/api/member/${id}`, headers: bearer(token), payload });
    expect((await patch(applicant.id, applicant.token, { newsletter_2: true })).statusCode).toBe(200);
    expect((await patch(member.id, member.token, { newsletter_3: true })).statusCode).toBe(200);
    expect((await patch(member.id, staff.token, { newsletter_3: false, newsletter_2: true })).statusCode).toBe(200);
    expect((await patch(member.id, member.token, { newsletter_3: false })).statusCode).toBe(200);

    const rows = await t.db.query<{ member_id: number; consent: string; given: boolean; source: string; changed_at: Date }>(
      'SELECT member_id, consent, given, source, changed_at FROM consent_changes WHERE member_id = ANY($1) ORDER BY id',
      [[applicant.id, member.id]],
    );
    expect(rows.map(({ changed_at: _c, ...rest }) => rest)).toEqual([
      { member_id: applicant.id, consent: 'newsletter_2', given: true, source: 'sign-up' },
      { member_id: member.id, consent: 'newsletter_3', given: true, source: 'min-side' },
      { member_id: member.id, consent: 'newsletter_2', given: true, source: 'staff' },
      { member_id: member.id, consent: 'newsletter_3', given: false, source: 'staff' },
    ]);
    expect(rows.every((row) => row.changed_at instanceof Date)).toBe(true);
  });
});

describe('GET /api/member/{id}/export', () => {
  it('gives the member a zip with member.json (fields, subscriptions, instruments with history, messages, consents, access log, documents, invoices, claims), a summary and the documents’ files', async () => {
    const member = await distinctMember('E');
    const subscription = await createSubscription(t.db, {
      member_id: member.id,
      product_id: PRODUCTS.instrument,
      kind: 'instrument',
      state: 'active',
      value: 15000,
      subscription_start: '2025-01-01',
    });
    const instrument = await createInstrument(t.db, { member_id: member.id, instrument_category: GUITAR, subscription_id: subscription, make: 'Gibson' });
    await snapshotInstrument(t.db, instrument, staff.id);
    const receipt = await createDocument(t.services, instrument, 'receipt.pdf', 'receipt');
    await logMessage(t.db, { member_id: member.id, subject: 'Velkommen', content: '<p>Hei Zelmira</p>', email_to: member.email });
    await t.app.inject({ method: 'PATCH', url: `/api/member/${member.id}`, headers: bearer(member.token), payload: { newsletter_2: true } });
    await get(`/api/member/${member.id}`);
    const [invoice] = await t.db.query<{ id: number }>(
      `INSERT INTO invoices (number, member_id, member_number, year, kind, total_ore, invoice_date, due_date, kid, channel, state)
       VALUES (9998001, $1, $2, 2026, 'first', 145000, '2026-01-05', '2026-01-19', '009980019990013', 'EMAIL', 'partly_paid') RETURNING id`,
      [member.id, member.remoteId],
    );
    await t.db.query(
      `INSERT INTO invoice_lines (invoice_id, product_id, description, period_from, period_to, amount_ore)
       VALUES ($1, $2, 'Medlemskap 2026', '2026-01-01', '2026-12-31', 145000)`,
      [invoice.id, PRODUCTS.membership],
    );
    await t.db.query("INSERT INTO invoice_payments (invoice_id, amount_ore, paid_on, method) VALUES ($1, 50000, '2026-01-10', 'ocr')", [invoice.id]);
    const snapshot = { instrument: { make: 'Gibson', model: 'Stratocaster' } };
    const [claim] = await t.db.query<{ id: number }>(
      `INSERT INTO claims (member_id, instrument_id, kind, occurred_on, place, country, description, state, snapshot)
       VALUES ($1, $2, 'damage', '2026-02-03', 'Oslo', 'NO', 'Halsen knakk i transport.', 'in_progress', $3) RETURNING id`,
      [member.id, instrument, JSON.stringify(snapshot)],
    );
    await t.db.query(
      "INSERT INTO claim_events (claim_id, state, note, changed_by) VALUES ($1, 'sent', NULL, $2), ($1, 'in_progress', 'Vi ser på saken.', $3)",
      [claim.id, member.id, staff.id],
    );

    const response = await get(`/api/member/${member.id}/export`, member.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/attachment/);
    const files = await unzip(response.rawPayload);
    const receiptFile = `dokumenter/${receipt.id}-receipt.pdf`;
    expect(Object.keys(files).sort()).toEqual([receiptFile, 'member.json', 'sammendrag.html']);
    expect(files[receiptFile]).toBe(fixture('receipt.pdf').toString('utf8'));
    const data = JSON.parse(files['member.json']);
    expect(data.documents).toEqual([
      {
        id: receipt.id,
        instrument_id: instrument,
        instrument: 'Gibson Stratocaster',
        kind: 'receipt',
        valued_on: null,
        value: null,
        file_name: 'receipt.pdf',
        content_type: 'application/pdf',
        size: receipt.size,
        created_at: expect.any(String),
        file: receiptFile,
      },
    ]);
    expect(data.member).toMatchObject({
      id: member.id,
      member_number: member.remoteId,
      email: member.email,
      first_name: 'ZelmiraE',
      last_name: 'QuistgaardE',
      phone: member.phone,
      birthdate: '1988-04-17',
      artist_name: 'DJ ZqE',
      newsletter_2: true,
      erased_at: null,
    });
    expect(data.subscriptions).toEqual([
      expect.objectContaining({ id: subscription, state: 'active', value: 15000, product: expect.objectContaining({ id: PRODUCTS.instrument }) }),
    ]);
    expect(data.instruments).toEqual([
      expect.objectContaining({
        id: instrument,
        make: 'Gibson',
        serial_number: 'SN-1',
        history: [expect.objectContaining({ snapshot: expect.objectContaining({ make: 'Gibson' }) })],
      }),
    ]);
    expect(data.messages).toEqual([expect.objectContaining({ subject: 'Velkommen', content: '<p>Hei Zelmira</p>', sent_to: member.email })]);
    expect(data.consents).toEqual([expect.objectContaining({ consent: 'newsletter_2', given: true, source: 'min-side' })]);
    expect(data.access_log).toEqual([expect.objectContaining({ kind: 'read', staff: { first_name: 'Siri', last_name: 'Saksbehandler' } })]);
    expect(files['sammendrag.html']).toContain('<html lang="nb">');
    expect(files['sammendrag.html']).toContain('ZelmiraE');
    expect(files['sammendrag.html']).toContain('Hvem har sett opplysningene dine');
    // Their invoices (with lines and payments) and claims (with history, staff not named) are theirs too.
    expect(data.invoices).toEqual([
      expect.objectContaining({
        number: 9998001,
        total_ore: 145000,
        state: 'partly_paid',
        invoice_date: '2026-01-05',
        kid: '009980019990013',
        lines: [{ description: 'Medlemskap 2026', period_from: '2026-01-01', period_to: '2026-12-31', amount_ore: 145000 }],
        payments: [{ amount_ore: 50000, paid_on: '2026-01-10', method: 'ocr' }],
      }),
    ]);
    expect(data.claims).toEqual([
      expect.objectContaining({
        id: claim.id,
        instrument: 'Gibson Stratocaster',
        kind: 'damage',
        occurred_on: '2026-02-03',
        description: 'Halsen knakk i transport.',
        events: [expect.objectContaining({ state: 'sent', note: null }), expect.objectContaining({ state: 'in_progress', note: 'Vi ser på saken.' })],
      }),
    ]);
    expect(JSON.stringify(data.claims)).not.toContain('changed_by');
    expect(files['sammendrag.html']).toContain('Skademeldinger');
    expect(files['sammendrag.html']).toContain('kr 1 450,00');
    expect(files['sammendrag.html']).toContain('Under behandling');
    // Plain words, one date style and a phone layout (issue 41, point 27).
    const summary = files['sammendrag.html'];
    expect(summary).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(summary).toContain('@media (max-width:40rem)');
    expect(summary).toContain('<th scope="row">Fødselsdato</th><td>17.04.1988</td>');
    expect(summary).toContain('<td data-label="Status">Aktiv</td>');
    expect(summary).toContain('<td data-label="Status">Forsikret</td>');
    expect(summary).not.toMatch(/>(active|EFAKTURA|EMAIL|partly_paid|in_progress|receipt)</);
    expect(summary).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(summary).not.toMatch(/\d{2}-\d{2}-\d{4}/);

    // The member's own export is in their log; another member's export is 404.
    await flush();
    const log = (await get(`/api/member/${member.id}/access-log`, member.token)).json();
    expect(log.data[0]).toMatchObject({ kind: 'export', staff: { first_name: 'ZelmiraE', last_name: 'QuistgaardE' } });
    const other = await signedIn(t.app, t.db);
    expect((await get(`/api/member/${member.id}/export`, other.token)).statusCode).toBe(404);
    expect((await get('/api/member/999999/export')).statusCode).toBe(404);
  });
});

/** Every text-like column of every table, ours and the job queue's (its jobs' data and output), as information_schema names them. */
async function textColumns(): Promise<{ table_schema: string; table_name: string; column_name: string }[]> {
  return t.db.query(
    `SELECT c.table_schema, c.table_name, c.column_name
       FROM information_schema.columns c
       JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
      WHERE c.table_schema IN ('public', 'pgboss') AND tb.table_type = 'BASE TABLE'
        AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')
      ORDER BY 1, 2, 3`,
  );
}

async function tablesHolding(needles: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const { table_schema: schema, table_name: table, column_name: column } of await textColumns()) {
    for (const needle of needles) {
      const [hit] = await t.db.query(`SELECT 1 FROM "${schema}"."${table}" WHERE position(lower($1) in lower("${column}"::text)) > 0 LIMIT 1`, [needle]);
      if (hit) found.push(`${schema}.${table}.${column}: ${needle}`);
    }
  }
  return found;
}

/** Polls until `check` answers something other than undefined. */
async function until<T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The register as staff import it: a member sheet and an instrument sheet. */
async function registerFile(members: (string | number)[][], instruments: (string | number)[][] = []): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Medlemmer');
  sheet.addRow(['Medlemsnummer', 'Fornavn', 'Etternavn', 'E-post', 'Mobil', 'Adresse', 'Postnummer', 'Fødselsdato', 'Artist/band']);
  for (const row of members) sheet.addRow(row);
  if (instruments.length > 0) {
    const other = book.addWorksheet('Instrumenter');
    other.addRow(['Medlemsnummer', 'Type instrument', 'Fabrikant', 'Modell', 'Serienummer', 'Verdi', 'Startdato']);
    for (const row of instruments) other.addRow(row);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Uploads a register for its preview; answers the import's id. */
async function importPreview(file: Buffer, name: string): Promise<{ id: number; errors: unknown[]; summary: Record<string, number> }> {
  const boundary = '----personvern';
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/member/import',
    headers: { ...bearer(staff.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function importCommit(id: number, sendWelcome: boolean): Promise<void> {
  const started = await t.app.inject({
    method: 'POST',
    url: `/api/member/import/${id}/commit`,
    headers: bearer(staff.token),
    payload: { send_welcome: sendWelcome },
  });
  expect(started.statusCode, started.body).toBe(202);
  const state = await until(async () => {
    const current = (await get(`/api/member/import/${id}`)).json().data as { state: string };
    return current.state === 'running' ? undefined : current.state;
  }, 'the import to finish');
  expect(state).toBe('done');
}

describe('POST /api/member/{id}/erase', () => {
  it('erases every personal field everywhere, keeps the bookkeeping rows and the number, and takes the member out of lists', async () => {
    const member = await distinctMember('X');
    const needles = [member.email, member.phone, member.first_name, member.last_name, 'DJ ZqX'];
    const membership = await createSubscription(t.db, {
      member_id: member.id,
      product_id: PRODUCTS.membership,
      kind: 'membership',
      state: 'active',
      value: 900,
      subscription_start: '2025-01-01',
    });
    const insurance = await createSubscription(t.db, {
      member_id: member.id,
      product_id: PRODUCTS.instrument,
      kind: 'instrument',
      state: 'active',
      value: 15000,
      subscription_start: '2025-01-01',
    });
    const instrument = await createInstrument(t.db, { member_id: member.id, instrument_category: GUITAR, subscription_id: insurance });
    await t.db.query("UPDATE instruments SET serial_number = 'SN-QuistgaardX' WHERE id = $1", [instrument]);
    await snapshotInstrument(t.db, instrument, staff.id);
    // A photo named after them and a receipt: rows and stored files.
    await createDocument(t.services, instrument, 'gps.jpg', 'photo', 'QuistgaardX med gitaren.jpg');
    await createDocument(t.services, instrument, 'receipt.pdf', 'receipt');
    const documentFiles = (
      await t.db.query<{ keys: string[] }>('SELECT array[storage_key, thumbnail_key] AS keys FROM documents WHERE member_id = $1', [member.id])
    ).flatMap((row) => row.keys.filter(Boolean));
    expect(documentFiles).toHaveLength(3);
    expect(await storedFiles(t.config.dataDir)).toEqual(expect.arrayContaining(documentFiles));
    await logMessage(t.db, { member_id: member.id, subject: 'Hei ZelmiraX', content: '<p>Hei ZelmiraX QuistgaardX</p>', email_to: member.email });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/member/${member.id}`,
      headers: bearer(staff.token),
      payload: { first_name: 'ZelmiraX', address: 'QuistgaardX vei 1', newsletter_2: true },
    });
    await t.db.query(
      `INSERT INTO vipps_registrations (reference, amount, payer, member_id, captured_amount, state)
       VALUES ($1, 900, $2, $3, 900, 'CAPTURED')`,
      [`ref-${member.id}-erase`, JSON.stringify({ name: 'ZelmiraX QuistgaardX', email: member.email, phone: member.phone }), member.id],
    );
    await t.db.query("INSERT INTO rate_limits (key, hits, window_ends) VALUES ($1, 1, now() + interval '1 hour')", [`login:${member.email}`]);
    // A reset mail (their name, address and a live link) goes through the job queue.
    expect((await t.app.inject({ method: 'POST', url: '/api/user/password/reset', payload: { email: member.email } })).statusCode).toBe(200);
    await settledMessage(t.db, "SELECT status FROM message_log WHERE email_to = $1 AND subject LIKE '%passord%'", [member.email]);
    expect(await tablesHolding(needles)).not.toEqual([]);

    const search = () => get(`/api/member/list?filter[name]=${member.remoteId}`);
    expect((await search()).json().total).toBe(1);
    const totalBefore = (await get('/api/member/list')).json().total;

    const wrong = await t.app.inject({
      method: 'POST',
      url: `/api/member/${member.id}/erase`,
      headers: bearer(staff.token),
      payload: { member_number: String(member.remoteId + 1) },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.member_number[0]).toMatch(/Medlemsnummeret stemmer ikke/);
    expect((await get(`/api/member/${member.id}`)).json().data.first_name).toBe('ZelmiraX');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/member/${member.id}/erase`,
          headers: bearer(member.token),
          payload: { member_number: String(member.remoteId) },
        })
      ).statusCode,
    ).toBe(403);

    // Every personal field the erasure must empty holds something first, so each one is put to the test.
    const personal = [
      'email',
      'first_name',
      'last_name',
      'phone',
      'address',
      'postal_code',
      'postal_area',
      'birthdate',
      'artist_name',
      'invoice_email',
      'invoice_name',
      'invoice_phone',
      'invoice_address',
      'invoice_postal_code',
      'invoice_postal_area',
      'reason_for_rejection',
    ];
    await t.db.query(
      `UPDATE accounts SET invoice_email = $2, invoice_phone = $3, invoice_address = 'QuistgaardX gate 2', invoice_postal_code = '5003',
                           invoice_postal_area = 'BERGEN', postal_code = '0155', postal_area = 'OSLO', reason_for_rejection = 'Søkte to ganger, ZelmiraX'
        WHERE id = $1`,
      [member.id, `faktura.${member.email}`, '98765432'],
    );
    const before = (await get(`/api/member/${member.id}`)).json().data;
    expect(personal.filter((field) => before[field] === null || before[field] === '')).toEqual([]);

    const erased = await t.app.inject({
      method: 'POST',
      url: `/api/member/${member.id}/erase`,
      headers: bearer(staff.token),
      payload: { member_number: String(member.remoteId) },
    });
    expect(erased.statusCode).toBe(200);

    const after = (await get(`/api/member/${member.id}`)).json().data;
    expect(after.erased_at).toEqual(expect.any(String));
    expect(after.remote_id).toBe(member.remoteId);
    for (const field of personal) expect(after[field], field).toBeNull();

    expect(await tablesHolding(needles)).toEqual([]);
    expect(await tablesHolding(['SN-QuistgaardX'])).toEqual([]);
    // Their documents' rows and stored files are gone.
    expect(await t.db.query('SELECT 1 FROM documents WHERE member_id = $1', [member.id])).toEqual([]);
    const filesLeft = await storedFiles(t.config.dataDir);
    for (const key of documentFiles) expect(filesLeft).not.toContain(key);

    // The accounts keep their rows under the member number.
    const kept = await t.db.query<{ id: number; product_id: number; value: number; subscription_start: string }>(
      'SELECT id, product_id, value, subscription_start FROM subscriptions WHERE member_id = $1 ORDER BY id',
      [member.id],
    );
    expect(kept).toEqual([
      { id: membership, product_id: PRODUCTS.membership, value: 900, subscription_start: '2025-01-01' },
      { id: insurance, product_id: PRODUCTS.instrument, value: 15000, subscription_start: '2025-01-01' },
    ]);
    const [payment] = await t.db.query<{ amount: number; payer: unknown }>('SELECT amount, payer FROM vipps_registrations WHERE member_id = $1', [member.id]);
    expect(payment).toEqual({ amount: 900, payer: null });

    // The change history says who erased and when, nothing else.
    const changes = (await get(`/api/member/${member.id}/changes`)).json().data;
    expect(changes).toHaveLength(1);
    expect(changes[0].changes).toEqual([{ field: 'erased_at', old: null, new: expect.any(String) }]);
    expect(changes[0].changed_by).toMatchObject({ id: staff.id });

    // Gone from the list, its counter and search; the login is gone; the number is not given again.
    expect((await search()).json().total).toBe(0);
    expect((await get('/api/member/list')).json().total).toBe(totalBefore - 1);
    expect((await get('/api/member/list?filter[name]=QuistgaardX')).json().total).toBe(0);
    expect((await get(`/api/member/${member.id}`, member.token)).statusCode).toBe(401);
    await expect(login(t.app, member.email, member.password)).rejects.toThrow(/401|422/);
    expect(await nextMemberNumber(t.db)).not.toBe(member.remoteId);
    const [{ holders }] = await t.db.query<{ holders: number }>('SELECT count(*)::int AS holders FROM accounts WHERE remote_id = $1', [member.remoteId]);
    expect(holders).toBe(1);

    // A second erase with the number is harmless.
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/member/${member.id}/erase`, headers: bearer(staff.token), payload: { member_number: member.remoteId } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/member/999999/erase', headers: bearer(staff.token), payload: { member_number: '1' } })).statusCode,
    ).toBe(404);
  });

  it('erases a member who came in through an import: their rows in every file, what was read from them, and their mails in the queue', async () => {
    const number = await nextMemberNumber(t.db);
    const phone = `4${String(process.pid).slice(-3).padStart(3, '0')}${String(++phoneCounter).padStart(4, '0')}`;
    const written = `+47 ${phone.slice(0, 3)} ${phone.slice(3, 5)} ${phone.slice(5)}`;
    const email = uniqueEmail('zqI');
    const other = uniqueEmail('beholden');
    const person = [number, 'ZelmiraI', 'QuistgaardI', email, written, 'Quistgaardveien 9', '0155', '03.02.1937', 'DJ ZqI'];
    const first = await importPreview(
      await registerFile(
        [person, ['', 'Ottar', 'Beholden', other, '', 'Beholdenveien 1', '0155', '01.01.1960', '']],
        [[number, 'Gitar', 'Gibson', 'Les Paul', 'SN-QuistgaardI', 20000, '01.02.2026']],
      ),
      'register.xlsx',
    );
    expect(first.errors).toEqual([]);
    expect(first.summary).toMatchObject({ new: 2, instruments: 1 });
    await importCommit(first.id, true);
    const [member] = await t.db.query<{ id: number }>('SELECT id FROM accounts WHERE remote_id = $1', [number]);
    // The welcome mail with its link has gone through the queue.
    await settledMessage(t.db, 'SELECT status FROM message_log WHERE member_id = $1', [member.id]);
    // A second file updates the member (its undo would put the old address back); a third waits in its preview.
    const second = await importPreview(
      await registerFile([[number, 'ZelmiraI', 'QuistgaardI', email, written, 'Quistgaardgata 10', '0155', '03.02.1937', 'DJ ZqI']]),
      'endringer.xlsx',
    );
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/api/member/import/${second.id}`, headers: bearer(staff.token), payload: { default_action: 'update' } }))
        .statusCode,
    ).toBe(200);
    await importCommit(second.id, false);
    const third = await importPreview(await registerFile([person]), 'igjen.xlsx');
    expect(third.summary).toMatchObject({ duplicate: 1 });
    const [{ before }] = await t.db.query<{ before: unknown }>('SELECT before FROM member_import_items WHERE import_id = $1 AND member_id = $2', [
      second.id,
      member.id,
    ]);
    expect(before).toEqual({ address: 'Quistgaardveien 9' });

    const needles = [email, written, phone, 'ZelmiraI', 'QuistgaardI', 'DJ ZqI', 'Quistgaardveien 9', 'Quistgaardgata 10', '03.02.1937'];
    expect(await tablesHolding(needles)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^public\.member_import_rows\.cells: /),
        expect.stringMatching(/^public\.member_imports\.duplicates: ZelmiraI/),
        expect.stringMatching(/^public\.member_import_items\.before: Quistgaardveien 9/),
      ]),
    );

    const erased = await t.app.inject({
      method: 'POST',
      url: `/api/member/${member.id}/erase`,
      headers: bearer(staff.token),
      payload: { member_number: String(number) },
    });
    expect(erased.statusCode).toBe(200);
    expect(await tablesHolding(needles)).toEqual([]);
    expect(await tablesHolding(['SN-QuistgaardI'])).toEqual([]);

    // The other person's row stays, and the imports still open and list.
    const kept = await t.db.query<{ cells: string[] }>('SELECT cells FROM member_import_rows WHERE import_id = $1', [first.id]);
    expect(kept.map((row) => row.cells[2])).toEqual(['Beholden']);
    for (const id of [first.id, second.id, third.id]) expect((await get(`/api/member/import/${id}`)).statusCode).toBe(200);
    expect((await get(`/api/member/import/${third.id}`)).json().data.duplicates).toEqual([]);
    // The import's welcome mails, still going out a few a minute in a large import, pass the erased member by.
    await sendWelcomeMails(t.db, t.services.jobs, t.services.outbox, t.config.publicUrl, 60, { importId: first.id, afterId: 0 });
    expect(await t.db.query('SELECT 1 FROM message_log WHERE member_id = $1', [member.id])).toEqual([]);
  });
});

describe('retention job', () => {
  it('removes what each rule says once its time is up, and nothing younger', async () => {
    const ago = (interval: string) => `now() - interval '${interval}'`;
    const applicant = async (interval: string) => {
      const { id } = await createAccount(t.db, { role_id: 1 });
      const sub = await createSubscription(t.db, { member_id: id, product_id: PRODUCTS.membership, kind: 'membership', state: 'rejected' });
      await t.db.query(`UPDATE subscriptions SET rejected_at = ${ago(interval)} WHERE id = $1`, [sub]);
      return id;
    };
    const oldRejected = await applicant('7 months');
    const newRejected = await applicant('5 months');
    const unfinished = async (interval: string) => {
      const { id } = await createAccount(t.db, { role_id: 1, registration_completed: 0 });
      await t.db.query(`UPDATE accounts SET created_at = ${ago(interval)} WHERE id = $1`, [id]);
      return id;
    };
    const oldUnfinished = await unfinished('31 days');
    const newUnfinished = await unfinished('29 days');
    const keeper = await createAccount(t.db);
    const oldMessage = await logMessage(t.db, { member_id: keeper.id, subject: 'Gammel', content: '<p>gammel tekst</p>' });
    const newMessage = await logMessage(t.db, { member_id: keeper.id, subject: 'Ny', content: '<p>ny tekst</p>' });
    await t.db.query(`UPDATE message_log SET sent_at = ${ago('25 months')} WHERE id = $1`, [oldMessage]);
    await t.db.query(`UPDATE message_log SET sent_at = ${ago('23 months')} WHERE id = $1`, [newMessage]);
    await t.db.query(
      `INSERT INTO access_log (at, actor_id, member_id, kind, detail) VALUES
      (${ago('13 months')}, $1, $2, 'read', 'retention-old'), (${ago('11 months')}, $1, $2, 'read', 'retention-new')`,
      [staff.id, keeper.id],
    );
    const erased = async (interval: string) => {
      const { id } = await createAccount(t.db);
      await createSubscription(t.db, { member_id: id, product_id: PRODUCTS.membership, kind: 'membership', state: 'ended', value: 900 });
      await t.db.query(`UPDATE accounts SET erased_at = ${ago(interval)}, email = NULL, first_name = NULL, last_name = NULL WHERE id = $1`, [id]);
      return id;
    };
    const oldErased = await erased('5 years 1 day');
    const newErased = await erased('4 years');
    // An import's file is kept for its undo window (30 days from the commit; from the upload when never committed).
    const upload = async (committed: string | null, created: string) => {
      const [{ id }] = await t.db.query<{ id: number }>(
        `INSERT INTO member_imports (file_name, created_by, created_at, committed_at, state, columns, mapping, duplicates, extra_sheets)
         VALUES ('r.csv', $1, ${ago(created)}, ${committed ? ago(committed) : 'NULL'}, $2, '["Fornavn"]', '{"Fornavn": "first_name"}',
                 '[{"row": 2, "name": "Kari"}]', '{"Instrumenter": {"columns": ["Medlemsnummer"], "rows": [{"number": 2, "cells": ["7"]}]}}')
         RETURNING id`,
        [staff.id, committed ? 'done' : 'preview'],
      );
      await t.db.query(`INSERT INTO member_import_rows (import_id, number, cells) VALUES ($1, 2, '["Kari"]')`, [id]);
      await t.db.query(
        `INSERT INTO member_import_items (import_id, kind, action, target_id, member_id, before) VALUES ($1, 'member', 'update', $2, $2, '{"address": "Gammel vei 1"}')`,
        [id, keeper.id],
      );
      return id;
    };
    const oldImport = await upload('31 days', '32 days');
    const newImport = await upload('29 days', '40 days');
    const oldPreview = await upload(null, '31 days');
    const newPreview = await upload(null, '29 days');
    // An upload whose process died before its rows were all stored goes after a day; one under way stays.
    const uploading = async (created: string) =>
      (
        await t.db.query<{ id: number }>(
          `INSERT INTO member_imports (file_name, created_by, created_at, state, columns, mapping) VALUES ('r.csv', $1, ${ago(created)}, 'uploading', '[]', '{}') RETURNING id`,
          [staff.id],
        )
      )[0].id;
    const deadUpload = await uploading('25 hours');
    const liveUpload = await uploading('2 minutes');

    const result = await applyRetention(t.db, t.config.retention);
    expect(result.rejectedApplications).toBeGreaterThanOrEqual(1);

    const exists = async (id: number) => (await t.db.query('SELECT 1 FROM accounts WHERE id = $1', [id])).length === 1;
    expect(await exists(oldRejected)).toBe(false);
    expect(await exists(newRejected)).toBe(true);
    expect(await exists(oldUnfinished)).toBe(false);
    expect(await exists(newUnfinished)).toBe(true);
    expect(await exists(oldErased)).toBe(false);
    expect((await t.db.query('SELECT 1 FROM subscriptions WHERE member_id = $1', [oldErased])).length).toBe(0);
    expect(await exists(newErased)).toBe(true);
    const messages = await t.db.query<{ id: number; content: string; subject: string }>(
      'SELECT id, content, subject FROM message_log WHERE id = ANY($1) ORDER BY id',
      [[oldMessage, newMessage]],
    );
    expect(messages).toEqual([
      { id: oldMessage, content: '', subject: 'Gammel' },
      { id: newMessage, content: '<p>ny tekst</p>', subject: 'Ny' },
    ]);
    const details = (await t.db.query<{ detail: string }>("SELECT detail FROM access_log WHERE detail LIKE 'retention-%'")).map((r) => r.detail);
    expect(details).toEqual(['retention-new']);
    const file = async (id: number) => ({
      rows: (await t.db.query('SELECT 1 FROM member_import_rows WHERE import_id = $1', [id])).length,
      before: (await t.db.query<{ before: unknown }>('SELECT before FROM member_import_items WHERE import_id = $1', [id]))[0].before !== null,
      read: (await t.db.query<{ read: boolean }>("SELECT duplicates <> '[]' AND extra_sheets <> '{}' AS read FROM member_imports WHERE id = $1", [id]))[0].read,
    });
    expect(await file(oldImport)).toEqual({ rows: 0, before: false, read: false });
    expect(await file(oldPreview)).toEqual({ rows: 0, before: false, read: false });
    expect(await file(newImport)).toEqual({ rows: 1, before: true, read: true });
    expect(await file(newPreview)).toEqual({ rows: 1, before: true, read: true });
    expect(result.importFiles).toBeGreaterThanOrEqual(2);
    const imports = (await t.db.query<{ id: number }>('SELECT id FROM member_imports WHERE id = ANY($1)', [[deadUpload, liveUpload]])).map((row) => row.id);
    expect(imports).toEqual([liveUpload]);
    expect(result.abandonedUploads).toBe(1);
  });

  it('follows its settings', async () => {
    const { id } = await createAccount(t.db, { role_id: 1, registration_completed: 0 });
    await t.db.query("UPDATE accounts SET created_at = now() - interval '3 days' WHERE id = $1", [id]);
    await applyRetention(t.db, t.config.retention);
    expect((await t.db.query('SELECT 1 FROM accounts WHERE id = $1', [id])).length).toBe(1);
    await applyRetention(t.db, { ...t.config.retention, unfinishedRegistrationDays: 2 });
    expect((await t.db.query('SELECT 1 FROM accounts WHERE id = $1', [id])).length).toBe(0);
  });
});
