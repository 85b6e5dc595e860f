/**
 * npm run a11y:statement — writes the accessibility statement's data (src/common/a11y/statement.json)
 * from the axe runs the browser tests left in artifacts/axe. With --check (CI, after the browser
 * tests) it writes nothing and fails when the committed statement says something else than this
 * run's results, so the published statement never claims more than the tests checked.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { AxeRunRecord, StatementData } from '../../src/common/a11y/statement-types.ts';
import { buildStatement, differences } from './a11y-statement-build.ts';

const root = path.resolve(import.meta.dirname, '../..');
const RESULTS = 'artifacts/axe';
const STATEMENT = 'src/common/a11y/statement.json';

const HELP = `Bruk: npm run a11y:statement [-- --check]

Lager dataene i tilgjengelighetserklæringen (src/common/a11y/statement.json) fra axe-kjøringene
som nettlesertestene la i artifacts/axe. Kjør hele nettlesertesten først (npm run test:e2e).
--check skriver ingenting, men feiler når erklæringen sier mer enn denne kjøringen viser (og nevner det den ikke sier ennå).
--results DIR og --statement FIL velger andre steder enn ${RESULTS} og ${STATEMENT}.`;

function readRecords(dir: string): AxeRunRecord[] {
  const files = existsSync(dir) ? readdirSync(dir).filter((file) => file.endsWith('.json')) : [];
  if (files.length === 0) throw new Error(`Fant ingen axe-resultater i ${dir}: kjør npm run test:e2e først.`);
  // Sorted by name, so the result does not depend on the order the test files ran in.
  return files.sort().map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as AxeRunRecord);
}

/** Today in Oslo, as the statement shows it. */
const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Oslo' }).format(new Date());

function main(): void {
  const { values } = parseArgs({
    options: { check: { type: 'boolean' }, results: { type: 'string' }, statement: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const statementFile = path.resolve(root, values.statement ?? STATEMENT);
  const records = readRecords(path.resolve(root, values.results ?? RESULTS));
  const fresh = buildStatement(records, today());
  const files = new Set(records.map((record) => record.file)).size;
  if (values.check) {
    const committed = JSON.parse(readFileSync(statementFile, 'utf8')) as StatementData;
    const { claimsTooMuch, notes } = differences(committed, fresh);
    const update = 'Oppdater den med: npm run build && npm run test:e2e && npm run a11y:statement, og commit src/common/a11y/statement.json.';
    if (claimsTooMuch.length > 0) {
      console.error(`Tilgjengelighetserklæringen sier mer enn axe-kjøringene i denne testkjøringen viser (${records.length} kjøringer i ${files} filer):`);
      for (const line of claimsTooMuch) console.error(`- ${line}`);
      for (const line of notes) console.error(`- (merk) ${line}`);
      console.error(update);
      process.exitCode = 1;
      return;
    }
    console.log(`Tilgjengelighetserklæringen sier ikke mer enn ${records.length} axe-kjøringer i ${files} filer viser.`);
    if (notes.length > 0) {
      console.log('Denne kjøringen viser også noe erklæringen ikke sier ennå:');
      for (const line of notes) console.log(`- ${line}`);
      console.log(update);
    }
    return;
  }
  writeFileSync(statementFile, `${JSON.stringify(fresh, null, 2)}\n`);
  console.log(`Skrev ${path.relative(root, statementFile)} fra ${records.length} axe-kjøringer i ${files} filer.`);
}

if (import.meta.main) {
  try {
    main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
