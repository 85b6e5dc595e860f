/**
 * Two server processes on one PostgreSQL database behind a real reverse proxy (HAProxy from
 * Debian, started here on loopback with deploy/haproxy.cfg, round-robin to both), as the README promises: staff and
 * member traffic goes through the proxy while one process is killed with SIGKILL. Nothing that
 * was acknowledged is lost, every mail arrives once (the one the killed process was sending too),
 * a session from one process works on the other, and the sign-in limit counts on both together.
 *
 * Each simulated client connects to the proxy from its own loopback address (127.0.0.x); the
 * servers run with TRUST_PROXY=1, so that address reaches them only through X-Forwarded-For.
 *
 * It needs PostgreSQL and runs in the PostgreSQL pass only (TEST_DATABASE_URL set, as in .ci/run's
 * second pass; vitest.config.ts leaves it out of the other). PostgreSQL or HAProxy missing is a failure.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres, type PostgresDatabase } from '../../server/db/postgres.ts';
import { hashPassword } from '../../server/lib/passwords.ts';
import { freePort, root, run, serving, stop, type Running } from './fakes/server-process.ts';
import { startFakeSmtp, type FakeSmtp } from './fakes/smtp.ts';
import { parseMail } from './fakes/mime.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

if (!adminUrl) {
  throw new Error(
    'two-servers.test.ts needs PostgreSQL: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx vitest run tests/server/two-servers.test.ts',
  );
}

function haproxyBinary(): string {
  try {
    return execFileSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).trim();
  } catch {
    if (existsSync('/usr/sbin/haproxy')) return '/usr/sbin/haproxy';
    throw new Error("HAProxy is not installed: run `apt-get install -y haproxy` (Debian's package; .ci/run installs it when missing)");
  }
}

const PASSWORD = 'et-langt-passord';
/** Wrong passwords per e-mail from one client address per minute (LOGIN_ATTEMPTS_PER_MINUTE). */
const SIGN_IN_LIMIT = 4;
const runId = randomUUID().slice(0, 8);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string | (() => string), condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
    await sleep(200);
  }
}

interface Answer {
  /** 0: no complete answer (connection refused or cut). */
  status: number;
  /** The backend HAProxy sent the request to (s1 or s2), from the header it adds. */
  by: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
  body: any;
}

let proxyPort = 0;

/** One request through the proxy, on a connection of its own from the client address `from`. */
function call(method: string, pathname: string, options: { from: string; token?: string; body?: unknown; headers?: Record<string, string> }): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve) => {
    let done = false;
    const finish = (answer: Answer) => {
      if (!done) resolve(answer);
      done = true;
    };
    const request = http.request(
      {
        host: '127.0.0.1',
        port: proxyPort,
        method,
        path: `/api${pathname}`,
        localAddress: options.from,
        agent: false,
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // Not JSON: a proxy's error page.
          }
          finish({ status: response.statusCode ?? 0, by: String(response.headers['x-served-by'] ?? ''), body });
        });
        response.on('close', () => finish({ status: 0, by: '', body: null }));
      },
    );
    request.on('error', () => finish({ status: 0, by: '', body: null }));
    request.setTimeout(30_000, () => request.destroy());
    request.end(payload);
  });
}

const ok = (answer: Answer) => answer.status >= 200 && answer.status < 300;

interface Member {
  id: number;
  email: string;
}

let db: PostgresDatabase;
let admin: PostgresDatabase | null = null;
let databaseName = '';
let smtp: FakeSmtp;
let haproxy: ChildProcess | null = null;
let haproxyOutput = '';
const servers: Record<'s1' | 's2', Running | null> = { s1: null, s2: null };
const dirs: string[] = [];
let staff: Member;
const members: Member[] = [];

async function seedAccount(roleId: number, email: string, hash: string): Promise<Member> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO accounts (role_id, email, password_hash, first_name, last_name, registration_completed, status,
                           address, postal_code, postal_area)
     VALUES ($1, $2, $3, 'Kari', 'Nordmann', 1, '1', 'Storgata 1', '0155', 'OSLO') RETURNING id`,
    [roleId, email, hash],
  );
  return { id: row.id, email };
}

async function startBoth(env: Record<string, string>): Promise<void> {
  const start = async (name: 's1' | 's2') => {
    const dataDir = await mkdtemp(path.join(tmpdir(), `portal-${name}-`));
    dirs.push(dataDir);
    const port = await freePort();
    // PUBLIC_URL is the proxy's: the links in the mails point there.
    servers[name] = run('server/main.ts', { ...env, DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${proxyPort}` });
    await serving(servers[name]!);
  };
  await Promise.all([start('s1'), start('s2')]);
}

