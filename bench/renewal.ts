/**
 * The renewal run at the register's size (issue 35's budgets): the preview's time; the run's time
 * for one invoice per member (mails queued, none sent), the member list's p95 while it runs
 * against idle, and the process's memory rise. Beside the times, figures load cannot change: the
 * database statements per invoice, and on PostgreSQL the buffers the preview touches.
 */
import type { Database } from '../server/db/database.ts';
import { loadConfig } from '../server/config.ts';
import { createServices } from '../server/plugins/services.ts';
import { MAIL_QUEUE, MESSAGE_QUEUE } from '../server/jobs/outbox.ts';
import { renewalPreview, runRenewal } from '../server/domain/billing/renewal.ts';
import { invoiceAging } from '../server/domain/billing/aging.ts';
import { invoicePage } from '../server/domain/billing/invoice-list.ts';
import { currentYear } from '../server/domain/billing/prices.ts';
import { percentile, sampleMemory, serveBench, timed } from './shared.ts';
import { probeMemberList } from './list-prober.ts';

export interface RenewalResult {
  where: string;
  members: number;
  previewSeconds: number;
  /** Shared buffers the preview's statements touched (PostgreSQL only). */
  previewBuffers: number | null;
  runSeconds: number;
  invoices: number;
  statementsPerInvoice: number;
  listIdleP95: number;
  listDuringP95: number;
  memoryRiseMb: number;
  /** The aging on Betaling's front over the run's invoices (one statement), p50 of 20. */
  agingP50Ms: number;
  /** The invoice list's page 1 with the totals over every invoice (Betaling's front, no filter), p50 of 20. */
  invoiceListP50Ms: number;
}

/** A database that counts the statements it is given (the run's statements per invoice). */
export function counting(db: Database): { db: Database; count: () => number } {
  let statements = 0;
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(object, property, receiver) {
        const value = Reflect.get(object, property, receiver) as unknown;
        if (property === 'query' && typeof value === 'function') {
          return (...args: unknown[]) => {
            statements += 1;
            return (value as (...a: unknown[]) => unknown).apply(object, args);
          };
        }
        if (property === 'transaction' && typeof value === 'function') {
          return (work: (tx: object) => unknown) => (value as (w: (tx: object) => unknown) => unknown).call(object, (tx: object) => work(wrap(tx)));
        }
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(object) : value;
      },
    });
  return { db: wrap(db), count: () => statements };
}

/** Shared buffers the database read or found in its cache while `work` ran (PostgreSQL: its statistics for this database). */
async function buffersDuring(db: Database, work: () => Promise<unknown>): Promise<number | null> {
  if (db.kind !== 'postgres') {
    await work();
    return null;
  }
  const read = async () => {
    await db.query('SELECT pg_stat_force_next_flush()');
    const [row] = await db.query<{ blocks: string }>('SELECT (blks_hit + blks_read)::text AS blocks FROM pg_stat_database WHERE datname = current_database()');
    return Number(row.blocks);
  };
  const before = await read();
  await work();
  return (await read()) - before;
}

