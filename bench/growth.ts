/**
 * Pages touched per request as the register grows (`BENCH_ONLY=growth`): every staff list's page 1
 * and last page (the deepest page of a full 25 rows), the member list's middle page, each record a page opens and the menu's badges are
 * asked for over HTTP as the apps ask for them, at 1 000, 10 000 and BENCH_MEMBERS people on the
 * same database (topped up between). Each request's SQL statements are recorded as the server runs
 * them and run again under EXPLAIN (ANALYZE, BUFFERS): the shared buffers they touch (hit + read)
 * is a figure the machine's load cannot change. A request may grow by at most GROWTH_BOUND (growth-table.ts) from the
 * smallest size to the largest (the middle page by MIDDLE_BOUND); the section says which do not and
 * the bench exits 1.
 *
 * Besides `npm run seed`'s people, the data has what those lists show: a renewal invoice per
 * member, an access-log entry per member, a claim on every fourth instrument, a receipt on every
 * fifth, and one newsletter to everybody.
 */
import type { Database, Queryable } from '../server/db/database.ts';
import { loadConfig } from '../server/config.ts';
import { createServices } from '../server/plugins/services.ts';
import { runRenewal } from '../server/domain/billing/renewal.ts';
import { currentYear } from '../server/domain/billing/prices.ts';
import { MAIL_QUEUE, MESSAGE_QUEUE } from '../server/jobs/outbox.ts';
import { addListExtras } from './lists.ts';
import type { BenchServer } from './shared.ts';

interface Statement {
  sql: string;
  params: readonly unknown[];
}

/** `db` as the server uses it, keeping every statement run while `recording.on` (also inside transactions). */
export function recordingDatabase(db: Database): { db: Database; statements: Statement[]; recording: { on: boolean } } {
  const statements: Statement[] = [];
  const recording = { on: false };
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(object, property, receiver) {
        const value = Reflect.get(object, property, receiver) as unknown;
        if (property === 'query' && typeof value === 'function') {
          return (sql: string, params: readonly unknown[] = [], ...rest: unknown[]) => {
            if (recording.on) statements.push({ sql, params });
            return (value as (...a: unknown[]) => unknown).call(object, sql, params, ...rest);
          };
        }
        if (property === 'transaction' && typeof value === 'function') {
          return (work: (tx: object) => unknown) => (value as (w: (tx: object) => unknown) => unknown).call(object, (tx: object) => work(wrap(tx)));
        }
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(object) : value;
      },
    });
  return { db: wrap(db), statements, recording };
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Actual Loops'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}
type Plan = { Plan: PlanNode }[];
const ROLLED_BACK = new Error('rolled back');

/** How many times a statement went down each index (an index scan's loops), by index name. */
export type Descents = Map<string, number>;

function addDescents(node: PlanNode, into: Descents): void {
  if (node['Index Name'] && /Index/.test(node['Node Type'])) {
    into.set(node['Index Name'], (into.get(node['Index Name']) ?? 0) + (node['Actual Loops'] ?? 1));
  }
  for (const child of node.Plans ?? []) addDescents(child, into);
}

/**
 * Shared buffers (hit + read) one statement touches, and its descents of each index; a statement
 * that writes is run in a transaction rolled back.
 */