async function startHaproxy(): Promise<void> {
  const binary = haproxyBinary();
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-haproxy-'));
  dirs.push(dir);
  // The documented configuration as it is, its placeholders filled from the environment as in production.
  haproxy = spawn(binary, ['-f', path.join(root, 'deploy/haproxy.cfg'), '-db'], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      PORTAL_BIND: `127.0.0.1:${proxyPort}`,
      PORTAL_SERVER_1: `127.0.0.1:${servers.s1!.port}`,
      PORTAL_SERVER_2: `127.0.0.1:${servers.s2!.port}`,
      PORTAL_SERVED_BY_HEADER: '1',
    },
  });
  haproxy.stdout!.on('data', (chunk: Buffer) => (haproxyOutput += chunk.toString()));
  haproxy.stderr!.on('data', (chunk: Buffer) => (haproxyOutput += chunk.toString()));
  // Both servers answer through the proxy before the test begins.
  const seen = new Set<string>();
  await until(
    () => `HAProxy to reach both servers (${haproxyOutput})`,
    async () => {
      if (haproxy!.exitCode !== null) throw new Error(`HAProxy exited: ${haproxyOutput}`);
      const answer = await call('GET', '/health', { from: '127.0.0.1' });
      if (answer.status === 200) seen.add(answer.by);
      return seen.has('s1') && seen.has('s2');
    },
    20_000,
  );
}

/** The server process (server/serve.ts) the supervisor (server/main.ts) started. */
const serverPid = (supervisor: Running) =>
  Number(
    execFileSync('pgrep', ['-P', String(supervisor.child.pid)])
      .toString()
      .trim()
      .split('\n')[0],
  );

