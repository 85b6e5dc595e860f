/**
 * The member import's budgets: preview of N rows (≤ 5 s at 10 000), the commit of N rows in its
 * one transaction (≤ 15 s at 10 000), and the undo of the same import as its job runs it (its own
 * time ≤ 15 s at 10 000: all of it less the time it stood aside for requests) with the member list asked for all the while over HTTP: the longest a list request takes
 * during the undo (≤ 100 ms: it waits for one step at most), on a database that already holds
 * BENCH_MEMBERS members (so the duplicate checks have work to do).
 * Then a large import (50 000 rows) with the server answering the member list all the while: the
 * list's p95 during the import against its idle p95 (≤ 3×), and the process's RSS peak above where
 * it stood before (≤ +250 MB). The rows come as a CSV the way an office's register does.
 */
import { performance } from 'node:perf_hooks';
import type { Database } from '../server/db/database.ts';
import { JobQueue } from '../server/jobs/queue.ts';
import { createImport } from '../server/domain/members/member-import-preview.ts';
import { findImportDetail } from '../server/domain/members/member-import-detail.ts';
import { runImport } from '../server/domain/members/member-import-commit.ts';
import { runUndo, startUndo } from '../server/domain/members/member-import-undo.ts';
import { probeMemberList } from './list-prober.ts';
import type { JobSender } from '../server/domain/messages/outbox.ts';
import { prepare } from './member-list.ts';
import { percentile, sampleMemory, serveBench, timed } from './shared.ts';

export interface ImportResult {
  rows: number;
  previewSeconds: number;
  commitSeconds: number;
  undoSeconds: number;
  /** The undo's own time: all of it less the time it stood aside for the list's requests. */
  undoOwnSeconds: number;
  /** Its first step and its longest, and how many steps it took. */
  undoFirstStepMs: number;
  undoLongestStepMs: number;
  undoSteps: number;
  /**
   * How long a member-list request waited while the undo ran (its time less the idle list's median):
   * the longest and the p95, and how many it answered.
   */
  undoListMaxMs: number;
  /** The longest wait of a request answered after the undo's first step. */
  undoListLaterMaxMs: number;
  undoListP95: number;
  undoListRequests: number;
  rssGrowthMb: number;
  created: number;
}

export interface LargeImportResult {
  rows: number;
  seconds: number;
  idleP95: number;
  busyP95: number;
  /** Member-list requests answered while the import ran. */
  busyRequests: number;
  /** The p95 of the requests asked while the preview ran, and while the commit ran. */
  previewP95: number;
  commitP95: number;
  /** The longest of them, in the preview (the upload stored, its rows checked) and in the commit. */
  previewMax: number;
  commitMax: number;
  rssGrowthMb: number;
  heapGrowthMb: number;
}

let files = 0;
export function registerCsv(rows: number, first: number): Buffer {
  const tag = `${Date.now()}x${++files}`;
  const lines = ['Medlemsnummer;Fornavn;Etternavn;E-post;Mobil;Adresse;Postnummer;Fødselsdato;Kjønn;Medlem fra'];
  for (let i = 0; i < rows; i += 1) {
    const day = String((i % 28) + 1).padStart(2, '0');
    lines.push(
      `${first + i};Fornavn${i};Importsen${tag};import.${tag}.${i}@example.no;4${String(first + i).padStart(7, '0')};Storgata ${i};0150;${day}.04.1980;${i % 2 ? 'Mann' : 'Kvinne'};01.01.2020`,
    );
  }
  return Buffer.from(lines.join('\r\n'), 'utf8');
}

export async function staffId(db: Database): Promise<number> {
  const [staff] = await db.query<{ id: number }>("SELECT id FROM accounts WHERE email = 'bench@example.no'");
  return staff.id;
}

/** The import's preview, then its commit as the worker runs it (the queue is not started here). */
async function previewAndCommit(db: Database, rows: number, first: number, committing = () => {}) {
  const staff = await staffId(db);
  const [preview, previewSeconds] = await timed(() => createImport(db, staff, 'register.csv', registerCsv(rows, first), null));
  if (preview.summary.error > 0) throw new Error(`the bench file has errors: ${JSON.stringify(preview.errors.slice(0, 3))}`);
  committing();
  await db.query("UPDATE member_imports SET state = 'running' WHERE id = $1", [preview.id]);
  const [, commitSeconds] = await timed(() => runImport(db, new JobQueue(db), preview.id));
  const done = await findImportDetail(db, preview.id);
  if (done?.state !== 'done') throw new Error(`the import did not finish: ${done?.error}`);
  return { id: preview.id, previewSeconds, commitSeconds, created: done.summary.new, staff };
}

