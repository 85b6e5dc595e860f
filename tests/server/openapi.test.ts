/**
 * The OpenAPI document against two independent validators, and against the server itself: every
 * route of the document is called (by every kind of caller, with real records, with an unknown
 * id, with a broken body or query, with a file upload where it takes one), and each real answer
 * must be one the document names for that route, with that media type and a body its schema
 * accepts. A status a route can answer and the document does not name fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { buildTestApp, createAccount, type TestContext } from './helpers.ts';
import { createInstrument, createSubscription, logMessage, GUITAR, PRODUCTS } from './factories-member-admin.ts';
import { createAccessToken } from '../../server/lib/tokens.ts';
import { lintOpenApi } from '../../server/scripts/lint-api.ts';
import { exampleOf, type Schema } from './schema-example.ts';
import { unsubscribeToken } from '../../server/domain/outreach/unsubscribe-token.ts';
import { createDocument } from './factories-documents.ts';
import { insertClaim } from './claims-factories.ts';

type Principal = 'anonymous' | 'member' | 'blocked' | 'applicant' | 'staff';
const PRINCIPALS: Principal[] = ['anonymous', 'member', 'blocked', 'applicant', 'staff'];

interface Response {
  description: string;
  content?: Record<string, { schema?: Schema }>;
}

interface Operation {
  'x-access'?: string;
  parameters?: { in: string; name: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses: Record<string, Response | { $ref: string }>;
}

interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, Response> };
}

/** A response as written, or the shared one its $ref points at. */
function resolved(response: Response | { $ref: string } | undefined): Response | undefined {
  if (!response || !('$ref' in response)) return response;
  return document.components.responses[response.$ref.replace('#/components/responses/', '')];
}

let t: TestContext;
let document: Document;
const accounts = {} as Record<Exclude<Principal, 'anonymous'>, number>;
/** A token of each caller's own, new for every call: logout and the session routes end the one they get. */
const tokenOf = async (principal: Exclude<Principal, 'anonymous'>) =>
  (await createAccessToken(t.db, accounts[principal], { remember: false, name: 'openapi' })).token;
const ids = {} as Record<
  'member' | 'travel' | 'instrument' | 'message' | 'campaign' | 'memberImport' | 'invoice' | 'segment' | 'outreach' | 'claim' | 'document',
  number
>;

