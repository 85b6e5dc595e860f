/**
 * Hostile input against every route of the OpenAPI document: bodies, queries and path
 * parameters generated from each route's own schema and mixed with hostile values (NUL and
 * other control characters, lone surrogates, long strings, deep nesting, Infinity and huge
 * numbers, wrong types, SQL and HTML fragments, unknown fields). Whatever comes in: never a 500,
 * never a stack trace or SQL in an answer, errors in the one shape ({ message, errors? }), and a
 * refused request leaves the database as it was. Seeded, so a failure can be replayed.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createAccount, type TestContext } from './helpers.ts';
import { createInstrument, createSubscription, GUITAR, PRODUCTS } from './factories-member-admin.ts';
import { createAccessToken } from '../../server/lib/tokens.ts';

const SEED = 20261123;
const RUNS_PER_ROUTE = 30;

interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
}

interface Operation {
  'x-access'?: string | null;
  parameters?: { in: string; name: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

/** Stands for 1e309 (Infinity once parsed), which JSON.stringify cannot write. */
const INFINITY = '\u0001INFINITY\u0001';
const DEEP = '\u0001DEEP\u0001';

const HOSTILE_TEXT = [
  '\u0000',
  'a\u0000b',
  '\u0007bell',
  '\ud800',
  'x\udc00y',
  "' OR 1=1 --",
  "'); DROP TABLE accounts; --",
  '<img src=x id=probe onerror=alert(1)>',
  '<script>alert(1)</script>',
  '0000-01-01',
  '0000-00-00',
  '9999-12-31',
  '2026-02-30',
  '',
  ' ',
  '1e309',
  '-1',
  'NaN',
  'x'.repeat(300_000),
  '{first_name}',
  '%00',
  '\\',
  '../../etc/passwd',
];
const HOSTILE_NUMBERS: unknown[] = [INFINITY, 2 ** 31, 2 ** 53, -(2 ** 31) - 1, -1, 0, 1.5, 1e-9];
const WRONG_TYPES: unknown[] = [null, true, [], {}, 'x', 1, [[[]]]];

const hostile = fc.oneof(fc.constantFrom(...HOSTILE_TEXT), fc.constantFrom(...HOSTILE_NUMBERS), fc.constantFrom(...WRONG_TYPES));

let memberId = 1;
let subscriptionId = 1;
let instrumentId = 1;

function valid(schema: Schema | undefined, name: string, depth: number): fc.Arbitrary<unknown> {
  if (!schema) return fc.constant(undefined);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.length) return fc.oneof(...branches.map((branch) => arbitrary(branch, name, depth)));
  switch (schema.type) {
    case 'object': {
      const keys = Object.keys(schema.properties ?? {});
      const record = Object.fromEntries(keys.map((key) => [key, arbitrary(schema.properties![key], key, depth + 1)]));
      return fc
        .record(record, { requiredKeys: (schema.required ?? []).filter((key) => keys.includes(key)) })
        .chain((value) => fc.boolean().map((extra) => (extra ? { ...value, unknown_field: 'x' } : value)));
    }
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(arbitrary(schema.items, name, depth + 1), { maxLength: 3 });
    case 'integer':
      if (name === 'member_id') return fc.constant(memberId);
      if (/(^|_)id$/.test(name)) return fc.constantFrom(subscriptionId, instrumentId, 1);
      return fc.integer({ min: schema.minimum ?? -5, max: Math.min(schema.maximum ?? 100000, 2 ** 31 - 1) });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 });
    case 'boolean':
      return fc.boolean();
    case 'string':
      if (schema.format === 'date') return fc.constantFrom('2026-06-01', '1990-01-31', '2027-12-31');
      if (schema.format === 'date-time') return fc.constant('2026-06-01T12:00:00.000Z');
      return fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('ola@example.no', '0155', '91234567', 'Abcdefgh1'));
    default:
      return fc.constant('x');
  }
}

function arbitrary(schema: Schema | undefined, name: string, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 4, arbitrary: valid(schema, name, depth) }, { weight: 1, arbitrary: hostile });
}

/** JSON text with the stand-ins written out: 1e309 and nesting far deeper than any body of ours. */
const toJson = (value: unknown): string =>
  (JSON.stringify(value) ?? '').replaceAll(JSON.stringify(INFINITY), '1e309').replaceAll(JSON.stringify(DEEP), `${'['.repeat(5000)}${']'.repeat(5000)}`);

