/**
 * Turns the browser tests' axe runs into the accessibility statement's data: per WCAG 2.2 A/AA
 * criterion and per solution (Min side with sign-up, the staff app), what axe checked and found.
 * It never says more than the runs did: a criterion is 'passed' only where axe rules for it ran
 * and passed, and one no rule covers stays 'untested'.
 */
import { isMemberPath } from '../../src/common/member-paths.ts';
import { axeTagOf, WCAG_CRITERIA } from '../../src/common/a11y/wcag-criteria.ts';
import type { AxeOutcome, AxeRunRecord, CriterionResult, Solution, SolutionStatement, StatementData } from '../../src/common/a11y/statement-types.ts';

const SOLUTIONS: Solution[] = ['member', 'staff'];

export const solutionOf = (pagePath: string): Solution => (isMemberPath(pagePath) ? 'member' : 'staff');

const sorted = <T>(values: Iterable<T>): T[] => [...new Set(values)].sort();
const pageLabel = (run: AxeRunRecord) => `${run.path} (${run.width} px)`;

function pagesOf(runs: AxeRunRecord[]): SolutionStatement['pages'] {
  const widths = new Map<string, Set<number>>();
  for (const run of runs) widths.set(run.path, (widths.get(run.path) ?? new Set()).add(run.width));
  return sorted(widths.keys()).map((path) => ({ path, widths: [...widths.get(path)!].sort((a, b) => a - b) }));
}

/** For one criterion: each rule that tests it, with the pages where it had each outcome. */
function outcomesFor(tag: string, runs: AxeRunRecord[]) {
  const rules = new Map<string, { help: string; pages: Map<AxeOutcome, string[]> }>();
  for (const run of runs) {
    for (const [id, rule] of Object.entries(run.rules)) {
      if (!rule.tags.includes(tag)) continue;
      const entry = rules.get(id) ?? { help: rule.help, pages: new Map() };
      entry.pages.set(rule.outcome, [...(entry.pages.get(rule.outcome) ?? []), pageLabel(run)]);
      rules.set(id, entry);
    }
  }
  return rules;
}

function criterionResult(id: string, runs: AxeRunRecord[]): CriterionResult {
  const rules = outcomesFor(axeTagOf(id), runs);
  const findingsOf = (outcome: AxeOutcome) =>
    sorted(rules.keys())
      .filter((rule) => rules.get(rule)!.pages.has(outcome))
      .map((rule) => ({ rule, help: rules.get(rule)!.help, pages: sorted(rules.get(rule)!.pages.get(outcome)!) }));
  const had = (outcome: AxeOutcome) => [...rules.values()].some((rule) => rule.pages.has(outcome));
  const base = { id, rules: sorted(rules.keys()) };
  if (had('violation')) return { ...base, status: 'failed', findings: findingsOf('violation') };
  if (had('incomplete')) return { ...base, status: 'review', findings: findingsOf('incomplete') };
  if (had('passed')) return { ...base, status: 'passed', findings: [] };
  return { ...base, status: rules.size > 0 ? 'inapplicable' : 'untested', findings: [] };
}

export function buildStatement(records: AxeRunRecord[], updated: string): StatementData {
  const solution = (name: Solution): SolutionStatement => {
    const runs = records.filter((run) => solutionOf(run.path) === name);
    return { pages: pagesOf(runs), criteria: WCAG_CRITERIA.map((criterion) => criterionResult(criterion.id, runs)) };
  };
  return {
    updated,
    axeVersion: sorted(records.map((run) => run.axeVersion)).join(', '),
    tags: sorted(records.flatMap((run) => run.tags)),
    solutions: { member: solution('member'), staff: solution('staff') },
  };
}

/** What the committed statement says beside what this run found, the day they were made aside. */
export interface StatementDifferences {
  /** Where the committed statement claims more than this run checked: the check fails on these. */
  claimsTooMuch: string[];
  /** What else differs (pages newly checked, a criterion now better, axe undecided this time): worth an update, not a failure. */
  notes: string[];
}

/** Statuses the committed one may say while this run found the other: nothing it claims is contradicted. */
const STILL_TRUE: Record<CriterionResult['status'], CriterionResult['status'][]> = {
  // A rule that found nothing to check on a run (content that came later, say) does not undo what it checked before.
  passed: ['passed', 'review', 'inapplicable'],
  inapplicable: ['inapplicable', 'passed', 'review'],
  review: ['review', 'passed', 'inapplicable', 'failed'],
  failed: ['failed', 'review', 'passed', 'inapplicable'],
  untested: ['untested', 'failed', 'review', 'passed', 'inapplicable'],
};

export function differences(committed: StatementData, fresh: StatementData): StatementDifferences {
  const claimsTooMuch: string[] = [];
  const notes: string[] = [];
  if (committed.axeVersion !== fresh.axeVersion) notes.push(`axe ${committed.axeVersion} → ${fresh.axeVersion}`);
  if (JSON.stringify(committed.tags) !== JSON.stringify(fresh.tags)) notes.push(`tags ${committed.tags.join(',')} → ${fresh.tags.join(',')}`);
  for (const name of SOLUTIONS) {
    const before = committed.solutions[name];
    const after = fresh.solutions[name];
    const pages = (statement: SolutionStatement) => statement.pages.flatMap((page) => page.widths.map((width) => `${page.path} (${width} px)`));
    for (const page of pages(before).filter((page) => !pages(after).includes(page))) claimsTooMuch.push(`${name}: ikke lenger kontrollert: ${page}`);
    for (const page of pages(after).filter((page) => !pages(before).includes(page))) notes.push(`${name}: nylig kontrollert: ${page}`);
    for (const criterion of after.criteria) {
      const old = before.criteria.find((candidate) => candidate.id === criterion.id);
      if (JSON.stringify(old) === JSON.stringify(criterion)) continue;
      const line = `${name}: ${criterion.id} ${old?.status ?? 'mangler'} → ${criterion.status} (regler: ${criterion.rules.join(', ') || 'ingen'})`;
      if (old && !STILL_TRUE[old.status].includes(criterion.status)) claimsTooMuch.push(line);
      else notes.push(line);
    }
  }
  return { claimsTooMuch, notes };
}