/** Measures on `db`, seeded by the caller with `members` members who each have an active membership. */
export async function measureRenewal(db: Database, where: string, members: number): Promise<RenewalResult> {
  const year = currentYear() + 1;
  const config = loadConfig({ STATIC_DIR: '/nonexistent', PUBLIC_URL: 'http://bench.local' });
  const services = createServices(config, db);
  await services.jobs.start({ [MAIL_QUEUE]: { ...MESSAGE_QUEUE, retryLimit: 1 } });
  const server = await serveBench(db);
  try {
    await renewalPreview(db, year, {});
    const [, previewSeconds] = await timed(() => renewalPreview(db, year, {}));
    const buffers = await buffersDuring(db, () => renewalPreview(db, year, {}));

    // The list is asked for from a thread of its own, as a browser asks (bench/list-prober.ts).
    // Enough requests that the idle p95 is not one slow answer in twenty (60 gave 18 to 28 ms from run to run).
    const idle = (await probeMemberList(server, 300).done).map((probed) => probed.ms);

    await db.query("INSERT INTO renewal_runs (year, state) VALUES ($1, 'queued') ON CONFLICT (year) DO UPDATE SET state = 'queued'", [year]);
    const counted = counting(db);
    const memory = sampleMemory();
    const probe = probeMemberList(server);
    // The run starts once the client is asking, so its first steps are measured too.
    await probe.ready;
    const [, runSeconds] = await timed(() => runRenewal(counted.db, { outbox: services.outbox, billing: config.billing }, year));
    const during = (await probe.stop()).map((probed) => probed.ms);
    const rise = memory.stop();
    const [{ invoices }] = await db.query<{ invoices: number }>("SELECT count(*)::int AS invoices FROM invoices WHERE year = $1 AND kind = 'renewal'", [year]);
    const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
    await invoiceAging(db);
    const aging: number[] = [];
    for (let i = 0; i < 20; i++) aging.push((await timed(() => invoiceAging(db)))[1] * 1000);
    await invoicePage(db, {});
    const list: number[] = [];
    for (let i = 0; i < 20; i++) list.push((await timed(() => invoicePage(db, {})))[1] * 1000);
    return {
      where,
      members,
      previewSeconds,
      previewBuffers: buffers,
      runSeconds,
      invoices,
      statementsPerInvoice: invoices > 0 ? counted.count() / invoices : 0,
      listIdleP95: percentile(sorted(idle), 95),
      listDuringP95: percentile(sorted(during), 95),
      memoryRiseMb: rise.rssMb,
      agingP50Ms: percentile(sorted(aging), 50),
      invoiceListP50Ms: percentile(sorted(list), 50),
    };
  } finally {
    await server.close();
    await services.jobs.stop(1_000);
  }
}

/** The section's lines for bench/results.md. */
export function renewalLines(results: RenewalResult[]): string[] {
  const lines = [
    '## The renewal run',
    '',
    "Budgets at 100 000 members: the preview ≤ 10 s; the run (one invoice per member, no Tripletex, mails queued) ≤ 5 minutes, with the member list's p95 during it ≤ 3× idle and memory ≤ +250 MB; the invoice list's page 1 with its totals ≤ 5 ms p50 on PostgreSQL.",
    '',
    '| database | members | preview | preview buffers | run | invoices | statements per invoice | list p95 idle → during | memory rise | aging p50 | invoice list p50 |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of results) {
    const scaled = r.invoices > 0 ? (r.runSeconds * 100_000) / r.invoices : 0;
    console.log(`Renewal on ${r.where}: the run at this pace would take ${(scaled / 60).toFixed(1)} minutes for 100 000 invoices (budget 5)`);
    lines.push(
      `| ${r.where} | ${r.members} | ${r.previewSeconds.toFixed(2)} s | ${r.previewBuffers ?? '–'} | ${r.runSeconds.toFixed(1)} s | ${r.invoices} | ${r.statementsPerInvoice.toFixed(2)} | ${r.listIdleP95.toFixed(1)} → ${r.listDuringP95.toFixed(1)} ms (${(r.listDuringP95 / Math.max(0.1, r.listIdleP95)).toFixed(1)}×) | ${r.memoryRiseMb.toFixed(0)} MB | ${r.agingP50Ms.toFixed(1)} ms | ${r.invoiceListP50Ms.toFixed(1)} ms |`,
    );
  }
  lines.push('');
  for (const r of results) {
    const minutes = r.invoices > 0 ? (r.runSeconds * 100_000) / r.invoices / 60 : 0;
    const ratio = r.listDuringP95 / Math.max(0.1, r.listIdleP95);
    lines.push(
      `${r.where}: at this pace 100 000 invoices take ${minutes.toFixed(1)} minutes (budget 5: ${minutes <= 5 ? 'within budget' : 'OVER BUDGET'}); the list's p95 during the run ${ratio.toFixed(1)}× idle (budget 3×: ${ratio <= 3 ? 'within budget' : 'OVER BUDGET'}); the preview ${r.previewSeconds <= 10 ? 'within' : 'OVER'} its budget at ${r.members} members.`,
      '',
    );
  }
  return lines;
}
