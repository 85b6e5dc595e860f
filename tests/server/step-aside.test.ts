/**
 * Long jobs on PGlite's one session step aside for requests (server/db/step-aside.ts): a request
 * that comes while a step holds the database is answered before the job's next step, and a job
 * with no request in flight goes straight on. The PGlite pass only (on PostgreSQL each request has
 * a session of its own).
 */
import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestsInFlight } from '../../server/db/requests-in-flight.ts';
import { inSteps, stepAside } from '../../server/db/step-aside.ts';
import { bearer, buildTestApp, createAccount, type TestContext } from './helpers.ts';
import { billedMember, firstInvoice, ocrGiroFile } from './billing-factories.ts';
import { REMINDER_BATCH, runReminders } from '../../server/domain/billing/reminders.ts';
import { OSLO_TODAY } from '../../server/domain/billing/invoices.ts';
import { runRenewal } from '../../server/domain/billing/renewal.ts';
import { currentYear } from '../../server/domain/billing/prices.ts';
import { createImport } from '../../server/domain/members/member-import-preview.ts';
import { runImport } from '../../server/domain/members/member-import-commit.ts';
import { runUndo, startUndo } from '../../server/domain/members/member-import-undo.ts';
import { bookPaymentFile, readPaymentFile } from '../../server/domain/billing/payment-files.ts';
import { JobQueue } from '../../server/jobs/queue.ts';
import { todayInOslo } from '../../server/domain/shared/oslo-date.ts';
import { signedInStaff } from './factories-member-admin.ts';

