/**
 * The accessibility statement's data (statement.json), written by `npm run a11y:statement` from
 * the axe runs of the browser tests, and the record of one axe run that the tests leave.
 */

/** One rule's outcome in one axe run: axe puts every rule it ran in exactly one of these. */
export type AxeOutcome = 'passed' | 'violation' | 'incomplete' | 'inapplicable';

/** What the browser tests write to artifacts/axe for each axe run. */
export interface AxeRunRecord {
  /** The test file, relative to the project. */
  file: string;
  /** The page's path with ids and tokens replaced ('/profile/:id'). */
  path: string;
  /** The viewport's width in CSS pixels. */
  width: number;
  axeVersion: string;
  /** The tags axe was asked to run. */
  tags: string[];
  rules: Record<string, { outcome: AxeOutcome; tags: string[]; help: string }>;
}

/**
 * A criterion's status: 'passed' only where axe rules for it ran and found no problem, 'failed'
 * where one found a violation, 'review' where axe could not decide on some element, 'inapplicable'
 * where its rules ran but found nothing they apply to, 'untested' where no axe rule covers it.
 */
export type CriterionStatus = 'passed' | 'failed' | 'review' | 'inapplicable' | 'untested';

export interface CriterionResult {
  id: string;
  status: CriterionStatus;
  /** The axe rules for the criterion that ran. */
  rules: string[];
  /** For 'failed' and 'review': which rule, what it checks (axe's English text) and on which pages. */
  findings: { rule: string; help: string; pages: string[] }[];
}

export type Solution = 'member' | 'staff';

export interface SolutionStatement {
  /** Each page checked and the widths it was checked at. */
  pages: { path: string; widths: number[] }[];
  criteria: CriterionResult[];
}

export interface StatementData {
  /** The day the statement was last generated (yyyy-MM-dd). */
  updated: string;
  axeVersion: string;
  tags: string[];
  solutions: Record<Solution, SolutionStatement>;
}
