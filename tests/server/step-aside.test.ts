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
import { stepAside } from '../../server/db/step-aside.ts';
import { buildTestApp, createAccount, type TestContext } from './helpers.ts';

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
    const quiet = requests.quiet(60_000, 40);
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
      // As if the step had taken 5 s, so the password check is let finish also on a busy machine (how
      // long the job waits at most is the test above).
      await stepAside(t.db, 5_000, { pauseOnPostgres: true });
    }
    await answered;
    expect(events.slice(1, 4)).toEqual(['step 2', 'answered 200', 'step 3']);
    expect(t.db.requests?.inFlight).toBe(0);
  });
});
