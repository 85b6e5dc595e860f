/**
 * API answers that may carry personal data say `Cache-Control: no-store`, error answers too, so
 * no browser cache or proxy keeps a copy: every authenticated GET of the OpenAPI document is
 * called as staff, as member A and without a token. Public reference data may stay cacheable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, type TestContext } from './helpers.ts';
import { GUITAR, PRODUCTS, createInstrument, createSubscription, logMessage, signedIn, signedInStaff } from './factories-member-admin.ts';
import { exampleOf, type Schema } from './schema-example.ts';
import { unsubscribeToken } from '../../server/domain/outreach/unsubscribe-token.ts';
import { createDocument } from './factories-documents.ts';
import { insertClaim } from './claims-factories.ts';

interface Operation {
  'x-access'?: string | null;
  parameters?: { in: string; name: string; required?: boolean; schema?: Schema }[];
}

let t: TestContext;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
let member: Awaited<ReturnType<typeof signedIn>>;
let ids: { travel: number; instrument: number; message: number; claim: number; document: number };
beforeAll(async () => {
  t = await buildTestApp();
  staff = await signedInStaff(t.app, t.db);
  member = await signedIn(t.app, t.db, { first_name: 'Cecilie', last_name: 'Cache', phone: '93456789' });
  await createSubscription(t.db, { member_id: member.id, product_id: PRODUCTS.membership, kind: 'membership', state: 'active' });
  const travel = await createSubscription(t.db, { member_id: member.id, product_id: PRODUCTS.travel, kind: 'travel', state: 'pending', value: 900 });
  const insurance = await createSubscription(t.db, { member_id: member.id, product_id: PRODUCTS.instrument, kind: 'instrument', state: 'active' });
  const instrument = await createInstrument(t.db, { member_id: member.id, instrument_category: GUITAR, subscription_id: insurance });
  const message = await logMessage(t.db, { member_id: member.id, subject: 'Hei', email_to: member.email });
  const claim = await insertClaim(t.db, { member_id: member.id, instrument_id: instrument });
  const document = await createDocument(t.services, instrument, 'photo.png');
  ids = { travel, instrument, message, claim, document: document.id };
}, 240_000);
afterAll(async () => t?.close());

/** A path parameter's value by the path it is in (as in authorization-matrix.test.ts). */
const PATH_VALUES: [RegExp, () => string | number][] = [
  [/^\/api\/instrument\/category\//, () => 1],
  [/^\/api\/emails\/template\//, () => 1],
  [/^\/api\/campaign\//, () => 1],
  [/^\/api\/dev\/sync-tripletex\/runs\//, () => 1],
  [/^\/api\/content\/admin\//, () => 1],
  [/^\/api\/member\/import\//, () => 1],
  [/^\/api\/member\//, () => member.id],
  [/^\/api\/subscription\//, () => ids.travel],
  [/^\/api\/instrument\//, () => ids.instrument],
  [/^\/api\/emails\/logs\//, () => ids.message],
  [/^\/api\/user\//, () => 999_999],
  [/^\/api\/invoice\//, () => 999_999],
  [/^\/api\/payment-file\//, () => 999_999],
  [/^\/api\/renewal\//, () => new Date().getFullYear() + 1],
  [/^\/api\/segment\//, () => 999_999],
  [/^\/api\/outreach\//, () => 999_999],
  [/^\/api\/staff\//, () => staff.id],
  [/^\/api\/claim\//, () => ids.claim],
  [/^\/api\/document\//, () => ids.document],
];

describe('Cache-Control on API answers', () => {
  it('says no-store on every authenticated GET, for staff, the member and a caller without a token, errors included', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, Operation>> };
    const reads = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/') && !path.startsWith('/api/docs'))
      .flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })))
      .filter(({ method, operation }) => method === 'get' && operation['x-access'] !== 'public');

    const missing: string[] = [];
    const unknownPaths: string[] = [];
    const statuses = new Set<number>();
    for (const { path, operation } of reads) {
      let url = path;
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in !== 'path') continue;
        const rule = PATH_VALUES.find(([pattern]) => pattern.test(path));
        if (!rule) unknownPaths.push(`${path} {${parameter.name}}`);
        else url = url.replace(`{${parameter.name}}`, String(rule[1]()));
      }
      const query = new URLSearchParams();
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'query' && parameter.required) {
          query.set(parameter.name, String(exampleOf(parameter.schema, parameter.name, { memberId: member.id, email: member.email })));
        }
      }
      const target = query.size ? `${url}?${query}` : url;
      for (const [caller, token] of [
        ['staff', staff.token],
        ['member', member.token],
        ['anonymous', null],
      ] as const) {
        const response = await t.app.inject({ url: target, headers: token ? bearer(token) : {} });
        statuses.add(response.statusCode);
        if (response.headers['cache-control'] !== 'no-store') {
          missing.push(`${caller} GET ${path} (${response.statusCode}): ${String(response.headers['cache-control'])}`);
        }
      }
    }
    expect(unknownPaths, 'path parameters this test cannot fill').toEqual([]);
    expect(missing).toEqual([]);
    expect(reads.length).toBeGreaterThan(30);
    // Answers, refusals (401, 403) and errors (404) were all among them.
    expect([...statuses]).toEqual(expect.arrayContaining([200, 401, 403, 404]));
  }, 300_000);

  it('says no-store on a change, a sign-in and a refused body, which carry the record or a token', async () => {
    const change = await t.app.inject({ method: 'PATCH', url: `/api/member/${member.id}`, headers: bearer(staff.token), payload: { artist_name: 'Cache' } });
    expect(change.statusCode).toBe(200);
    expect(change.headers['cache-control']).toBe('no-store');

    const account = await createAccount(t.db, { first_name: 'Innlogget' });
    const signIn = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email: account.email, password: account.password } });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers['cache-control']).toBe('no-store');

    const refused = await t.app.inject({ method: 'PATCH', url: `/api/member/${member.id}`, headers: bearer(staff.token), payload: { birthdate: 'i går' } });
    expect(refused.statusCode).toBe(422);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('says no-store on the public unsubscribe link, read, used or refused: it shows a member’s choices', async () => {
    const token = unsubscribeToken(t.services.keys, { memberId: member.id, kind: 'newsletter_3', outreachId: null });
    const answers = [
      await t.app.inject({ url: `/api/unsubscribe/${token}` }),
      await t.app.inject({ method: 'POST', url: `/api/unsubscribe/${token}` }),
      await t.app.inject({ url: `/api/unsubscribe/${token.slice(0, -2)}xx` }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 404]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('leaves public reference data and the apps’ files to their own caching', async () => {
    const postalCode = await t.app.inject({ url: '/api/postal-code/0155' });
    expect(postalCode.statusCode).toBe(200);
    expect(postalCode.headers['cache-control']).toBeUndefined();
  });
});