beforeAll(async () => {
  t = await buildTestApp();
  const member = await createAccount(t.db, { first_name: 'Olav', last_name: 'Dokument', phone: '91234567' });
  Object.assign(accounts, {
    member: member.id,
    blocked: (await createAccount(t.db, { first_name: 'Sperret', blocked_access: true })).id,
    applicant: (await createAccount(t.db, { role_id: 1, first_name: 'Søker', registration_completed: 0 })).id,
    staff: (await createAccount(t.db, { role_id: 5, first_name: 'Siri' })).id,
  });
  await createSubscription(t.db, { member_id: member.id, product_id: PRODUCTS.membership, kind: 'membership', state: 'active' });
  const travel = await createSubscription(t.db, { member_id: member.id, product_id: PRODUCTS.travel, kind: 'travel', state: 'active', value: 900 });
  const insurance = await createSubscription(t.db, { member_id: member.id, product_id: PRODUCTS.instrument, kind: 'instrument', state: 'active' });
  const instrument = await createInstrument(t.db, { member_id: member.id, instrument_category: GUITAR, subscription_id: insurance, make: 'Yamaha' });
  const message = await logMessage(t.db, { member_id: member.id, subject: 'Velkommen', email_to: 'olav@example.no' });
  const [campaign] = await t.db.query<{ id: number }>(
    `INSERT INTO campaigns (name, code, period_start, product_category_id) VALUES ('Dokument', 'DOKUMENT1', '2026-01-01', 1) RETURNING id`,
  );
  const [invoice] = await t.db.query<{ id: number }>(
    `INSERT INTO invoices (number, member_id, member_number, year, kind, total_ore, invoice_date, due_date, kid, channel, state)
     VALUES (9999001, $1, 99001, 2026, 'first', 145000, '2026-01-05', '2026-01-19', '009900199990013', 'EMAIL', 'sent') RETURNING id`,
    [member.id],
  );
  const [segment] = await t.db.query<{ id: number }>(`INSERT INTO segments (name, filter) VALUES ('Oslo', '{"postal_area": "OSLO"}') RETURNING id`);
  const [outreach] = await t.db.query<{ id: number }>(
    `INSERT INTO outreaches (segment_id, segment_name, kind, channel, subject, body) VALUES ($1, 'Oslo', 'required', 'email', 'Hei', '<p>Hei {first_name}</p>') RETURNING id`,
    [segment.id],
  );
  const claim = await insertClaim(t.db, { member_id: member.id, instrument_id: instrument });
  const photo = await createDocument(t.services, instrument, 'photo.png');
  Object.assign(ids, {
    member: member.id,
    travel,
    instrument,
    message,
    campaign: campaign.id,
    memberImport: 0,
    invoice: invoice.id,
    segment: segment.id,
    outreach: outreach.id,
    claim,
    document: photo.id,
  });
  document = (await t.app.inject({ url: '/api/docs/json' })).json() as Document;
}, 120_000);
afterAll(async () => t?.close());

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1 to @readme/openapi-parser and to Redocly’s recommended rules', async () => {
    expect(document.openapi).toBe('3.1.0');
    expect(await lintOpenApi(document)).toEqual([]);
  }, 60_000);

  it('describes the upload fields and every error a route of its kind can give', () => {
    const upload = document.paths['/api/member/import'].post;
    const form = upload.requestBody?.content?.['multipart/form-data']?.schema;
    expect(form?.properties?.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(form?.properties?.mapping).toMatchObject({ type: 'string' });
    expect(form?.required).toEqual(['file']);
    expect(document.paths['/api/member/{id}/instrument/import'].post.requestBody?.content?.['multipart/form-data']?.schema?.properties?.file).toMatchObject({
      format: 'binary',
    });
    // A staff route with an id and a body: the guard's, the id's, the body's and the server's errors (503: a nearly full disk),
    // and its own (409: an erased member).
    expect(Object.keys(document.paths['/api/member/{id}'].patch.responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '409',
      '413',
      '415',
      '422',
      '429',
      '500',
      '503',
    ]);
    expect(resolved(document.paths['/api/member/{id}'].patch.responses['422'])?.content?.['application/json']?.schema?.required).toEqual(['message', 'errors']);
    // The guard's answers are written once and shared.
    expect(document.paths['/api/member/{id}'].patch.responses['401']).toEqual({ $ref: '#/components/responses/Error401' });
    expect(resolved(document.paths['/api/member/{id}'].patch.responses['401'])?.content?.['application/json']?.schema?.required).toEqual(['message']);
    // A public route without input answers only its own statuses.
    expect(Object.keys(document.paths['/api/health'].get.responses)).not.toContain('401');
    // Every list names its filters and sort fields.
    const queryOf = (path: string) => (document.paths[path].get.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    expect(queryOf('/api/member/list')).toEqual(expect.arrayContaining(['page', 'per_page', 'sort', 'filter[name]', 'filter[status]', 'filter[role_id]']));
    expect(queryOf('/api/emails/logs/list')).toEqual(expect.arrayContaining(['filter[member_id]', 'filter[channel]']));
    expect(queryOf('/api/access-log')).toEqual(expect.arrayContaining(['filter[staff_id]', 'filter[member_id]', 'filter[kind]', 'filter[from]', 'filter[to]']));
    expect(queryOf('/api/member/{id}/instrument/export')).toEqual(expect.arrayContaining(['filter[status]', 'format']));
    const lists = Object.entries(document.paths).filter(([, methods]) =>
      Object.keys(resolved(methods.get?.responses['200'])?.content?.['application/json']?.schema?.properties ?? {}).includes('current_page'),
    );
    expect(lists.length).toBeGreaterThan(10);
    expect(lists.filter(([path]) => !queryOf(path).includes('sort')).map(([path]) => path)).toEqual([]);
    const csv = resolved(document.paths['/api/member/import/template.csv'].get.responses['200'])?.content;
    expect(Object.keys(csv ?? {})).toEqual(['text/csv']);
  });
});