/** Whether `promise` has settled once the event loop has gone round a few times. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  for (let turn = 0; turn < 4; turn++) await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('the requests in flight', () => {
  it('lets a job go on at once when no request has come, and only a while after the last one has ended otherwise', async () => {
    const requests = new RequestsInFlight();
    expect(await settled(requests.quiet(60_000))).toBe(true);
    requests.started();
    requests.started();
    // A moment after the last request far longer than the few turns `settled` waits, bounded at 2 s.
    const quiet = requests.quiet(2_000, 60_000);
    expect(await settled(quiet)).toBe(false);
    requests.ended();
    expect(await settled(quiet)).toBe(false);
    requests.ended();
    // A page's next request comes just after the answer to the one before: the job waits a moment more.
    expect(await settled(quiet)).toBe(false);
    await quiet;
    // An end without a start (a request counted twice) never takes the count below nothing.
    requests.ended();
    expect(requests.inFlight).toBe(0);
  });

  it('lets a job go on after as long as its step took when a request stays in flight', async () => {
    const requests = new RequestsInFlight();
    requests.started();
    await requests.quiet(5);
    expect(requests.inFlight).toBe(1);
  });
});

describe('a long job beside a request, on PGlite', () => {
  let t: TestContext;
  let member: Awaited<ReturnType<typeof createAccount>>;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp();
    member = await createAccount(t.db, { first_name: 'Mona', last_name: 'Medlem' });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => t.close());

  it('answers a sign-in sent during a step before the job takes its next step, though the password check leaves the thread', async () => {
    expect(t.db.kind).toBe('pglite');
    // A client already connected, whose request reaches the server while a step holds the thread.
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    const events: string[] = [];
    // When the server has handed its answer to the system (the client reads it after).
    t.app.server.once('request', (_request, response: ServerResponse) => response.once('finish', () => events.push(`answered ${response.statusCode}`)));
    const answered = once(socket.resume(), 'end');
    for (let step = 1; step <= 6; step++) {
      await t.db.transaction(async (tx) => {
        events.push(`step ${step}`);
        if (step === 2) {
          const body = JSON.stringify({ email: member.email, password: member.password });
          socket.write(
            `POST /api/user/login HTTP/1.1\r\nHost: portal.test\r\nContent-Type: application/json\r\n` +
              `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
          );
        }
        // Work that holds the one session, as a step of a renewal or an undo does.
        await tx.query('SELECT count(*) FROM generate_series(1, 200000) AS n WHERE n % 7 = 3');
      });
      // As if the step had taken 10 s, so the password check is let finish also on a busy machine (how
      // long the job waits at most is the test above).
      await stepAside(t.db, 10_000, { pauseOnPostgres: true });
    }
    await answered;
    expect(events.slice(1, 4)).toEqual(['step 2', 'answered 200', 'step 3']);
    expect(t.db.requests?.inFlight).toBe(0);
  });
});

describe('the long jobs, on PGlite', () => {
  let t: TestContext;
  let staff: Awaited<ReturnType<typeof signedInStaff>>;
  beforeAll(async () => {
    t = await buildTestApp();
    staff = await signedInStaff(t.app, t.db, { first_name: 'Siri', last_name: 'Saksbehandler' });
  });
  afterAll(async () => t.close());

  it('lets the event loop turn during a long run of statements outside a transaction, not only at its end', async () => {
    const events: string[] = [];
    // A request's bytes, say, read when the event loop turns.
    setTimeout(() => events.push('other work'), 0);
    for (let statement = 0; statement < 10; statement++) {
      await t.db.query('SELECT count(*) FROM generate_series(1, 200000) AS n WHERE n % 7 = 3');
      events.push('statement');
    }
    expect(events).toContain('other work');
    expect(events.at(-1)).toBe('statement');
  });

  it('tells how long a job stood aside for the requests in flight, apart from its steps', async () => {
    const requests = t.db.requests!;
    let step = 0;
    const paced = await inSteps(t.db, { pauseOnPostgres: true }, async () => {
      step += 1;
      // A request comes during the first step and is still in flight after the second.
      if (step === 1) requests.started();
      if (step === 2) requests.ended();
      await t.db.query('SELECT count(*) FROM generate_series(1, 200000) AS n WHERE n % 7 = 3');
      return step < 3;
    });
    expect(paced.steps).toBe(3);
    expect(paced.firstStepMs).toBeGreaterThan(0);
    expect(paced.longestStepMs).toBeGreaterThanOrEqual(paced.firstStepMs);
    // After the first step it waited for the request as long as it may, half as long as that step took.
    expect(paced.stoodAsideMs).toBeGreaterThanOrEqual(paced.firstStepMs / 2 - 1);
    expect(requests.inFlight).toBe(0);
  });

  /** Counts the times a job waits for the requests in flight, and lets the test ask for a page at the first. */
  function watchSteppingAside(during?: () => Promise<void>) {
    const requests = t.db.requests!;
    const quiet = requests.quiet.bind(requests);
    let times = 0;
    requests.quiet = async (atMostMs, graceMs) => {
      times += 1;
      if (times === 1 && during) await during();
      return quiet(atMostMs, graceMs);
    };
    return { times: () => times, restore: () => (requests.quiet = quiet) };
  }

  it('the renewal steps aside after each of its steps, and a request between them sees the invoices made so far', async () => {
    const next = currentYear() + 1;
    const members = await Promise.all(Array.from({ length: 3 }, () => billedMember(t.db)));
    const ids = members.map((member) => member.id);
    let madeAtFirstStop = -1;
    const watch = watchSteppingAside(async () => {
      const [made] = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM invoices WHERE kind = 'renewal' AND year = $1 AND member_id = ANY($2)", [
        next,
        ids,
      ]);
      madeAtFirstStop = made.n;
    });
    try {
      await t.db.query("INSERT INTO renewal_runs (year, state) VALUES ($1, 'queued')", [next]);
      await runRenewal(t.db, { outbox: t.services.outbox, billing: t.config.billing }, next, 1);
    } finally {
      watch.restore();
    }
    // Steps of one member: it stepped aside after the first and the second, with one invoice made at the first.
    expect(watch.times()).toBeGreaterThanOrEqual(2);
    expect(madeAtFirstStop).toBe(1);
    const [made] = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM invoices WHERE kind = 'renewal' AND year = $1 AND member_id = ANY($2)", [
      next,
      ids,
    ]);
    expect(made.n).toBe(3);
  });

  it('the reminders step aside after each batch', async () => {
    // More open invoices than a batch holds, each due a first reminder.
    const count = REMINDER_BATCH.pglite + 5;
    const members = await Promise.all(Array.from({ length: count }, () => billedMember(t.db)));
    const invoices: number[] = [];
    for (const member of members) invoices.push(await firstInvoice(t.db, t.config, member, '2026-03-01'));
    await t.db.query(`UPDATE invoices SET due_date = ${OSLO_TODAY} - 20, invoice_date = ${OSLO_TODAY} - 34, state = 'sent' WHERE id = ANY($1)`, [invoices]);
    const watch = watchSteppingAside();
    try {
      const result = await runReminders(t.db, t.services.outbox, t.config);
      expect(result.sent).toBe(count);
    } finally {
      watch.restore();
    }
    expect(watch.times()).toBeGreaterThanOrEqual(1);
  });

  it("an OCR file's booking steps aside after each step, and a request between them finds the payments booked so far", async () => {
    // More payments than a PGlite step books (50), none with a KID: each is booked as one to place by hand.
    const held = { send: async () => 'held', sendMany: async () => undefined };
    const transactions = Array.from({ length: 55 }, () => ({ date: todayInOslo(), amountOre: 10_000, kid: null }));
    const buffer = ocrGiroFile(t.config.billing.bankAccount, 7_001, transactions);
    const stored = await readPaymentFile(t.db, held, { name: 'OCR.stor.txt', buffer }, staff.id, t.config.billing.bankAccount);
    const seen: { status: number; pending: number }[] = [];
    const watch = watchSteppingAside(async () => {
      const response = await t.app.inject({ url: `/api/payment-file/${stored.id}`, headers: bearer(staff.token) });
      seen.push({ status: response.statusCode, pending: response.json().data.totals.pending });
    });
    try {
      await bookPaymentFile(t.db, stored.id);
    } finally {
      watch.restore();
    }
    expect(watch.times()).toBeGreaterThanOrEqual(1);
    expect(seen[0]).toEqual({ status: 200, pending: 5 });
    const done = await t.app.inject({ url: `/api/payment-file/${stored.id}`, headers: bearer(staff.token) });
    expect(done.json().data).toMatchObject({ state: 'done', totals: { count: 55, pending: 0 } });
  });

  it("an import's undo steps aside after each step, and a request between them finds the members removed so far", async () => {
    const none = { send: async () => '', sendMany: async () => {} };
    const created = await createImport(t.db, staff.id, 'angres.csv', register(14, 'undo'), null);
    await t.db.query("UPDATE member_imports SET state = 'running' WHERE id = $1", [created.id]);
    await runImport(t.db, new JobQueue(t.db), created.id);
    await startUndo(t.db, none, created.id, staff.id);
    const seen: { state: string; done: number; members: number }[] = [];
    const watch = watchSteppingAside(async () => {
      const read = (await t.app.inject({ url: `/api/member/import/${created.id}`, headers: bearer(staff.token) })).json().data;
      const [left] = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM accounts WHERE last_name = 'Opplastetundo'");
      seen.push({ state: read.state, done: read.progress.done, members: left.n });
    });
    try {
      await runUndo(t.db, created.id);
    } finally {
      watch.restore();
    }
    // Its first step removed ten members; the page read between the steps says so, and the rest come after.
    expect(seen[0]).toEqual({ state: 'undoing', done: 10, members: 4 });
    const [left] = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM accounts WHERE last_name = 'Opplastetundo'");
    expect(left.n).toBe(0);
  });

  /** A register of `rows` members as staff upload it. */
  const register = (rows: number, tag: string) =>
    Buffer.from(
      [
        'Fornavn;Etternavn;E-post;Fødselsdato',
        ...Array.from(
          { length: rows },
          (_, i) => `Fornavn${i};Opplastet${tag};opplastet.${tag}.${i}@example.no;${String((i % 28) + 1).padStart(2, '0')}.04.1980`,
        ),
      ].join('\r\n'),
    );

  it('an upload stores its rows in pieces, stepping aside between them, and is in no list or read until its preview is made', async () => {
    const seen: { rows: number; listed: boolean; read: number }[] = [];
    const watch = watchSteppingAside(async () => {
      const [uploading] = await t.db.query<{ id: number }>("SELECT id FROM member_imports WHERE state = 'uploading'");
      const [stored] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM member_import_rows WHERE import_id = $1', [uploading.id]);
      const list = await t.app.inject({ url: '/api/member/import/list', headers: bearer(staff.token) });
      const read = await t.app.inject({ url: `/api/member/import/${uploading.id}`, headers: bearer(staff.token) });
      seen.push({ rows: stored.n, listed: (list.json().data as { id: number }[]).some((item) => item.id === uploading.id), read: read.statusCode });
    });
    let created;
    try {
      created = await createImport(t.db, staff.id, 'stor.csv', register(1200, 'a'), null);
    } finally {
      watch.restore();
    }
    // Its first piece stored, not yet the rest; not listed, and not found.
    expect(seen).toHaveLength(1);
    expect(seen[0].rows).toBeGreaterThan(0);
    expect(seen[0].rows).toBeLessThan(1200);
    expect(seen[0]).toMatchObject({ listed: false, read: 404 });
    expect(created).toMatchObject({ state: 'preview', summary: { rows: 1200, new: 1200, error: 0 } });
    const list = await t.app.inject({ url: '/api/member/import/list', headers: bearer(staff.token) });
    expect((list.json().data as { id: number }[]).map((item) => item.id)).toContain(created.id);
  });

  it("a large upload's preview lets other work run between its lookups of the portal's members", async () => {
    const events: string[] = [];
    const query = t.db.query;
    t.db.query = ((sql: string, ...rest: never[]) => {
      if (sql.includes('remote_id = ANY')) {
        events.push('lookup');
        // Each lookup holds the thread at least 3 ms, so the ten pass the some 8 ms after which other work gets its turn on any machine.
        const until = performance.now() + 3;
        while (performance.now() < until);
        // Other work that comes as the first lookup runs: a request's, say.
        if (events.length === 1) setTimeout(() => events.push('other work'), 0);
      }
      return query(sql, ...rest);
    }) as typeof query;
    try {
      // Ten slices of 500 rows looked up: other work gets its turn after some 8 ms of them (lib/turns.ts).
      await createImport(t.db, staff.id, 'fem.csv', register(5000, 'c'), null);
    } finally {
      t.db.query = query;
    }
    expect(events.filter((event) => event === 'lookup')).toHaveLength(10);
    // The other work ran before the last lookup, not after all ten.
    expect(events.slice(0, events.lastIndexOf('lookup'))).toContain('other work');
  });

  it('an upload that fails on the way leaves nothing behind', async () => {
    const watch = watchSteppingAside(async () => {
      throw new Error('borte');
    });
    try {
      await expect(createImport(t.db, staff.id, 'feiler.csv', register(1200, 'b'), null)).rejects.toThrow('borte');
    } finally {
      watch.restore();
    }
    const left = await t.db.query("SELECT 1 FROM member_imports WHERE file_name = 'feiler.csv'");
    expect(left).toEqual([]);
    const rows = await t.db.query('SELECT 1 FROM member_import_rows r WHERE NOT EXISTS (SELECT 1 FROM member_imports i WHERE i.id = r.import_id)');
    expect(rows).toEqual([]);
  });
});
