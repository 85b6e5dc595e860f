/** The memory section's figures, one run a database, size and mode, and its Markdown for the results. */
import { LOW_MEMORY_NODE_FLAGS } from '../server/config-values.ts';
import type { ProbeFigures } from './memory-probe.ts';

/** One process's resident memory (MB) at each point of the run. */
export interface ProcessMemory {
  /** VmHWM when the server first answered: the peak of the start. */
  startPeak: number;
  /** VmRSS when the server first answered. */
  serving: number;
  /** VmRSS after the idle wait. */
  idle: number;
  /** VmHWM over the load (reset just before it). */
  loadPeak: number;
  /** VmRSS a second after the load. */
  afterLoad: number;
}

export interface MemoryRun {
  database: 'PGlite' | 'PostgreSQL';
  members: number;
  /** Started with LOW_MEMORY=1. */
  lowMemory: boolean;
  startSeconds: number;
  supervisor: ProcessMemory;
  server: ProcessMemory;
  /** The server process as Node sees it: at the peak of its start, idle, and at the peak of the load. */
  probe: { start: ProbeFigures; idle: ProbeFigures; load: ProbeFigures };
  requests: number;
  errors: number;
}

const mb = (bytes: number) => bytes / 1024 / 1024;

const fixed = (value: number) => value.toFixed(0);
/** The first cells of a row: database, size and mode. */
const runCells = (run: MemoryRun) => `| ${run.database} | ${run.members} | ${run.lowMemory ? 'LOW_MEMORY=1' : 'default'}`;

/** The section's Markdown: resident memory of both processes, and what the server's is made of. */
export function memoryLines(runs: MemoryRun[], idleSeconds: number, loadSeconds: number): string[] {
  const out = [
    '## Memory of the running server',
    '',
    `\`node server/main.ts\` (the supervisor and the server process it forks) from /proc: VmHWM when it first answers (the start's peak), VmRSS then, after ${idleSeconds} s idle, VmHWM over ${loadSeconds} s of load (10 connections asking for the member list as staff and 10 for a member's own record, at once; VmHWM reset before) and VmRSS a second after. MB. Empty: migrated, no members. LOW_MEMORY=1: the server process runs with \`${LOW_MEMORY_NODE_FLAGS.join(' ')}\`. The requests show what the load got through in that time on a machine shared with other work, not a throughput to compare.`,
    '',
    '| database | members | mode | process | start peak | serving | idle | load peak | after load | start | requests (errors) |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const run of runs) {
    for (const which of ['server', 'supervisor'] as const) {
      const memory = run[which];
      const extra = which === 'server' ? `${run.startSeconds.toFixed(1)} s | ${run.requests} (${run.errors})` : ' | ';
      out.push(
        `${runCells(run)} | ${which} | ${fixed(memory.startPeak)} | ${fixed(memory.serving)} | ${fixed(memory.idle)} | ${fixed(memory.loadPeak)} | ${fixed(memory.afterLoad)} | ${extra} |`,
      );
    }
    const total = (key: keyof ProcessMemory) => fixed(run.server[key] + run.supervisor[key]);
    out.push(
      `${runCells(run)} | **both** | **${total('startPeak')}** | ${total('serving')} | **${total('idle')}** | **${total('loadPeak')}** | ${total('afterLoad')} | | |`,
    );
  }
  out.push(
    '',
    "What the server process's memory is made of, as Node reports it (bench/memory-probe.ts; MB): the JavaScript heap (used / reserved), external memory (ArrayBuffers and Buffers, and PGlite's WebAssembly memory, whose size is shown apart: it grows and never shrinks, but only the pages PostgreSQL has touched are resident), and the rest of RSS (RSS − heap − external: compiled code, Node and V8 themselves, the compilers' working memory, malloc).",
    '',
    '| database | members | mode | when | RSS | heap used / total | external | of which WebAssembly | rest |',
    '|---|---|---|---|---|---|---|---|---|',
  );
  for (const run of runs) {
    for (const [when, figures] of [
      ['start (peaks)', run.probe.start],
      ['idle', run.probe.idle],
      ['load (peaks)', run.probe.load],
    ] as const) {
      const rest = mb(figures.rss) - mb(figures.heapTotal) - mb(figures.external);
      out.push(
        `${runCells(run)} | ${when} | ${fixed(mb(figures.rss))} | ${fixed(mb(figures.heapUsed))} / ${fixed(mb(figures.heapTotal))} | ${fixed(mb(figures.external))} | ${fixed(mb(figures.wasm))} | ${fixed(rest)} |`,
      );
    }
  }
  out.push('');
  for (const line of out.slice(4)) if (line.startsWith('| ') && !line.startsWith('|---')) console.log(line);
  return out;
}