/** What a path parameter is, by the path it is in; a path not listed here fails the test. */
const PATH_VALUES: [RegExp, () => string | number][] = [
  [/^\/api\/instrument\/category\//, () => 1],
  [/^\/api\/emails\/template\//, () => 1],
  [/^\/api\/postal-code\//, () => '0155'],
  [/^\/api\/content\/page\//, () => 'min-side'],
  [/^\/api\/vipps_registration\//, () => 'dokument-referanse-1'],
  [/^\/api\/campaign\//, () => ids.campaign],
  [/^\/api\/dev\/sync-tripletex\/runs\//, () => 1],
  [/^\/api\/content\/admin\//, () => 1],
  [/^\/api\/member\/import\//, () => ids.memberImport || 1],
  [/^\/api\/payment-file\//, () => 1],
  [/^\/api\/renewal\//, () => new Date().getFullYear() + 1],
  // A role and a staff user that do not exist: the 404s the document names (the matrix changes real ones).
  [/^\/api\/role\//, () => 999],
  [/^\/api\/staff\//, () => 999_999],
  [/^\/api\/member\//, () => ids.member],
  [/^\/api\/subscription\//, () => ids.travel],
  [/^\/api\/instrument\//, () => ids.instrument],
  [/^\/api\/emails\/logs\//, () => ids.message],
  [/^\/api\/invoice\//, () => ids.invoice],
  [/^\/api\/user\//, () => 999_999],
  [/^\/api\/verify\//, () => 'not-a-token'],
  [/^\/api\/segment\//, () => ids.segment],
  // The member's own unsubscribe link (the token is the permission).
  [/^\/api\/unsubscribe\//, () => unsubscribeToken(t.services.keys, { memberId: ids.member, kind: 'newsletter_2', outreachId: null })],
  [/^\/api\/outreach\//, () => ids.outreach],
  [/^\/api\/claim\//, () => ids.claim],
  [/^\/api\/document\//, () => ids.document],
];

const example = (schema: Schema | undefined, name: string) => exampleOf(schema, name, { memberId: ids.member, email: 'olav@example.no' });

interface Call {
  principal: Principal;
  url: string;
  body?: { payload: string | Buffer; contentType: string };
  why: string;
}

function multipart(field: string, filename: string, content: string) {
  const boundary = '----dokumentgrense';
  const payload =
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
    `Content-Type: application/octet-stream\r\n\r\n${content}\r\n--${boundary}--\r\n`;
  return { payload: Buffer.from(payload), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The calls one route gets: every caller with good input, then staff with an unknown id, bad input and a broken body. */
function callsOf(path: string, method: string, operation: Operation, memberImportCsv: string): Call[] {
  const pathParameters = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
  const fill = (value: (name: string) => string | number) =>
    pathParameters.reduce((url, parameter) => url.replace(`{${parameter.name}}`, encodeURIComponent(String(value(parameter.name)))), path);
  const known = (name: string) => {
    const rule = PATH_VALUES.find(([pattern]) => pattern.test(path));
    if (!rule) throw new Error(`no value for {${name}} in ${method} ${path}: add it to PATH_VALUES`);
    return rule[1]();
  };
  const query = new URLSearchParams();
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in === 'query' && parameter.required) query.set(parameter.name, String(example(parameter.schema, parameter.name)));
  }
  const url = fill(known);
  const withQuery = (target: string, extra = '') => [target, [query.toString(), extra].filter(Boolean).join('&')].filter(Boolean).join('?');
  const content = operation.requestBody?.content ?? {};
  const json = content['application/json']?.schema;
  let body: Call['body'];
  if (json) body = { payload: JSON.stringify(example(json, 'body')), contentType: 'application/json' };
  else if (content['multipart/form-data']) {
    body = path === '/api/member/import' ? multipart('file', 'medlemmer.csv', memberImportCsv) : multipart('file', 'instrumenter.xlsx', 'ikke et regneark');
  }
  const calls: Call[] = PRINCIPALS.map((principal) => ({ principal, url: withQuery(url), body, why: 'good input' }));
  // Done twice: a duplicate, or something already handled.
  if (method !== 'GET') calls.push({ principal: 'staff', url: withQuery(url), body, why: 'good input again' });
  if (pathParameters.length > 0) {
    const unknown = (name: string) => (typeof known(name) === 'number' ? 2_000_000_000 : 'zzzzzzzzzz-unknown');
    calls.push({ principal: 'staff', url: withQuery(fill(unknown)), body, why: 'unknown id' });
    calls.push({ principal: 'member', url: withQuery(fill(unknown)), body, why: 'unknown id' });
    calls.push({ principal: 'staff', url: withQuery(fill(() => 'ikke-et-tall-%C3%A6')), body, why: 'malformed id' });
  }
  if (operation.parameters?.some((parameter) => parameter.in === 'query')) {
    calls.push({ principal: 'staff', url: withQuery(url, 'filter%5Bfinnes_ikke%5D=1&sort=finnes_ikke&page=x'), body, why: 'unknown filter' });
  }
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in === 'query' && parameter.name.startsWith('filter[')) {
      calls.push({ principal: 'staff', url: withQuery(url, `${encodeURIComponent(parameter.name)}=1`), body, why: `documented ${parameter.name}` });
    }
  }
  // An export answers a spreadsheet too: its media type must be one the document names.
  if (operation.parameters?.some((parameter) => parameter.in === 'query' && parameter.name === 'format')) {
    calls.push({ principal: 'staff', url: withQuery(url, 'format=xlsx'), body, why: 'as a spreadsheet' });
  }
  if (json) {
    calls.push({ principal: 'staff', url: withQuery(url), body: { payload: '{}', contentType: 'application/json' }, why: 'empty body' });
    calls.push({ principal: 'member', url: withQuery(url), body: { payload: '{}', contentType: 'application/json' }, why: 'empty body' });
    calls.push({ principal: 'staff', url: withQuery(url), body: { payload: '{"ikke json', contentType: 'application/json' }, why: 'broken JSON' });
  }
  if (['POST', 'PUT', 'PATCH'].includes(method)) {
    calls.push({ principal: 'staff', url: withQuery(url), body: { payload: '<x/>', contentType: 'application/xml' }, why: 'unsupported media type' });
  }
  if (content['multipart/form-data']) {
    calls.push({ principal: 'staff', url: withQuery(url), body: multipart('annet', 'tom.txt', ''), why: 'form without the file' });
  }
  return calls;
}

const mediaType = (header: string | undefined) => (header ?? '').split(';')[0].trim();

describe('the real answers of every route', () => {
  it('are each a status, media type and body the document names for that route', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const routes = Object.entries(document.paths)
      .flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })))
      .filter(({ path }) => path.startsWith('/api/') && !path.startsWith('/api/docs'))
      // Reads first, deletes last, so a write does not take away what a later read needs.
      .sort((x, y) => ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].indexOf(x.method) - ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].indexOf(y.method));
    const memberImportCsv = (await t.app.inject({ url: '/api/member/import/template.csv', headers: { authorization: `Bearer ${await tokenOf('staff')}` } }))
      .body;

    const problems: string[] = [];
    const spreadsheets: string[] = [];
    const seen = new Map<string, Set<string>>();
    let answers = 0;
    for (const { path, method, operation } of routes) {
      // The import just uploaded gives the import routes a real record.
      if (path.startsWith('/api/member/import/{id}') && !ids.memberImport) {
        const uploaded = await t.app.inject({
          method: 'POST',
          url: '/api/member/import',
          headers: { authorization: `Bearer ${await tokenOf('staff')}`, 'content-type': multipart('file', 'm.csv', memberImportCsv).contentType },
          payload: multipart('file', 'm.csv', memberImportCsv).payload,
        });
        ids.memberImport = (uploaded.json() as { data: { id: number } }).data.id;
      }
      for (const call of callsOf(path, method, operation, memberImportCsv)) {
        const token = call.principal === 'anonymous' ? null : await tokenOf(call.principal);
        const response = await t.app.inject({
          method: method as 'GET',
          url: call.url,
          headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(call.body ? { 'content-type': call.body.contentType } : {}) },
          payload: call.body?.payload,
        });
        answers++;
        const status = String(response.statusCode);
        const where = `${method} ${path} (${call.principal}, ${call.why}) answered ${status}`;
        seen.set(`${method} ${path}`, (seen.get(`${method} ${path}`) ?? new Set()).add(status));
        if (call.why.startsWith('documented filter') && status === '400' && /not allowed/.test(response.body)) {
          problems.push(`${where}: the filter the document names is refused as unknown`);
        }
        const documented = resolved(operation.responses[status]);
        if (!documented) {
          problems.push(`${where}, which the document does not name (it names ${Object.keys(operation.responses).join(', ')}): ${response.body.slice(0, 120)}`);
          continue;
        }
        if (!documented.content) {
          if (response.body !== '') problems.push(`${where} with a body the document says it has not`);
          continue;
        }
        const type = mediaType(response.headers['content-type'] as string | undefined);
        if (call.why === 'as a spreadsheet' && status === '200') spreadsheets.push(`${type} from ${method} ${path}`);
        const media = documented.content[type];
        if (!media) {
          problems.push(`${where} as ${type || 'nothing'}, the document says ${Object.keys(documented.content).join(', ')}`);
          continue;
        }
        if (type !== 'application/json' || !media.schema) continue;
        const validate = ajv.compile(media.schema);
        if (!validate(response.json())) {
          problems.push(`${where} with a body its schema refuses: ${ajv.errorsText(validate.errors)} in ${response.body.slice(0, 200)}`);
        }
      }
    }
    console.log(`openapi: ${answers} answers of ${routes.length} routes checked against the document`);
    expect(problems).toEqual([]);
    // Every export was asked for as xlsx, and answered as one.
    expect(spreadsheets.length).toBeGreaterThan(3);
    for (const answer of spreadsheets) expect(answer).toMatch(/^application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet from /);
    // Each route was reached past the guard at least once, and at least some answered an error of their own.
    const neverPastGuard = [...seen].filter(([, statuses]) => [...statuses].every((status) => status === '401' || status === '403')).map(([route]) => route);
    expect(neverPastGuard).toEqual([]);
    expect(routes.length).toBeGreaterThan(70);
  }, 300_000);
});
