/**
 * `npm run test:mutants`: plants each bug of mutants.ts in turn, runs the test files named to catch
 * it, and restores the file. Every mutant must be killed (its tests fail); the run prints a table
 * and exits 1 if one survived. `MUTANTS_ONLY=3` runs only the third.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MUTANTS, type Mutant } from './mutants.ts';

const root = path.resolve(import.meta.dirname, '../..');
const vitest = path.join(root, 'node_modules/.bin/vitest');

let planted: { file: string; original: string } | null = null;
const restore = () => {
  if (planted) writeFileSync(planted.file, planted.original);
  planted = null;
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    restore();
    process.exit(130);
  });
}

function plant(mutant: Mutant): void {
  const file = path.join(root, mutant.file);
  const original = readFileSync(file, 'utf8');
  const found = original.split(mutant.find).length - 1;
  if (found !== 1) throw new Error(`${mutant.file}: the text to replace is found ${found} times, not once: ${mutant.find}`);
  planted = { file, original };
  writeFileSync(
    file,
    original.replace(mutant.find, () => mutant.replace),
  );
}

interface Outcome {
  mutant: Mutant;
  killed: boolean;
  seconds: number;
}

function run(mutant: Mutant): Outcome {
  const started = performance.now();
  plant(mutant);
  try {
    const result = spawnSync(vitest, ['run', ...mutant.tests], { cwd: root, encoding: 'utf8', env: { ...process.env, CI: '1' } });
    return { mutant, killed: result.status !== 0, seconds: Math.round((performance.now() - started) / 100) / 10 };
  } finally {
    restore();
  }
}

const only = process.env.MUTANTS_ONLY ? Number(process.env.MUTANTS_ONLY) : null;
const chosen = only ? [MUTANTS[only - 1]] : MUTANTS;
// The unmutated code must pass the same files first, or a "killed" mutant would prove nothing.
const files = [...new Set(chosen.flatMap((mutant) => mutant.tests))];
const clean = spawnSync(vitest, ['run', ...files], { cwd: root, encoding: 'utf8', env: { ...process.env, CI: '1' } });
if (clean.status !== 0) {
  console.error(`The tests fail without any mutant; fix them first.\n${clean.stdout}\n${clean.stderr}`);
  process.exit(1);
}
const outcomes: Outcome[] = [];
for (const mutant of chosen) {
  const outcome = run(mutant);
  outcomes.push(outcome);
  console.log(`${outcome.killed ? 'killed  ' : 'SURVIVED'} ${String(outcome.seconds).padStart(5)} s  ${mutant.bug}`);
}
const survivors = outcomes.filter((outcome) => !outcome.killed);
console.log(`\n${outcomes.length - survivors.length} of ${outcomes.length} mutants killed.`);
process.exit(survivors.length === 0 ? 0 : 1);
