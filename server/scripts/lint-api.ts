/**
 * Checks the OpenAPI document the server serves with two independent tools: the OpenAPI 3.1
 * schema validation of @readme/openapi-parser and the recommended rules of Redocly's linter.
 * `npm run lint:api` builds the app (no database needed for the document), prints every problem
 * and exits 1 if there is one; tests/server/openapi.test.ts runs the same check.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { validate } from '@readme/openapi-parser';

/**
 * Redocly's recommended rules, less four that do not fit this API: the portal is not published
 * under a licence; /api/member/{id}/add-code and /api/member/import/{id} look alike to the rule
 * although the router always takes the literal 'import' first; a few public routes (/api/health,
 * the Vipps offer) take no input and so have no 4xx answer to give; and the payer's return from
 * Vipps answers only a redirect (303), never a 2xx.
 */
const REDOCLY_RULES = {
  extends: ['recommended'],
  rules: { 'info-license': 'off', 'no-ambiguous-paths': 'off', 'operation-4xx-response': 'off', 'operation-2xx-response': 'off' },
} as const;

/** Every problem either tool finds in the document, one line each; empty when it is valid. */
export async function lintOpenApi(document: unknown): Promise<string[]> {
  process.env.REDOCLY_TELEMETRY = 'off';
  const problems: string[] = [];
  const validation = await validate(structuredClone(document) as never);
  if (!validation.valid) {
    for (const error of validation.errors) problems.push(`openapi-parser: ${error.message.split('\n')[0]}`);
  }
  const config = await createConfig(REDOCLY_RULES as never);
  const lint = await lintFromString({ source: JSON.stringify(document, null, 2), absoluteRef: 'openapi.json', config });
  for (const problem of lint) {
    problems.push(`redocly ${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? '?'}`);
  }
  return problems;
}

/** The document of the app as it is built, without a database behind it. */
export async function buildDocument(): Promise<unknown> {
  const { openPglite } = await import('../db/pglite.ts');
  const { loadConfig } = await import('../config.ts');
  const { createServices } = await import('../plugins/services.ts');
  const { buildApp } = await import('../app.ts');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-lint-api-'));
  const db = await openPglite();
  try {
    const config = loadConfig({ ...process.env, STATIC_DIR: '/nonexistent', DATA_DIR: dataDir, BACKUP_INTERVAL_HOURS: '0' });
    const app = await buildApp(createServices(config, db, {}));
    await app.ready();
    const response = await app.inject({ url: '/api/docs/json' });
    await app.close();
    return response.json();
  } finally {
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const problems = await lintOpenApi(await buildDocument());
  for (const problem of problems) console.log(problem);
  console.log(problems.length === 0 ? 'OpenAPI-dokumentet er gyldig (openapi-parser og redocly).' : `${problems.length} problem(er) i OpenAPI-dokumentet.`);
  process.exit(problems.length === 0 ? 0 : 1);
}
