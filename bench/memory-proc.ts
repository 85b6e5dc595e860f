/** What /proc tells of a process: its resident memory and peak, its child, and the probe's report from inside it. */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ProbeReport } from './memory-probe.ts';

/** VmRSS and VmHWM of a process, in MB. */
export function status(pid: number): { rss: number; hwm: number } {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN) / 1024;
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

/** Sets VmHWM back to VmRSS (Linux ≥ 4.0); false where the kernel refuses. */
export function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** The process `parent` forked (server/main.ts has one child). */
export function childOf(parent: number): number | null {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === parent) return Number(entry);
    } catch {
      // The process ended while we looked.
    }
  }
  return null;
}

/** The figures memory-probe.ts last wrote for process `pid` into `dir`. */
export function readProbe(dir: string, pid: number): ProbeReport {
  return JSON.parse(readFileSync(path.join(dir, `${pid}.json`), 'utf8')) as ProbeReport;
}