/** Percent-encoding that keeps a lone surrogate as the bytes a hostile client would send. */
const encode = (value: unknown): string => {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  return text.isWellFormed()
    ? encodeURIComponent(text)
    : text.replace(/[\ud800-\udfff]/g, '%ED%A0%80').replace(/[^\w%-]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
};

const PATH_VALUES = fc.oneof(
  fc.constantFrom('1e309', '99999999999', '-1', '0', 'abc', '%00', '1.5', '%ED%A0%80', "1'OR'1'='1"),
  fc
    .constantFrom(
      () => String(memberId),
      () => String(subscriptionId),
      () => String(instrumentId),
    )
    .map((get) => get()),
);

const QUERY_KEYS = [
  'page',
  'per_page',
  'sort',
  'filter[name]',
  'filter[status]',
  'filter[member_id]',
  'filter[role_id]',
  'filter[channel]',
  'filter[product_id]',
  'filter[from]',
  'filter[to]',
];

const LEAK =
  /\bat [\w.<>]+ \(|\.ts:\d+|\b(SELECT|INSERT|UPDATE|DELETE) .*\b(FROM|INTO|SET)\b|syntax error|violates|relation "|column "|invalid input syntax|out of range for type/i;

let t: TestContext;
let staffId = 0;

beforeAll(async () => {
  t = await buildTestApp();
  const member = await createAccount(t.db, { first_name: 'Fuzz', last_name: 'Medlem' });
  memberId = member.id;
  subscriptionId = await createSubscription(t.db, { member_id: member.id, product_id: PRODUCTS.travel, kind: 'travel', state: 'pending' });
  instrumentId = await createInstrument(t.db, { member_id: member.id, instrument_category: GUITAR });
  staffId = (await createAccount(t.db, { role_id: 5 })).id;
}, 120_000);
afterAll(async () => t?.close());

/** What a refused request must not have changed. */
async function fingerprint(): Promise<string> {
  const [row] = await t.db.query(
    `SELECT (SELECT count(*) FROM accounts) AS accounts, (SELECT max(updated_at) FROM accounts) AS accounts_at,
            (SELECT count(*) FROM subscriptions) AS subscriptions, (SELECT max(updated_at) FROM subscriptions) AS subscriptions_at,
            (SELECT count(*) FROM instruments) AS instruments, (SELECT max(updated_at) FROM instruments) AS instruments_at,
            (SELECT count(*) FROM member_changes) AS changes, (SELECT count(*) FROM message_log) AS messages,
            (SELECT count(*) FROM campaigns) AS campaigns, (SELECT max(updated_at) FROM email_templates) AS templates_at`,
  );
  return JSON.stringify(row);
}

describe('fuzzing every route', () => {
  it('never answers 500, leaks nothing, keeps one error shape and changes nothing when it refuses', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, Operation>> };
    const operations = Object.entries(document.paths)
      .flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })))
      .filter(({ path }) => path.startsWith('/api/') && !path.startsWith('/api/docs'));
    const failures: string[] = [];
    let cases = 0;

    for (const { path, method, operation } of operations) {
      const pathParams = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name);
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      const input = fc.record({
        params: fc.tuple(...pathParams.map(() => PATH_VALUES)),
        query: fc.array(fc.tuple(fc.constantFrom(...QUERY_KEYS), fc.oneof(fc.constantFrom(...HOSTILE_TEXT), fc.string({ maxLength: 8 }))), { maxLength: 3 }),
        body: bodySchema
          ? fc.oneof({ weight: 6, arbitrary: arbitrary(bodySchema, 'body') }, { weight: 1, arbitrary: fc.constant(DEEP) })
          : fc.constant(undefined),
        asMember: fc.boolean(),
      });
      await fc.assert(
        fc.asyncProperty(input, async ({ params, query, body, asMember }) => {
          cases += 1;
          let url = path;
          pathParams.forEach((name, index) => {
            url = url.replace(`{${name}}`, params[index]);
          });
          if (query.length) url += `?${query.map(([key, value]) => `${key}=${encode(value)}`).join('&')}`;
          const before = method === 'GET' ? '' : await fingerprint();
          // A fresh token each time: a case may sign out or change the password, which ends the token.
          const { token } = await createAccessToken(t.db, asMember ? memberId : staffId, { remember: false, name: 'fuzz' });
          const response = await t.app.inject({
            method: method as 'GET',
            url,
            headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
            payload: body !== undefined ? toJson(body) : undefined,
          });
          const status = response.statusCode;
          const problem = (() => {
            // 502 and 503 are an outside service that is down or not set up, said in a message; anything else is a fault.
            if (status >= 500 && status !== 502 && status !== 503) return `${status} ${response.body.slice(0, 200)}`;
            if (LEAK.test(response.body.slice(0, 5000)) && status >= 400) return `leaks internals: ${response.body.slice(0, 200)}`;
            if (status >= 400) {
              let parsed: { message?: unknown; errors?: unknown };
              try {
                parsed = response.json();
              } catch {
                return `error body is not JSON: ${response.body.slice(0, 100)}`;
              }
              if (typeof parsed.message !== 'string' || parsed.message === '') return 'error without a message';
              if (
                parsed.errors !== undefined &&
                !(
                  typeof parsed.errors === 'object' &&
                  parsed.errors !== null &&
                  Object.values(parsed.errors).every((list) => Array.isArray(list) && list.every((item) => typeof item === 'string'))
                )
              ) {
                return 'errors not in the { field: [message] } shape';
              }
            }
            return null;
          })();
          if (!problem && method !== 'GET' && status >= 400 && (await fingerprint()) !== before) {
            failures.push(`${method} ${path} changed the database although it answered ${status}`);
          }
          if (problem) failures.push(`${method} ${url.slice(0, 150)} ${toJson(body).slice(0, 150)}: ${problem}`);
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE },
      );
    }
    console.log(`fuzzing: ${cases} cases over ${operations.length} routes (seed ${SEED})`);
    expect([...new Set(failures)].slice(0, 30)).toEqual([]);
  }, 600_000);
});
