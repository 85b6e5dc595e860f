/**
 * The member import's budgets: preview of N rows (≤ 5 s at 10 000), the commit of N rows in its
 * one transaction (≤ 15 s at 10 000), and the undo of the same import (≤ 15 s at 10 000), on a
 * database that already holds BENCH_MEMBERS members (so the duplicate checks have work to do).
 * The rows come as a CSV the way an office's register does; peak RSS growth is reported too.
 */
import type { Database } from '../server/db/database.ts';
import { JobQueue } from '../server/jobs/queue.ts';
import { createImport, findImport, runImport, undoImport } from '../server/domain/member-import.ts';
import { prepare } from './member-list.ts';

export interface ImportResult {
  rows: number;
  previewSeconds: number;
  commitSeconds: number;
  undoSeconds: number;
  rssGrowthMb: number;
  created: number;
}

function registerCsv(rows: number, tag: string): Buffer {
  const lines = ['Medlemsnummer;Fornavn;Etternavn;E-post;Mobil;Adresse;Postnummer;Fødselsdato;Kjønn;Medlem fra'];
  for (let i = 0; i < rows; i += 1) {
    const day = String((i % 28) + 1).padStart(2, '0');
    lines.push(`${900_000 + i};Fornavn${i};Importsen${tag};import.${tag}.${i}@example.no;4${String(1_000_000 + i).padStart(7, '0')};Storgata ${i};0150;${day}.04.1980;${i % 2 ? 'Mann' : 'Kvinne'};01.01.2020`);
  }
  return Buffer.from(lines.join('\r\n'), 'utf8');
}

export async function measureImport(db: Database, rows: number, members: number): Promise<ImportResult> {
  await prepare(db, members);
  const [staff] = await db.query<{ id: number }>("SELECT id FROM accounts WHERE email = 'bench@example.no'");
  const jobs = new JobQueue(db);
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 50);
  try {
    const file = registerCsv(rows, String(Date.now()));
    let started = performance.now();
    const preview = await createImport(db, staff.id, 'register.csv', file, null);
    const previewSeconds = (performance.now() - started) / 1000;
    if (preview.summary.error > 0) throw new Error(`the bench file has errors: ${JSON.stringify(preview.errors.slice(0, 3))}`);
    // The queue is not started here: the job's work is run directly, as the worker does.
    await db.query("UPDATE member_imports SET state = 'running' WHERE id = $1", [preview.id]);
    started = performance.now();
    await runImport(db, jobs, preview.id);
    const commitSeconds = (performance.now() - started) / 1000;
    const done = await findImport(db, preview.id);
    if (done?.state !== 'done') throw new Error(`the import did not finish: ${done?.error}`);
    started = performance.now();
    await undoImport(db, preview.id, staff.id);
    const undoSeconds = (performance.now() - started) / 1000;
    return { rows, previewSeconds, commitSeconds, undoSeconds, rssGrowthMb: (peak - rssBefore) / 1024 / 1024, created: done.summary.new };
  } finally {
    clearInterval(sampler);
  }
}

export function importLines(where: string, result: ImportResult): string[] {
  const verdict = (seconds: number, budget: number) => (seconds <= budget ? 'within budget' : 'OVER BUDGET');
  const scale = result.rows / 10_000;
  return [
    `| ${where} | ${result.rows} | ${result.previewSeconds.toFixed(2)} s (${verdict(result.previewSeconds, 5 * scale)}) | ${result.commitSeconds.toFixed(2)} s (${verdict(result.commitSeconds, 15 * scale)}) | ${result.undoSeconds.toFixed(2)} s (${verdict(result.undoSeconds, 15 * scale)}) | +${result.rssGrowthMb.toFixed(0)} MB |`,
  ];
}