export async function measureImport(db: Database, rows: number, members: number): Promise<ImportResult> {
  await prepare(db, members);
  const memory = sampleMemory(50);
  const { id, previewSeconds, commitSeconds, created, staff } = await previewAndCommit(db, rows, 900_000);
  const server = await serveBench(db);
  try {
    // The queue is not started here: the undo is marked as the route marks it and run as its worker runs it.
    const queued: JobSender = { send: async () => '', sendMany: async () => {} };
    // The list is asked for from a thread of its own, as a browser asks (bench/list-prober.ts).
    const idle = (await probeMemberList(server, 50).done).map((probed) => probed.ms).sort((a, b) => a - b);
    const served = percentile(idle, 50);
    await startUndo(db, queued, id, staff);
    const probe = probeMemberList(server);
    // The undo starts once the client is asking, so its first step (which plans its statements and
    // their triggers, in a process that has not removed a member before) is measured too.
    await probe.ready;
    const undoFrom = performance.timeOrigin + performance.now();
    const [paced, undoSeconds] = await timed(() => runUndo(db, id));
    const firstStepEnded = undoFrom + paced.firstStepMs;
    const probed = await probe.stop();
    const waitOf = (request: { ms: number }) => Math.max(0, request.ms - served);
    const waits = probed.filter((request) => request.at + request.ms > undoFrom).map(waitOf);
    // The requests that came or were answered after the first step.
    const laterWaits = probed.filter((request) => request.at + request.ms > firstStepEnded).map(waitOf);
    const undone = await findImportDetail(db, id);
    if (undone?.state !== 'undone') throw new Error(`the undo did not finish: ${undone?.error}`);
    waits.sort((a, b) => a - b);
    return {
      rows,
      previewSeconds,
      commitSeconds,
      undoSeconds,
      undoOwnSeconds: undoSeconds - paced.stoodAsideMs / 1000,
      undoFirstStepMs: paced.firstStepMs,
      undoLongestStepMs: paced.longestStepMs,
      undoSteps: paced.steps,
      undoListMaxMs: waits.at(-1) ?? Number.NaN,
      undoListLaterMaxMs: laterWaits.length > 0 ? Math.max(...laterWaits) : Number.NaN,
      undoListP95: waits.length > 0 ? percentile(waits, 95) : Number.NaN,
      undoListRequests: waits.length,
      rssGrowthMb: memory.stop().rssMb,
      created,
    };
  } finally {
    await server.close();
  }
}

const grown = (rise: { rssMb: number; heapMb: number }) => ({ rssGrowthMb: rise.rssMb, heapGrowthMb: rise.heapMb });

/** The large import with the member list asked for, one request after the other, until it is done. */
export async function measureLargeImport(db: Database, rows: number, members: number): Promise<LargeImportResult> {
  await prepare(db, members);
  const server = await serveBench(db);
  try {
    // The list is asked for from a thread of its own, as a browser asks (bench/list-prober.ts).
    await probeMemberList(server, 10).done;
    // 300 requests, so the idle p95 rests on the 15 slowest rather than 5.
    const idle = (await probeMemberList(server, 300).done).map((probed) => probed.ms);
    global.gc?.();
    const memory = sampleMemory(50);
    let committingFrom = Infinity;
    const started = performance.now();
    const probe = probeMemberList(server);
    await probe.ready;
    await previewAndCommit(db, rows, 2_000_000, () => {
      committingFrom = performance.timeOrigin + performance.now();
    });
    const seconds = (performance.now() - started) / 1000;
    // Every request asked while the import ran counts, also one that waited for it to end; it is
    // put under the phase it was asked in.
    const asked = await probe.stop();
    const busy = {
      preview: asked.filter((probed) => probed.at < committingFrom).map((probed) => probed.ms),
      commit: asked.filter((probed) => probed.at >= committingFrom).map((probed) => probed.ms),
    };
    const p95 = (times: number[]) =>
      times.length > 0
        ? percentile(
            [...times].sort((a, b) => a - b),
            95,
          )
        : Number.NaN;
    idle.sort((a, b) => a - b);
    return {
      rows,
      seconds,
      idleP95: percentile(idle, 95),
      busyP95: p95([...busy.preview, ...busy.commit]),
      busyRequests: busy.preview.length + busy.commit.length,
      previewP95: p95(busy.preview),
      commitP95: p95(busy.commit),
      previewMax: Math.max(...busy.preview),
      commitMax: Math.max(...busy.commit),
      ...grown(memory.stop()),
    };
  } finally {
    await server.close();
  }
}

export function importLines(where: string, result: ImportResult): string[] {
  const verdict = (seconds: number, budget: number) => (seconds <= budget ? 'within budget' : 'OVER BUDGET');
  const scale = result.rows / 10_000;
  return [
    `| ${where} | ${result.rows} | ${result.previewSeconds.toFixed(2)} s (${verdict(result.previewSeconds, 5 * scale)}) | ${result.commitSeconds.toFixed(2)} s (${verdict(result.commitSeconds, 15 * scale)}) | ${result.undoSeconds.toFixed(2)} s, its own ${result.undoOwnSeconds.toFixed(2)} s (${verdict(result.undoOwnSeconds, 15 * scale)}) | ${result.undoSteps} steps, the first ${result.undoFirstStepMs.toFixed(0)} ms, the longest ${result.undoLongestStepMs.toFixed(0)} ms | ${result.undoListMaxMs.toFixed(1)} ms (${result.undoListMaxMs <= 100 ? 'within budget' : 'OVER BUDGET'}) / ${result.undoListLaterMaxMs.toFixed(1)} ms / ${result.undoListP95.toFixed(1)} ms (${result.undoListRequests} requests) | +${result.rssGrowthMb.toFixed(0)} MB |`,
  ];
}

export function largeImportLines(where: string, result: LargeImportResult): string[] {
  const ratio = result.busyP95 / result.idleP95;
  return [
    `| ${where} | ${result.rows} | ${result.seconds.toFixed(1)} s | ${result.idleP95.toFixed(1)} ms | ${result.busyP95.toFixed(1)} ms (${result.busyRequests} requests) | ${result.previewP95.toFixed(1)} / ${result.commitP95.toFixed(1)} ms | ${result.previewMax.toFixed(0)} / ${result.commitMax.toFixed(0)} ms | ${ratio.toFixed(1)}× (${ratio <= 3 ? 'within budget' : 'OVER BUDGET'}) | +${result.rssGrowthMb.toFixed(0)} MB (${result.rssGrowthMb <= 250 ? 'within budget' : 'OVER BUDGET'}) | +${result.heapGrowthMb.toFixed(0)} MB |`,
  ];
}
