/** The server as a whole: under load, its memory, and the embedded database's backup and shutdown. */
import { loadSectionLines } from './load.ts';
import { measureBackup } from './backup.ts';
import { measureMemory, memoryLines } from './memory.ts';
import { members, pgUrl } from './run-settings.ts';

export async function loadSection(lines: string[]) {
  lines.push(...(await loadSectionLines(members, pgUrl)));
}

/** The embedded database's streamed backup and the shutdown after it, at BENCH_MEMBERS members. */
export async function backupSection(lines: string[]) {
  const result = await measureBackup(members);
  const within = result.rssGrowthMb <= 300 && result.shutdownSeconds <= 10;
  lines.push(
    '## Backup and shutdown (PGlite)',
    '',
    `A backup of ${result.members} members' database, streamed to a gzipped tar, and a server started on it (to its first healthy /api/health) and stopped with SIGTERM. Budgets: memory ≤ +300 MB during the backup, shutdown ≤ 10 s: ${within ? 'within budget' : 'OVER BUDGET'}.`,
    '',
  );
  lines.push('| data directory | archive | backup time | RSS growth | start to healthy | shutdown | backup at shutdown |', '|---|---|---|---|---|---|---|');
  lines.push(
    `| ${result.dataMb} MB | ${result.archiveMb} MB | ${result.seconds.toFixed(1)} s | +${result.rssGrowthMb} MB | ${result.startSeconds.toFixed(1)} s | ${result.shutdownSeconds.toFixed(1)} s | ${result.shutdownBackup} |`,
    '',
  );
  console.log(`Backup: ${JSON.stringify(result)}`);
}

/**
 * The real server's resident memory (supervisor and server process) at start, idle and under
 * load, on PGlite and PostgreSQL, empty and with BENCH_MEMORY_MEMBERS (default BENCH_MEMBERS)
 * members; see bench/memory.ts.
 */
export async function memorySection(lines: string[]) {
  const size = Number(process.env.BENCH_MEMORY_MEMBERS ?? members);
  const runs = await measureMemory(size, pgUrl);
  lines.push(...memoryLines(runs, Number(process.env.BENCH_MEMORY_IDLE_SECONDS ?? 20), Number(process.env.BENCH_MEMORY_LOAD_SECONDS ?? 10)));
}
