/**
 * The growth section's table (bench/growth.ts measures): buffers at each size, the growth, and the
 * growth held to the bound, beyond the indexes' depth and from the smallest size with the largest's plan.
 */
import type { ProbeResult } from './growth.ts';

export const GROWTH_BOUND = 1.3;
export const MIDDLE_BOUND = 2;
/** Pages a request may grow by whatever its ratio: a table of a page or two filling its next one. */
export const SLACK_PAGES = 2;

/** One size's measurements and the height of its indexes (empty where pageinspect is not at hand). */
export interface GrowthRun {
  people: number;
  results: ProbeResult[];
  levels: Map<string, number>;
}

/**
 * The pages a request's index descents cost at the larger size beyond the smaller: one per descent
 * for each level its index gained. A list that reads the same rows the same way costs only these
 * more, as the trees grow a level at about every hundredfold.
 */
export function depthPages(result: ProbeResult, smaller: Map<string, number>, larger: Map<string, number>): number {
  let pages = 0;
  for (const [index, loops] of result.descents) {
    const before = smaller.get(index);
    const after = larger.get(index);
    if (before !== undefined && after !== undefined && after > before) pages += loops * (after - before);
  }
  return pages;
}

/** The same indexes descended (a plan of the same shape). */
const samePlan = (a: ProbeResult, b: ProbeResult) => a.descents.size === b.descents.size && [...a.descents.keys()].every((index) => b.descents.has(index));

/**
 * The section's table: buffers at each size, the growth, and the growth the bound is held to: from
 * the smallest size whose plan went down the same indexes as at the largest (a table of a few dozen
 * pages is read whole and hashed, cheaper than 25 index lookups, and a larger one is not), beyond
 * the pages the indexes' extra levels cost.
 */
export function growthTable(where: string, runs: GrowthRun[]): { lines: string[]; over: string[] } {
  const sizes = runs.map((run) => run.people);
  const lines = [
    `### ${where}: shared buffers per request from ${sizes[0]} to ${sizes[sizes.length - 1]} people`,
    '',
    `Hit + read buffers of every statement the request ran (EXPLAIN (ANALYZE, BUFFERS)), in brackets the statements and a page's rows. The growth is the largest size's over the smallest's. The bound, ≤ ${GROWTH_BOUND}× (the middle page ≤ ${MIDDLE_BOUND}×), holds the growth beyond the trees' depth: from the smallest size at which the request went down the same indexes as at the largest (at ${sizes[0]} people a table of a few dozen pages is read whole, cheaper than one index lookup per row, which it cannot stay as it grows), with the largest size's buffers less one page per index descent for each level that index's B-tree gained since (pageinspect's bt_metap; a level at about every hundredfold), the cost no database avoids as it grows. A request that grows by at most ${SLACK_PAGES} pages is within whatever its ratio (a table of a page or two filling its next one). A page is compared from a size at which it shows as many rows as at the largest (not at all when none does). A search reads the rows that match it, which grow with the register, counted no further than its horizon (4 pages past the page): it is shown, not held to the bound.`,
    '',
    `| request | ${sizes.map((size) => `${size} people`).join(' | ')} | growth | beyond the depth (from) | verdict |`,
    `|---|${sizes.map(() => '---|').join('')}---|---|---|`,
  ];
  const over: string[] = [];
  const largest = runs[runs.length - 1];
  for (const smallest of runs[0].results) {
    const at = runs.map((run) => run.results.find((other) => other.name === smallest.name && other.kind === smallest.kind));
    const last = at[at.length - 1];
    const growth = last ? last.buffers / Math.max(1, smallest.buffers) : Number.NaN;
    // The baseline: the smallest size with as many rows and the largest's plan, else the smallest with as many rows.
    const candidates = at
      .map((result, index) => (index < at.length - 1 && result !== undefined && last !== undefined && result.rows === last.rows ? index : -1))
      .filter((index) => index >= 0);
    const from = candidates.find((index) => samePlan(at[index]!, last!)) ?? candidates[0] ?? 0;
    const base = at[from]!;
    const beyondPages = last ? Math.max(0, last.buffers - depthPages(last, runs[from].levels, largest.levels)) : Number.NaN;
    const beyond = beyondPages / Math.max(1, base.buffers);
    const bound = smallest.kind === 'middle page' ? MIDDLE_BOUND : GROWTH_BOUND;
    // A page with fewer rows at every smaller size than at the largest (a short list) is not compared.
    const comparable = runs.length >= 2 && candidates.length > 0;
    // A search reads what matches it, which grows with the register (counted no further than its horizon).
    const search = smallest.name.includes('search');
    const within = !comparable || search || beyond <= bound || beyondPages - base.buffers <= SLACK_PAGES;
    const label = smallest.kind === 'record' || smallest.kind === 'badges' ? smallest.name : `${smallest.name}, ${smallest.kind}`;
    if (!within) over.push(`${label}: ${beyond.toFixed(2)}× beyond the depth from ${runs[from].people}`);
    const cell = (result: ProbeResult | undefined) =>
      result ? `${result.buffers} (${result.statements}${result.rows === null ? '' : `; ${result.rows} rows`})` : '–';
    const verdict =
      runs.length < 2
        ? '–'
        : !comparable
          ? 'not compared (fewer rows)'
          : search
            ? 'grows with its matches (not held to the bound)'
            : beyond > bound && within
              ? `within bound (+${beyondPages - base.buffers} pages)`
              : within
                ? 'within bound'
                : 'OVER BOUND';
    const ratio = (value: number) => (runs.length < 2 ? '–' : `${value.toFixed(2)}×`);
    lines.push(
      `| ${label} | ${at.map(cell).join(' | ')} | ${ratio(growth)} | ${runs.length < 2 ? '–' : `${ratio(beyond)} (${runs[from].people})`} | ${verdict} |`,
    );
  }
  lines.push('');
  return { lines, over };
}