async function buffersOf(db: Database, { sql, params }: Statement, descents: Descents): Promise<number | null> {
  if (!/^\s*(SELECT|WITH|INSERT|UPDATE|DELETE)\b/i.test(sql)) return null;
  const explain = async (on: Queryable) => {
    const [row] = await on.query<{ 'QUERY PLAN': Plan }>(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`, params);
    const plan = row['QUERY PLAN'][0].Plan;
    const found: Descents = new Map();
    addDescents(plan, found);
    return { buffers: (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0), found };
  };
  const count = ({ buffers, found }: { buffers: number; found: Descents }) => {
    for (const [index, loops] of found) descents.set(index, (descents.get(index) ?? 0) + loops);
    return buffers;
  };
  try {
    if (/^\s*(SELECT|WITH)\b/i.test(sql) && !/\b(INSERT|UPDATE|DELETE)\b/i.test(sql)) return count(await explain(db));
    let measured = { buffers: 0, found: new Map() as Descents };
    await db
      .transaction(async (tx) => {
        measured = await explain(tx);
        throw ROLLED_BACK;
      })
      .catch((error: unknown) => {
        if (error !== ROLLED_BACK) throw error;
      });
    return count(measured);
  } catch {
    // A statement that depends on its transaction's own state (a lock taken before it) is left out.
    return null;
  }
}

/**
 * The levels above the leaves of each B-tree index (pageinspect's bt_metap), by name: a descent of
 * the index reads one page per level and one leaf, so a tree one level taller costs each descent
 * one page more. Other kinds of index (a trigram GIN) are left out.
 */
export async function indexLevels(db: Queryable): Promise<Map<string, number>> {
  await db.query('CREATE EXTENSION IF NOT EXISTS pageinspect');
  const rows = await db.query<{ name: string; level: number }>(
    `SELECT c.relname AS name, (bt_metap(c.oid::regclass::text)).level AS level
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_am am ON am.oid = c.relam
      WHERE c.relkind = 'i' AND am.amname = 'btree' AND n.nspname = current_schema()`,
  );
  return new Map(rows.map((row) => [row.name, Number(row.level)]));
}

export interface Probe {
  name: string;
  kind: 'page 1' | 'last page' | 'middle page' | 'record' | 'badges';
  path: string;
}

export interface ProbeResult extends Probe {
  buffers: number;
  /** Each index's descents by the request's statements. */
  descents: Descents;
  statements: number;
  /** The rows a list's page showed (null for a record). */
  rows: number | null;
}

/** The staff lists, as the staff app asks for them (page of 25), with the filters that change their plan. */
const LISTS: [name: string, path: string][] = [
  ['member list', '/api/member/list'],
  ["member search 'hansen'", '/api/member/list?filter[name]=hansen'],
  ['members with an overdue invoice', '/api/member/list?filter[overdue_invoice]=1'],
  ['pending memberships', '/api/subscription/list/pending-memberships'],
  ['pending travel', '/api/subscription/list/pending-travel'],
  ['pending instruments', '/api/subscription/list/pending-instruments'],
  ['declined memberships', '/api/subscription/list/rejected'],
  ['message log', '/api/emails/logs/list?sort=-id'],
  ['instrument log', '/api/instrument/logs/list'],
  ['travel log', '/api/subscription/logs/list'],
  ['instruments', '/api/instrument/list'],
  ['campaigns', '/api/campaign/list'],
  ['access log', '/api/access-log'],
  ['invoices', '/api/invoice/list'],
  ['invoices, overdue', '/api/invoice/list?filter[overdue]=1'],
  ['payment files', '/api/payment-file/list'],
  ['claims', '/api/claim/list'],
  ['member imports', '/api/member/import/list'],
];

const withPage = (path: string, page: number) => `${path}${path.includes('?') ? '&' : '?'}page=${page}&per_page=25`;

async function getJson<T>(server: BenchServer, path: string): Promise<T> {
  const response = await fetch(`${server.base}${path}`, { headers: server.headers });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** Every request measured, with the ids and last pages of the data as it is now. */
async function probes(db: Queryable, server: BenchServer): Promise<Probe[]> {
  const found: Probe[] = [];
  for (const [name, path] of LISTS) {
    // The deepest page of a full 25 rows: the real last page holds whatever is left over, so its cost
    // from one size to the next would follow the remainder rather than the list's growth.
    const { total } = await getJson<{ total: number }>(server, withPage(path, 1));
    const lastPage = Math.max(1, Math.floor(total / 25));
    found.push({ name, kind: 'page 1', path: withPage(path, 1) });
    found.push({ name, kind: 'last page', path: withPage(path, lastPage) });
    if (name === 'member list') found.push({ name, kind: 'middle page', path: withPage(path, Math.ceil(lastPage / 2)) });
  }
  // The newest member with insured instruments, a claim and an invoice: their pages show the most.
  const [sample] = await db.query<{ member: number; instrument: number; claim: number; invoice: number }>(
    `SELECT c.member_id AS member, c.instrument_id AS instrument, c.id AS claim, i.id AS invoice
       FROM claims c JOIN invoices i ON i.member_id = c.member_id ORDER BY c.id DESC LIMIT 1`,
  );
  const [outreach] = await db.query<{ id: number }>('SELECT max(id) AS id FROM outreaches');
  const records: [name: string, path: string][] = [
    ["a member's record (Min side's first call)", `/api/member/${sample.member}`],
    ["a member's instruments", `/api/member/${sample.member}/instrument`],
    ["a member's invoices", `/api/member/${sample.member}/invoice?page=1&per_page=25`],
    ["a member's change history", `/api/member/${sample.member}/changes?page=1&per_page=25`],
    ["a member's access log", `/api/member/${sample.member}/access-log?page=1&per_page=25`],
    ["a member's claims", `/api/member/${sample.member}/claim`],
    ["a member's message log", `/api/emails/logs/list?sort=-id&filter[member_id]=${sample.member}&page=1&per_page=25`],
    ['an invoice', `/api/invoice/${sample.invoice}`],
    ['a claim', `/api/claim/${sample.claim}`],
    ["an instrument's documents", `/api/instrument/${sample.instrument}/document`],
    ['the newsletters', '/api/outreach'],
    ['a newsletter to everybody', `/api/outreach/${outreach.id}`],
    ['invoice aging', '/api/invoice/aging'],
  ];
  for (const [name, path] of records) found.push({ name, kind: 'record', path });
  found.push({ name: "the menu's badges", kind: 'badges', path: '/api/counters' });
  return found;
}

/**
 * Each probe asked for twice (the first fills caches as any earlier visit would), the second's
 * statements recorded and explained.
 */
export async function measureGrowthProbes(db: Database, recorded: ReturnType<typeof recordingDatabase>, server: BenchServer): Promise<ProbeResult[]> {
  const results: ProbeResult[] = [];
  for (const probe of await probes(db, server)) {
    await getJson(server, probe.path);
    // The access log's batch (earlier requests' entries) is written now, not inside the measured request.
    await server.settle();
    recorded.statements.length = 0;
    recorded.recording.on = true;
    let body: { data?: unknown };
    try {
      body = await getJson<{ data?: unknown }>(server, probe.path);
    } finally {
      recorded.recording.on = false;
    }
    const statements = recorded.statements.splice(0);
    const explain = process.env.BENCH_GROWTH_EXPLAIN;
    if (explain && probe.name.includes(explain)) {
      for (const { sql, params } of statements) {
        if (!/^\s*(SELECT|WITH)\b/i.test(sql)) continue;
        const plan = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
        console.log(`\n--- ${probe.name}, ${probe.kind}: ${probe.path}\n${sql}\n${plan.map((row) => row['QUERY PLAN']).join('\n')}`);
      }
    }
    let buffers = 0;
    const descents: Descents = new Map();
    for (const statement of statements) buffers += (await buffersOf(db, statement, descents)) ?? 0;
    const rows = probe.kind === 'record' || probe.kind === 'badges' || !Array.isArray(body.data) ? null : body.data.length;
    results.push({ ...probe, buffers, descents, statements: statements.length, rows });
  }
  return results;
}

/**
 * What the lists show beyond the seed, topped up to the people there are now: a renewal invoice
 * for next year per member (by the renewal run itself), an access-log entry per member, a claim on
 * every fourth insured instrument, a receipt on every fifth, and one newsletter sent to everybody.
 */
export async function addGrowthExtras(db: Database): Promise<void> {
  await addListExtras(db);
  const [bench] = await db.query<{ id: number }>("SELECT id FROM accounts WHERE email = 'bench@example.no'");
  const config = loadConfig({ STATIC_DIR: '/nonexistent', PUBLIC_URL: 'http://bench.local' });
  const services = createServices(config, db);
  const year = currentYear() + 1;
  await db.query("INSERT INTO renewal_runs (year, state) VALUES ($1, 'queued') ON CONFLICT (year) DO UPDATE SET state = 'queued'", [year]);
  // The run queues each invoice's mail (nobody delivers it here).
  await services.jobs.start({ [MAIL_QUEUE]: { ...MESSAGE_QUEUE, retryLimit: 1 } });
  try {
    await runRenewal(db, { outbox: services.outbox, billing: config.billing }, year);
  } finally {
    await services.jobs.stop(1_000);
  }
  await db.query(
    `INSERT INTO access_log (actor_id, member_id, kind, detail)
     SELECT $1, a.id, 'read', 'Medlem' FROM accounts a
      WHERE a.role_id IN (1, 2) AND NOT EXISTS (SELECT 1 FROM access_log l WHERE l.member_id = a.id) ORDER BY a.id`,
    [bench.id],
  );
  await db.query(
    `INSERT INTO claims (member_id, instrument_id, kind, occurred_on, place, country, description, snapshot)
     SELECT i.member_id, i.id, 'damage', current_date - 30, 'Oslo', 'NO', 'Skadet under transport',
            jsonb_build_object(
              'member', jsonb_build_object('id', a.id, 'member_number', a.remote_id, 'first_name', coalesce(a.first_name, ''),
                                           'last_name', coalesce(a.last_name, ''), 'email', a.email, 'phone', a.phone,
                                           'address', a.address, 'postal_code', a.postal_code, 'postal_area', a.postal_area),
              'instrument', jsonb_build_object('id', i.id, 'category_id', i.instrument_category, 'category', coalesce(k.title, ''),
                                               'make', coalesce(i.make, ''), 'model', coalesce(i.model, ''), 'serial_number', i.serial_number,
                                               'value', coalesce(i.value, 0), 'insurance_start', coalesce(i.insurance_start, current_date)::text),
              'appraisal', NULL, 'policy_number', 'BENCH-1', 'insurer', 'Forsikringsselskapet')
       FROM instruments i JOIN accounts a ON a.id = i.member_id LEFT JOIN instrument_categories k ON k.id = i.instrument_category
      WHERE i.id % 4 = 0 AND i.state = 'active' AND NOT EXISTS (SELECT 1 FROM claims c WHERE c.instrument_id = i.id) ORDER BY i.id`,
  );
  await db.query(
    `INSERT INTO documents (instrument_id, member_id, kind, file_name, content_type, size, storage_key)
     SELECT i.id, i.member_id, 'receipt', 'kvittering.pdf', 'application/pdf', 20000, 'bench/receipt/' || i.id
       FROM instruments i
      WHERE i.id % 5 = 0 AND NOT EXISTS (SELECT 1 FROM documents d WHERE d.instrument_id = i.id) ORDER BY i.id`,
  );
  // One newsletter at every size (its recipients topped up), so the list of newsletters shows as many rows at each.
  const [kept] = await db.query<{ id: number }>("SELECT id FROM outreaches WHERE subject = 'Nytt fra oss' ORDER BY id LIMIT 1");
  const [outreach] = kept
    ? [kept]
    : await db.query<{ id: number }>(
        `INSERT INTO outreaches (segment_name, kind, channel, subject, body, state, recipient_count, created_by)
         VALUES ('Alle medlemmer', 'newsletter_2', 'email', 'Nytt fra oss', '<p>Hei</p>', 'done', 0, $1) RETURNING id`,
        [bench.id],
      );
  await db.query(
    `INSERT INTO outreach_recipients (outreach_id, member_id, channel, state)
     SELECT $1, a.id, 'email', 'queued' FROM accounts a
      WHERE a.role_id = 2 AND NOT EXISTS (SELECT 1 FROM outreach_recipients r WHERE r.outreach_id = $1 AND r.member_id = a.id) ORDER BY a.id`,
    [outreach.id],
  );
  await db.query('UPDATE outreaches SET recipient_count = (SELECT count(*) FROM outreach_recipients WHERE outreach_id = $1) WHERE id = $1', [outreach.id]);
}
