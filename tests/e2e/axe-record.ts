/**
 * Keeps every axe run of the browser tests in artifacts/axe, one file per run named after the
 * test file and a counter, so files running in parallel never write the same file and the
 * accessibility statement (`npm run a11y:statement`) can say exactly what was checked.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { AxeResults, Result } from 'axe-core';
import type { AxeOutcome, AxeRunRecord } from '../../src/common/a11y/statement-types.ts';

const root = path.resolve(import.meta.dirname, '../..');
const AXE_RESULTS_DIR = path.join(root, 'artifacts', 'axe');

/** A page's path without what differs between runs: numeric ids and long tokens. */
export function pathPattern(url: string): string {
  const { pathname } = new URL(url);
  return pathname
    .split('/')
    .map((segment) => (/^\d+$/.test(segment) ? ':id' : segment.length >= 20 ? ':token' : segment.replace(/=\d+/g, '=:id')))
    .join('/');
}

let runs = 0;

export async function recordAxeRun(page: Page, results: AxeResults, tags: string[]): Promise<void> {
  // Outside a test (a hook) vitest names no file: the process id keeps parallel files apart then.
  const testPath = expect.getState().testPath;
  const file = testPath ? path.relative(root, testPath) : `unknown-${process.pid}`;
  const rules: AxeRunRecord['rules'] = {};
  // A rule is listed under each outcome some element had: the worst one, added last, is kept.
  const add = (list: Result[], outcome: AxeOutcome) => {
    for (const rule of list) rules[rule.id] = { outcome, tags: [...rule.tags].sort(), help: rule.help };
  };
  add(results.inapplicable, 'inapplicable');
  add(results.passes, 'passed');
  add(results.incomplete, 'incomplete');
  add(results.violations, 'violation');
  const record: AxeRunRecord = {
    file,
    path: pathPattern(page.url()),
    width: page.viewportSize()?.width ?? 0,
    axeVersion: results.testEngine.version,
    tags,
    rules,
  };
  runs += 1;
  mkdirSync(AXE_RESULTS_DIR, { recursive: true });
  writeFileSync(path.join(AXE_RESULTS_DIR, `${file.replace(/[\\/]/g, '_')}-${runs}.json`), `${JSON.stringify(record, null, 2)}\n`);
}