describe('two server processes on one PostgreSQL behind HAProxy', () => {
  beforeAll(async () => {
    haproxyBinary(); // Fails first, with what to install, when HAProxy is missing.
    databaseName = `portal_two_servers_${runId}`;
    admin = await openPostgres(adminUrl, 1);
    const template = inject('postgresTemplate');
    // The run's migrated template when there is one; else the servers migrate it themselves.
    await admin.query(template ? `CREATE DATABASE ${databaseName} TEMPLATE ${template}` : `CREATE DATABASE ${databaseName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${databaseName}`;

    proxyPort = await freePort();
    smtp = await startFakeSmtp();
    await startBoth({
      DATABASE_URL: url.toString(),
      SMTP_URL: smtp.url,
      TRUST_PROXY: '1',
      // The same key on every server sharing the database, as the README asks.
      SECRET_KEY: 'to-servere-en-database-og-en-felles-nokkel',
      LOGIN_ATTEMPTS_PER_MINUTE: String(SIGN_IN_LIMIT),
    });
    db = await openPostgres(url.toString(), 2);
    const hash = await hashPassword(PASSWORD);
    staff = await seedAccount(3, `sjef.${runId}@example.no`, hash);
    for (let n = 0; n < 14; n++) members.push(await seedAccount(2, `medlem${n}.${runId}@example.no`, hash));
    await startHaproxy();
  });

  afterAll(async () => {
    if (haproxy && haproxy.exitCode === null) {
      haproxy.kill('SIGTERM');
      await new Promise((resolve) => haproxy!.once('exit', resolve));
    }
    await Promise.all(Object.values(servers).map((server) => server && stop(server)));
    await smtp?.close();
    await db?.close();
    if (admin) {
      await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await admin.close();
    }
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('a session started on one server works on the other, and signing out on one ends it on both', async () => {
    const from = '127.0.0.2';
    const member = members[0];
    const signIn = await call('POST', '/user/login', { from, body: { email: member.email, password: PASSWORD } });
    expect(signIn.status).toBe(200);
    const token = signIn.body.access_token as string;

    const reads = [];
    for (let n = 0; n < 4; n++) reads.push(await call('GET', `/member/${member.id}`, { from, token }));
    expect(reads.map((read) => read.status)).toEqual([200, 200, 200, 200]);
    expect(reads.map((read) => read.body.data.email)).toEqual(Array(4).fill(member.email));
    expect(new Set(reads.map((read) => read.by))).toEqual(new Set(['s1', 's2']));

    const signOut = await call('POST', '/user/logout', { from, token });
    expect(signOut.status).toBe(200);
    // The server that signed out refuses the token at once; the other once the database's
    // announcement has reached it (within milliseconds: a read sent the moment the sign-out is
    // answered can come first; the bound is for a busy machine).
    const refusedBy = new Set<string>();
    const until = Date.now() + 10_000;
    while (refusedBy.size < 2 && Date.now() < until) {
      const read = await call('GET', `/member/${member.id}`, { from, token });
      if (read.by === signOut.by) expect(read.status).toBe(401);
      if (read.status === 401) refusedBy.add(read.by);
      else await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect([...refusedBy].sort()).toEqual(['s1', 's2']);
  });

  it('wrong passwords through both servers meet the sign-in limit at the same count as on one, per client address', async () => {
    const attacker = '127.0.0.3';
    const target = members[1];
    const guesses: Answer[] = [];
    for (let n = 1; n <= SIGN_IN_LIMIT + 1; n++) {
      // A client's own X-Forwarded-For is not believed: the proxy adds the address it saw.
      guesses.push(
        await call('POST', '/user/login', {
          from: attacker,
          body: { email: target.email, password: `feil-${n}` },
          headers: { 'x-forwarded-for': `198.51.100.${n}` },
        }),
      );
    }
    expect(guesses.map((guess) => guess.status)).toEqual([...Array(SIGN_IN_LIMIT).fill(401), 429]);
    expect(new Set(guesses.map((guess) => guess.by))).toEqual(new Set(['s1', 's2']));
    expect(guesses[SIGN_IN_LIMIT].body.message).toEqual(expect.any(String));
    // Even the right password waits now, from that address, on either server.
    const right = await call('POST', '/user/login', { from: attacker, body: { email: target.email, password: PASSWORD } });
    expect(right.status).toBe(429);
    // The owner, elsewhere, signs in: the limit is the attacker's address, not the proxy's.
    const owner = await call('POST', '/user/login', { from: '127.0.0.4', body: { email: target.email, password: PASSWORD } });
    expect(owner.status).toBe(200);

    // Guesses sent all at once, spread over both processes, cannot slip past the limit either.
    const burst = await Promise.all(
      Array.from({ length: 2 * SIGN_IN_LIMIT }, (_, n) =>
        call('POST', '/user/login', { from: '127.0.0.5', body: { email: members[2].email, password: `feil-${n}` } }),
      ),
    );
    expect(burst.filter((guess) => guess.status === 401)).toHaveLength(SIGN_IN_LIMIT);
    expect(burst.filter((guess) => guess.status === 429)).toHaveLength(SIGN_IN_LIMIT);
    expect(new Set(burst.map((guess) => guess.by))).toEqual(new Set(['s1', 's2']));
  });

  it('loses nothing acknowledged and sends every mail once when one server is killed mid-way', { timeout: 120_000 }, async () => {
    let stopping = false;
    let killed = false;
    let victim: 's1' | 's2' = 's1';
    const violations: string[] = [];
    const acknowledged = {
      registrations: [] as { email: string; id: number }[],
      accepts: [] as number[],
      resets: [] as string[],
      /** Per member: the values sent, in order, and the index of the last one acknowledged. */
      artistNames: new Map<number, { sent: string[]; acked: number }>(),
      writesAfterKill: 0,
      byServerAfterKill: new Set<string>(),
      /** Writes after the kill with a token the killed server issued. */
      orphanTokenWrites: 0,
      /** The staff user signed in on the server that is killed. */
      staffWritesAfterKill: 0,
    };
    let writes = 0;
    /** A change through the proxy; `tokenBy` names the server that issued the token it carries. */
    const write = async (method: string, pathname: string, options: Parameters<typeof call>[2], tokenBy?: string) => {
      // Only a request sent after the kill counts as after it (an answer may still be on its way).
      const afterKill = killed;
      const answer = await call(method, pathname, options);
      if (ok(answer)) {
        writes += 1;
        if (afterKill) {
          acknowledged.writesAfterKill += 1;
          acknowledged.byServerAfterKill.add(answer.by);
          if (tokenBy === victim) acknowledged.orphanTokenWrites += 1;
        }
      }
      return { answer, acked: ok(answer), afterKill };
    };

    // Staff signs in through the proxy; the server that answered is the one killed later.
    const staffFrom = '127.0.0.6';
    const staffSignIn = await call('POST', '/user/login', { from: staffFrom, body: { email: staff.email, password: PASSWORD } });
    expect(staffSignIn.status).toBe(200);
    const staffToken = staffSignIn.body.access_token as string;
    victim = staffSignIn.by as 's1' | 's2';
    expect(['s1', 's2']).toContain(victim);

    /** Applicants sign up (a receipt mail each) and read their own record. */
    const registrant = async (client: number, afterKill = false) => {
      const from = `127.0.1.${client}`;
      if (afterKill) await until('the kill', () => killed || stopping, 60_000);
      // Few and paced: each mail process sends about one mail a second, and the test waits for all of them.
      for (let n = 0; n < 3 && !stopping; n++) {
        if (n > 0) await sleep(800);
        const email = `soker.${runId}.${client}.${n}@example.no`;
        const { answer, acked } = await write('POST', '/member/register', {
          from,
          body: {
            first_name: 'Ingrid',
            last_name: `Bratt ${client} ${n}`,
            phone: `4${String(1_000_000 + client * 100 + n).slice(-7)}`,
            email,
            is_previous_member: 0,
            password: PASSWORD,
          },
        });
        if (!acked) continue;
        acknowledged.registrations.push({ email, id: answer.body.user_id });
        const read = await call('GET', `/member/${answer.body.user_id}`, { from, token: answer.body.access_token });
        if (ok(read) && read.body.data.email !== email) violations.push(`applicant ${email} read ${read.body.data.email}`);
      }
    };

    /** Members change their artist name and read it back: a read never shows less than was acknowledged. */
    const member = async (index: number) => {
      const from = `127.0.2.${index}`;
      const { id, email } = members[index];
      const signIn = await call('POST', '/user/login', { from, body: { email, password: PASSWORD } });
      if (signIn.status !== 200) throw new Error(`member sign-in: ${signIn.status}`);
      const token = signIn.body.access_token as string;
      const names = { sent: [] as string[], acked: -1 };
      acknowledged.artistNames.set(id, names);
      for (let n = 0; !stopping; n++) {
        const name = `Bandet ${index}-${n}`;
        names.sent.push(name);
        const { answer: change, acked } = await write('PATCH', `/member/${id}`, { from, token, body: { artist_name: name } }, signIn.by);
        if (acked) names.acked = n;
        else if (change.status !== 0 && change.status < 500) throw new Error(`member change refused: ${change.status} ${JSON.stringify(change.body)}`);
        const read = await call('GET', `/member/${id}`, { from, token });
        if (ok(read) && names.sent.indexOf(read.body.data.artist_name) < names.acked) {
          violations.push(`member ${id} read «${read.body.data.artist_name}» after «${names.sent[names.acked]}» was acknowledged`);
        }
        await sleep(100);
      }
    };

    /** Staff accepts the applications as they come in (a welcome mail each). */
    const staffWork = async () => {
      const tried = new Set<number>();
      while (!stopping) {
        const waiting = acknowledged.registrations.filter((applicant) => !tried.has(applicant.id));
        for (const applicant of waiting) {
          tried.add(applicant.id);
          const [subscription] = await db.query<{ id: number }>(
            "SELECT id FROM subscriptions WHERE member_id = $1 AND kind = 'membership' AND state = 'pending'",
            [applicant.id],
          );
          if (!subscription) continue;
          const accept = await write('POST', `/subscription/accept/${subscription.id}`, { from: staffFrom, token: staffToken }, staffSignIn.by);
          if (!accept.acked) continue;
          acknowledged.accepts.push(applicant.id);
          if (accept.afterKill) acknowledged.staffWritesAfterKill += 1;
        }
        await sleep(200);
      }
    };

    const resets = async (from: string, people: Member[]) => {
      const answers = await Promise.all(people.map((person) => write('POST', '/user/password/reset', { from, body: { email: person.email } })));
      answers.forEach(({ acked }, n) => {
        if (acked) acknowledged.resets.push(people[n].email);
      });
      return answers.map(({ answer }) => answer.status);
    };

    const clients = [registrant(1), registrant(2), registrant(3, true), ...[3, 4, 5, 6, 7].map((index) => member(index)), staffWork()];
    const traffic = Promise.all(clients);
    traffic.catch(() => (stopping = true));

    await until('the first writes to be acknowledged', () => writes >= 12 || stopping, 30_000);
    if (stopping) await traffic; // A client failed: its error.
    // The mail server now takes each message's data without answering: both processes' mail
    // workers (one mail at a time each) are in the middle of a send when one process dies.
    smtp.mode = 'hold';
    expect(await resets('127.0.0.7', members.slice(8, 11))).toEqual([200, 200, 200]);
    await until('both servers to be sending a mail', () => smtp.held >= 2, 20_000);
    expect(smtp.held).toBe(2); // One each: a process sends one mail at a time.
    const supervisor = servers[victim]!;
    killed = true;
    process.kill(serverPid(supervisor), 'SIGKILL');
    expect(await supervisor.exited).toBe(1);
    smtp.mode = 'accept';

    // The proxy sends everything to the survivor now.
    expect(await resets('127.0.0.8', members.slice(11, 14))).toEqual([200, 200, 200]);
    await until(
      'writes to be acknowledged after the kill, one by the staff user',
      () => (acknowledged.writesAfterKill >= 12 && acknowledged.staffWritesAfterKill > 0) || stopping,
      30_000,
    );
    stopping = true;
    await traffic;
    expect(violations).toEqual([]);

    // Give the survivor the queued work, and the job the killed process held once it expires.
    await until(
      'every logged mail to be sent and the mail queue to be empty',
      async () => {
        const [{ queued }] = await db.query<{ queued: number }>("SELECT count(*)::int AS queued FROM message_log WHERE status = 'queued'");
        const [{ open }] = await db.query<{ open: number }>(
          "SELECT count(*)::int AS open FROM pgboss.job WHERE name = 'mail' AND state IN ('created', 'retry', 'active')",
        );
        return queued === 0 && open === 0;
      },
      75_000,
    );

    // The traffic went on through the proxy after the kill, on the survivor only, and the killed
    // server's sessions (the staff user's among them) went on working there.
    const survivor = victim === 's1' ? 's2' : 's1';
    expect(acknowledged.writesAfterKill).toBeGreaterThanOrEqual(12);
    expect([...acknowledged.byServerAfterKill]).toEqual([survivor]);
    expect(acknowledged.staffWritesAfterKill).toBeGreaterThan(0);
    expect(acknowledged.orphanTokenWrites).toBeGreaterThanOrEqual(acknowledged.staffWritesAfterKill);
    expect((await call('GET', '/health', { from: '127.0.0.1' })).by).toBe(survivor);

    // Every acknowledged write is in the database.
    const emails = acknowledged.registrations.map((applicant) => applicant.email);
    const registered = await db.query<{ email: string }>('SELECT email FROM accounts WHERE email = ANY($1)', [emails]);
    expect(registered.map((row) => row.email).sort()).toEqual([...emails].sort());
    const accepted = await db.query<{ id: number; role_id: number; remote_id: number | null }>(
      'SELECT id, role_id, remote_id FROM accounts WHERE id = ANY($1) ORDER BY id',
      [acknowledged.accepts],
    );
    expect(accepted).toHaveLength(acknowledged.accepts.length);
    for (const row of accepted) expect(row).toMatchObject({ role_id: 2, remote_id: expect.any(Number) });
    expect(acknowledged.accepts.length).toBeGreaterThan(0);
    for (const [id, names] of acknowledged.artistNames) {
      const [row] = await db.query<{ artist_name: string | null }>('SELECT artist_name FROM accounts WHERE id = $1', [id]);
      // The last acknowledged name, or one sent after it whose answer was cut off by the kill.
      expect(names.sent.indexOf(row.artist_name ?? '')).toBeGreaterThanOrEqual(names.acked);
    }

    // Every logged mail arrived exactly once, the ones the killed process was sending included.
    const logged = await db.query<{ email_to: string; subject: string; status: string }>(
      "SELECT email_to, subject, status FROM message_log WHERE channel = 'email'",
    );
    expect(logged.filter((row) => row.status !== 'sent')).toEqual([]);
    const key = (to: string, subject: string) => `${to.toLowerCase()} | ${subject}`;
    const received = smtp.received.map((mail) => key(mail.to, parseMail(mail.raw).headers.subject ?? ''));
    expect(received.sort()).toEqual(logged.map((row) => key(row.email_to, row.subject)).sort());
    // And every acknowledged request that sends one did.
    const titles = Object.fromEntries(
      (await db.query<{ slug: string; title: string }>('SELECT slug, title FROM email_templates')).map((row) => [row.slug, row.title]),
    );
    const receivedSet = new Set(received);
    for (const email of emails) expect(receivedSet).toContain(key(email, titles['registration-received']));
    for (const email of acknowledged.resets) expect(receivedSet).toContain(key(email, titles['password-reset']));
    const welcomed = acknowledged.registrations.filter((applicant) => acknowledged.accepts.includes(applicant.id));
    for (const { email } of welcomed) expect(receivedSet).toContain(key(email, titles.welcome));
  });
});
