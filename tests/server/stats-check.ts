/** Shared by the insurance, campaigns and money tests of 'Nøkkeltall': periods, dates, a seeded random, the xlsx reader. */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { monthCutoff, monthsBetween, statsPeriod, type StatsPeriod } from '../../server/domain/stats/period.ts';
import { todayInOslo } from '../../server/domain/shared/oslo-date.ts';

const run = promisify(execFile);
/** Debian's python3-openpyxl lives beside the system interpreter, which a version manager on PATH may hide. */
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
const READ_WORKBOOK = `
import json, sys, openpyxl
wb = openpyxl.load_workbook(sys.argv[1])
print(json.dumps({ws.title: [[c.value for c in row] for row in ws.iter_rows()] for ws in wb.worksheets}, default=str))
`;

/** The workbook's sheets, each as rows of cell values (the header row first), read by openpyxl. */
export async function readWorkbook(body: Buffer): Promise<Record<string, unknown[][]>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-stats-'));
  try {
    const file = path.join(dir, 'stats.xlsx');
    await writeFile(file, body);
    const { stdout } = await run(PYTHON, ['-c', READ_WORKBOOK, file]);
    return JSON.parse(stdout) as Record<string, unknown[][]>;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export const today = () => todayInOslo();

/** A day `days` after (or before, negative) `day`. */
export const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The periods every figure is checked over: last year whole, a range from and to mid-month, the month under way, two years to today. */
export function checkedPeriods(): { name: string; from: string; to?: string }[] {
  const now = today();
  const year = Number(now.slice(0, 4));
  return [
    { name: 'last year', from: `${year - 1}-01-01`, to: `${year - 1}-12-31` },
    { name: 'mid-month range', from: `${year - 1}-03-14`, to: `${year}-02-17` },
    { name: 'month under way', from: `${now.slice(0, 7)}-01` },
    { name: 'two years to today', from: `${year - 1}-01-01` },
  ];
}

export const periodOf = (query: { from: string; to?: string }): StatsPeriod => statsPeriod(query);
export { monthCutoff, monthsBetween };

/** A small seeded random (mulberry32), so a failing batch can be run again. */
export function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    /** A day between `from` and `to`, both counted. */
    day: (from: string, to: string) => addDays(from, Math.floor(next() * (1 + (Date.parse(to) - Date.parse(from)) / 86_400_000))),
  };
}
