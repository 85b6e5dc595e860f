/** The accessibility statement is made from the browser tests' axe runs and never claims more than they checked. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildStatement } from '../../server/scripts/a11y-statement-build.ts';
import type { AxeOutcome, AxeRunRecord, StatementData } from '../../src/common/a11y/statement-types.ts';

const root = path.resolve(import.meta.dirname, '../..');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** One axe run with the given rules' outcomes; each rule tests the criteria its tags name. */
function run(pagePath: string, width: number, rules: Record<string, [AxeOutcome, ...string[]]>, file = 'tests/e2e/x.test.ts'): AxeRunRecord {
  return {
    file,
    path: pagePath,
    width,
    axeVersion: '4.14.1',
    tags: TAGS,
    rules: Object.fromEntries(Object.entries(rules).map(([id, [outcome, ...tags]]) => [id, { outcome, tags: ['wcag2aa', ...tags], help: `${id} help` }])),
  };
}

const criterion = (statement: StatementData, solution: 'member' | 'staff', id: string) =>
  statement.solutions[solution].criteria.find((candidate) => candidate.id === id)!;

describe('buildStatement', () => {
  it('never marks a criterion no axe rule ran for as passed', () => {
    const statement = buildStatement([run('/profile', 1440, { 'color-contrast': ['passed', 'wcag143'] })], '2026-11-30');
    expect(criterion(statement, 'member', '1.4.3').status).toBe('passed');
    // No rule for 1.1.1 ran, and nothing at all ran on the staff app.
    expect(criterion(statement, 'member', '1.1.1')).toMatchObject({ status: 'untested', rules: [] });
    expect(statement.solutions.staff.criteria.every((result) => result.status === 'untested')).toBe(true);
    expect(statement.solutions.staff.pages).toEqual([]);
    const passed = statement.solutions.member.criteria.filter((result) => result.status === 'passed').map((result) => result.id);
    expect(passed).toEqual(['1.4.3']);
  });

  it('marks a criterion not met when one page of one width has a violation, naming the rule and the page', () => {
    const statement = buildStatement(
      [
        run('/membership', 1440, { 'link-name': ['passed', 'wcag244', 'wcag412'] }),
        run('/membership', 390, { 'link-name': ['violation', 'wcag244', 'wcag412'] }),
        run('/profile/:id', 390, { 'link-name': ['violation', 'wcag244', 'wcag412'] }),
      ],
      '2026-11-30',
    );
    expect(criterion(statement, 'staff', '2.4.4')).toEqual({
      id: '2.4.4',
      status: 'failed',
      rules: ['link-name'],
      findings: [{ rule: 'link-name', help: 'link-name help', pages: ['/membership (390 px)'] }],
    });
    expect(criterion(statement, 'staff', '4.1.2').status).toBe('failed');
    expect(criterion(statement, 'member', '2.4.4').status).toBe('failed');
    expect(statement.solutions.staff.pages).toEqual([{ path: '/membership', widths: [390, 1440] }]);
  });

  it('asks for a manual check where axe could not decide, and says not applicable where its rules found nothing', () => {
    const statement = buildStatement(
      [run('/profile', 1440, { 'color-contrast': ['incomplete', 'wcag143'], 'video-caption': ['inapplicable', 'wcag122'] })],
      '2026-11-30',
    );
    expect(criterion(statement, 'member', '1.4.3')).toMatchObject({ status: 'review', findings: [{ rule: 'color-contrast', pages: ['/profile (1440 px)'] }] });
    expect(criterion(statement, 'member', '1.2.2')).toMatchObject({ status: 'inapplicable', rules: ['video-caption'] });
  });

  it('gives the same statement whatever order the runs come in', () => {
    const runs = [
      run('/profile', 1440, { 'image-alt': ['passed', 'wcag111'] }, 'tests/e2e/a.test.ts'),
      run('/membership', 390, { 'image-alt': ['violation', 'wcag111'] }, 'tests/e2e/b.test.ts'),
      run('/profile', 390, { 'image-alt': ['inapplicable', 'wcag111'] }, 'tests/e2e/b.test.ts'),
      run('/membership', 1440, { 'image-alt': ['violation', 'wcag111'] }, 'tests/e2e/c.test.ts'),
    ];
    expect(buildStatement([...runs].reverse(), 'd')).toEqual(buildStatement(runs, 'd'));
    expect(buildStatement([runs[2], runs[0], runs[3], runs[1]], 'd')).toEqual(buildStatement(runs, 'd'));
  });
});

describe('npm run a11y:statement -- --check', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function script(...args: string[]): { code: number; output: string } {
    try {
      const output = execFileSync(path.join(root, 'node_modules/.bin/node'), [path.join(root, 'server/scripts/a11y-statement.ts'), ...args], {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      return { code: 0, output };
    } catch (error) {
      const failed = error as { status: number; stdout: string; stderr: string };
      return { code: failed.status, output: failed.stdout + failed.stderr };
    }
  }

  it('passes on the statement written from the same runs, and fails with what to run once it claims more than a run shows', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'a11y-statement-'));
    const results = path.join(dir, 'axe');
    const statement = path.join(dir, 'statement.json');
    mkdirSync(results);
    const write = (name: string, record: AxeRunRecord) => writeFileSync(path.join(results, name), JSON.stringify(record));
    write('a-1.json', run('/profile', 1440, { 'image-alt': ['passed', 'wcag111'] }));
    write('b-1.json', run('/membership', 390, { 'image-alt': ['passed', 'wcag111'] }));

    expect(script('--results', results, '--statement', statement).code).toBe(0);
    expect((JSON.parse(readFileSync(statement, 'utf8')) as StatementData).solutions.member.criteria[0].status).toBe('passed');
    expect(script('--check', '--results', results, '--statement', statement)).toMatchObject({ code: 0 });

    // The statement's day is when it was written: a later check of the same results still agrees.
    const written = JSON.parse(readFileSync(statement, 'utf8')) as StatementData;
    writeFileSync(statement, JSON.stringify({ ...written, updated: '2020-01-01' }));
    expect(script('--check', '--results', results, '--statement', statement).code).toBe(0);

    // A page newly checked, where axe could not decide once: the statement claims nothing untrue, so
    // the check passes and says what an update would add.
    write('c-1.json', run('/profile/card', 390, { 'image-alt': ['incomplete', 'wcag111'] }));
    const noted = script('--check', '--results', results, '--statement', statement);
    expect(noted.code).toBe(0);
    expect(noted.output).toContain('member: nylig kontrollert: /profile/card (390 px)');
    expect(noted.output).toContain('npm run a11y:statement');

    // A violation where the statement says passed, or a page it names left unchecked, fails.
    write('b-2.json', run('/membership', 1440, { 'image-alt': ['violation', 'wcag111'] }));
    const checked = script('--check', '--results', results, '--statement', statement);
    expect(checked.code).toBe(1);
    expect(checked.output).toContain('staff: 1.1.1 passed → failed');
    expect(checked.output).toContain('(merk) staff: nylig kontrollert: /membership (1440 px)');
    expect(checked.output).toContain('npm run a11y:statement');
    rmSync(path.join(results, 'b-2.json'));
    rmSync(path.join(results, 'a-1.json'));
    const unchecked = script('--check', '--results', results, '--statement', statement);
    expect(unchecked.code).toBe(1);
    expect(unchecked.output).toContain('member: ikke lenger kontrollert: /profile (1440 px)');
  });

  it('fails when the browser tests left no results', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'a11y-statement-'));
    const checked = script('--check', '--results', path.join(dir, 'none'), '--statement', path.join(dir, 'statement.json'));
    expect(checked.code).toBe(1);
    expect(checked.output).toContain('kjør npm run test:e2e først');
  });
});
