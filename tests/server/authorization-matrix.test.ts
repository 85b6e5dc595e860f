/**
 * The authorization matrix: every route of the OpenAPI document, called by every kind of caller,
 * with ids filled in from member A's records. Each route's expected outcome per caller follows
 * from the access setting next to its definition (`config.access`, published as x-access) and,
 * for staff, the right it declares (`config.right`, x-right) against the rights each staff role
 * holds in the database: case worker (3), finance (4), administrator (5) and an office's own role.
 * So a route added tomorrow is checked the day it is added, and a route without the setting fails.
 *
 * Besides the guard's answers (401 for anonymous, 403 for the wrong role or a blocked member),
 * no caller but A and staff may get a 2xx for a route that names one of A's records, and no
 * 2xx to them may carry anything of A's (A's marker text or A's member id as member_id).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createAccount, type TestContext } from './helpers.ts';
import { exampleOf, type Schema } from './schema-example.ts';
import { createInstrument, createSubscription, logMessage, GUITAR, PRODUCTS } from './factories-member-admin.ts';
import { createAccessToken } from '../../server/lib/tokens.ts';
import { MESSAGES } from '../../server/lib/http-errors.ts';
import { unsubscribeToken } from '../../server/domain/outreach/unsubscribe-token.ts';
import { createDocument } from './factories-documents.ts';
import { insertClaim } from './claims-factories.ts';

type Access = 'public' | 'member' | 'staff' | 'signed-in' | 'member-or-staff';
type StaffPrincipal = 'caseWorker' | 'finance' | 'custom' | 'administrator';
type Principal = 'anonymous' | 'memberB' | 'blocked' | 'applicant' | 'memberA' | StaffPrincipal;
const STAFF: StaffPrincipal[] = ['caseWorker', 'finance', 'custom', 'administrator'];
/** Others first, A and staff last (the administrator, who may do most, at the very end): what others must not do has not been done yet. */
const PRINCIPALS: Principal[] = ['anonymous', 'memberB', 'blocked', 'applicant', 'memberA', ...STAFF];
const isStaffPrincipal = (principal: Principal): principal is StaffPrincipal => (STAFF as Principal[]).includes(principal);
/** Each staff principal's rights, as the database holds them for its role. */
const staffRights = {} as Record<StaffPrincipal, string[]>;
const OTHERS: Principal[] = ['memberB', 'blocked', 'applicant'];

const MARKER = 'Amerket';

interface Operation {
  'x-access'?: Access | null;
  'x-allow-blocked'?: boolean;
  'x-right'?: string | null;
  parameters?: { in: string; name: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

interface Fixtures {
  a: number;
  travel: number;
  instrument: number;
  message: number;
  campaign: number;
  invoice: number;
  /** A role and a staff user no caller is: the matrix's changes to them change no caller's rights. */
  role: number;
  staffUser: number;
  segment: number;
  outreach: number;
  claim: number;
  /** A photo of A's instrument. */
  document: number;
}

let t: TestContext;
let fixtures: Fixtures;
const accounts = {} as Record<Exclude<Principal, 'anonymous'>, number>;

beforeAll(async () => {
  t = await buildTestApp();
  const a = await createAccount(t.db, { first_name: 'Anna', last_name: MARKER, email: 'amerket@example.no', phone: '91234567' });
  accounts.memberA = a.id;
  accounts.memberB = (await createAccount(t.db, { first_name: 'Bjørn', last_name: 'Berg', phone: '92345678' })).id;
  accounts.blocked = (await createAccount(t.db, { first_name: 'Sperret', blocked_access: true })).id;
  accounts.applicant = (await createAccount(t.db, { role_id: 1, first_name: 'Søker', registration_completed: 0 })).id;
  // An office's own role: reads members and billing, changes nothing.
  const [custom] = await t.db.query<{ id: number }>("INSERT INTO staff_roles (name) VALUES ('Revisor') RETURNING id");
  await t.db.query("INSERT INTO staff_role_rights (role_id, name) VALUES ($1, 'members.read'), ($1, 'billing.read')", [custom.id]);
  const roles: Record<StaffPrincipal, number> = { caseWorker: 3, finance: 4, custom: custom.id, administrator: 5 };
  for (const principal of STAFF) {
    accounts[principal] = (await createAccount(t.db, { role_id: roles[principal], first_name: 'Siri' })).id;
    staffRights[principal] = (await t.db.query<{ name: string }>('SELECT name FROM staff_role_rights WHERE role_id = $1', [roles[principal]])).map(
      (row) => row.name,
    );
  }
  await createSubscription(t.db, { member_id: a.id, product_id: PRODUCTS.membership, kind: 'membership', state: 'active' });
  const travel = await createSubscription(t.db, { member_id: a.id, product_id: PRODUCTS.travel, kind: 'travel', state: 'pending', value: 900 });
  const insurance = await createSubscription(t.db, { member_id: a.id, product_id: PRODUCTS.instrument, kind: 'instrument', state: 'active' });
  const instrument = await createInstrument(t.db, { member_id: a.id, instrument_category: GUITAR, subscription_id: insurance, make: MARKER });
  const message = await logMessage(t.db, { member_id: a.id, subject: MARKER, email_to: 'amerket@example.no' });
  const [campaign] = await t.db.query<{ id: number }>(
    `INSERT INTO campaigns (name, code, period_start, product_category_id) VALUES ('Matrise', 'MATRISE1', '2026-01-01', 1) RETURNING id`,
  );
  const [invoice] = await t.db.query<{ id: number }>(
    `INSERT INTO invoices (number, member_id, member_number, year, kind, total_ore, invoice_date, due_date, kid, channel, state)
     VALUES (9999001, $1, 99001, 2026, 'first', 145000, '2026-01-05', '2026-01-19', '009900199990013', 'EMAIL', 'sent') RETURNING id`,
    [a.id],
  );
  const [role] = await t.db.query<{ id: number }>("INSERT INTO staff_roles (name) VALUES ('Matrise') RETURNING id");
  await t.db.query("INSERT INTO staff_role_rights (role_id, name) VALUES ($1, 'members.read')", [role.id]);
  const staffUser = (await createAccount(t.db, { role_id: role.id, first_name: 'Matrise' })).id;
  // A group holding A: its count's sample names A, which only staff may see.
  const [segment] = await t.db.query<{ id: number }>(
    `INSERT INTO segments (name, filter) VALUES ('Matrise', jsonb_build_object('name', $1::text)) RETURNING id`,
    [MARKER],
  );
  // A draft to that group: its preview names A, which only staff may see.
  const [outreach] = await t.db.query<{ id: number }>(
    `INSERT INTO outreaches (segment_id, segment_name, kind, channel, subject, body) VALUES ($1, 'Matrise', 'required', 'email', 'Hei', '<p>Hei {first_name}</p>') RETURNING id`,
    [segment.id],
  );
  // A's claim on the insured instrument: its free text and snapshot carry A's marker.
  const claim = await insertClaim(t.db, { member_id: a.id, instrument_id: instrument, marker: MARKER });
  const document = await createDocument(t.services, instrument, 'photo.png', 'photo', `${MARKER}.png`);
  fixtures = {
    a: a.id,
    travel,
    instrument,
    message,
    campaign: campaign.id,
    invoice: invoice.id,
    role: role.id,
    staffUser,
    segment: segment.id,
    outreach: outreach.id,
    claim,
    document: document.id,
  };
}, 120_000);
afterAll(async () => t?.close());

/** What a path parameter is, by the path it is in; a path not listed here fails the suite. */
const PATH_VALUES: [RegExp, (f: Fixtures) => string | number, boolean][] = [
  // [path, value, whether the value is one of A's records]
  [/^\/api\/instrument\/category\//, () => 1, false],
  [/^\/api\/emails\/template\//, () => 1, false],
  [/^\/api\/postal-code\//, () => '0155', false],
  [/^\/api\/content\/page\//, () => 'min-side', false],
  [/^\/api\/vipps_registration\//, () => 'matrise-referanse-1', false],
  [/^\/api\/campaign\//, (f) => f.campaign, false],
  [/^\/api\/dev\/sync-tripletex\/runs\//, () => 1, false],
  [/^\/api\/content\/admin\//, () => 1, false],
  [/^\/api\/member\/import\//, () => 1, false],
  [/^\/api\/payment-file\//, () => 1, false],
  [/^\/api\/renewal\//, () => new Date().getFullYear() + 1, false],
  [/^\/api\/role\//, (f) => f.role, false],
  [/^\/api\/staff\//, (f) => f.staffUser, false],
  [/^\/api\/member\//, (f) => f.a, true],
  [/^\/api\/subscription\//, (f) => f.travel, true],
  [/^\/api\/instrument\//, (f) => f.instrument, true],
  [/^\/api\/emails\/logs\//, (f) => f.message, true],
  [/^\/api\/invoice\//, (f) => f.invoice, true],
  // A sign-in id (no caller's own) and a staff user's id for the two-factor reset: both answer 404.
  [/^\/api\/user\//, () => 999_999, false],
  [/^\/api\/verify\//, () => 'not-a-token', false],
  [/^\/api\/segment\//, (f) => f.segment, false],
  // A's unsubscribe link: the signed token is itself the permission (public), and what it
  // answers (the kinds and A's yes or no) carries nothing that names A.
  [/^\/api\/unsubscribe\//, (f) => unsubscribeToken(t.services.keys, { memberId: f.a, kind: 'newsletter_2', outreachId: null }), false],
  [/^\/api\/outreach\//, (f) => f.outreach, false],
  [/^\/api\/claim\//, (f) => f.claim, true],
  [/^\/api\/document\//, (f) => f.document, true],
];

const example = (schema: Schema | undefined, name: string) => exampleOf(schema, name, { memberId: fixtures.a, email: 'amerket@example.no' });

type Outcome = 'unauthenticated' | 'forbidden' | 'blocked' | 'missing-right' | 'allowed';

/** What the access setting and the declared right promise each caller. */
function expected(access: Access, allowBlocked: boolean, right: string | null, principal: Principal): Outcome {
  if (access === 'public') return 'allowed';
  if (principal === 'anonymous') return 'unauthenticated';
  if (isStaffPrincipal(principal)) {
    if (access === 'member') return 'forbidden';
    return right && !staffRights[principal].includes(right) ? 'missing-right' : 'allowed';
  }
  if (access === 'staff') return 'forbidden';
  if (access === 'member-or-staff' && principal === 'applicant') return 'forbidden';
  if (principal === 'blocked' && !allowBlocked) return 'blocked';
  return 'allowed';
}

/** Whether a JSON answer carries anything of member A's. */
function carriesA(value: unknown): boolean {
  if (typeof value === 'string') return value.includes(MARKER) || value.includes('amerket@');
  if (Array.isArray(value)) return value.some(carriesA);
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([key, item]) => (key === 'member_id' && item === fixtures.a) || carriesA(item));
  }
  return false;
}

interface Cell {
  method: string;
  path: string;
  principal: Principal;
  status: number;
  problem: string | null;
}

async function tokenOf(principal: Principal): Promise<string | null> {
  if (principal === 'anonymous') return null;
  return (await createAccessToken(t.db, accounts[principal], { remember: false, name: 'matrix' })).token;
}

describe('the authorization matrix from the OpenAPI document', () => {
  it('gives every caller of every route what its access setting and right promise, and nobody but A and staff anything of A’s', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, Operation>> };
    const routes = Object.entries(document.paths)
      .flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })))
      .filter(({ path }) => path.startsWith('/api/') && !path.startsWith('/api/docs'))
      // Reads before writes, deletes last, so a write of A's does not hide a later read.
      .sort((x, y) => ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].indexOf(x.method) - ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].indexOf(y.method));

    const undeclared = routes.filter(({ operation }) => !operation['x-access']).map(({ method, path }) => `${method} ${path}`);
    expect(undeclared, 'routes without config.access').toEqual([]);
    // Each default role is refused something and allowed something: the rights make a difference.
    for (const principal of ['caseWorker', 'finance'] as const) {
      expect(routes.some(({ operation }) => operation['x-right'] && !staffRights[principal].includes(operation['x-right']))).toBe(true);
    }

    const cells: Cell[] = [];
    const unknownPaths: string[] = [];
    for (const { path, method, operation } of routes) {
      const access = operation['x-access'] as Access;
      let namesA = false;
      let url = path;
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in !== 'path') continue;
        const rule = PATH_VALUES.find(([pattern]) => pattern.test(path));
        if (!rule) {
          unknownPaths.push(`${method} ${path} {${parameter.name}}`);
          continue;
        }
        url = url.replace(`{${parameter.name}}`, String(rule[1](fixtures)));
        namesA ||= rule[2];
      }
      const query = new URLSearchParams();
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'query' && parameter.required) query.set(parameter.name, String(example(parameter.schema, parameter.name)));
      }
      const json = operation.requestBody?.content?.['application/json']?.schema;
      const body = json ? example(json, 'body') : undefined;
      if (body && typeof body === 'object' && (body as Record<string, unknown>).member_id === fixtures.a) namesA = true;
      const target = query.size ? `${url}?${query}` : url;

      for (const principal of PRINCIPALS) {
        const token = await tokenOf(principal);
        const response = await t.app.inject({
          method: method as 'GET',
          url: target,
          headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
          payload: body !== undefined ? JSON.stringify(body) : undefined,
        });
        const status = response.statusCode;
        const answer = (() => {
          try {
            return response.json() as { message?: string; right?: string };
          } catch {
            return {};
          }
        })();
        const message = answer.message ?? '';
        const right = operation['x-right'] ?? null;
        const outcome = expected(access, operation['x-allow-blocked'] === true, right, principal);
        let problem: string | null = null;
        // 502/503: an outside service down or not set up (Tripletex, Vipps), said in a message.
        if (status >= 500 && status !== 502 && status !== 503) problem = `answered ${status}`;
        else if (outcome === 'unauthenticated' && status !== 401) problem = `expected 401, got ${status}`;
        else if (outcome === 'forbidden' && status !== 403) problem = `expected 403, got ${status}`;
        else if (outcome === 'blocked' && !(status === 403 && message === MESSAGES.blocked)) problem = `expected 403 (sperret), got ${status}`;
        else if (outcome === 'missing-right' && !(status === 403 && answer.right === right && message.includes(`(${right})`))) {
          problem = `expected 403 naming the right ${right}, got ${status} ${message}`;
        } else if (outcome === 'allowed' && status === 403 && answer.right) problem = `refused for the right ${answer.right} although the role holds it`;
        // A public route's own 401 (a wrong password) is its answer, not the guard's.
        else if (outcome === 'allowed' && access !== 'public' && (status === 401 || (status === 403 && message === MESSAGES.forbidden))) {
          problem = `refused by the guard (${status}) although access is ${access}`;
        } else if (OTHERS.includes(principal) && status < 300 && namesA) problem = `${status} for a route naming A's record`;
        else if (OTHERS.includes(principal) && status < 300 && carriesA(safeJson(response.body))) problem = `${status} carrying A's data`;
        cells.push({ method, path, principal, status, problem });
      }
    }
    console.log(`authorization matrix: ${cells.length} cells (${routes.length} routes × ${PRINCIPALS.length} callers)`);
    expect(unknownPaths, 'path parameters the matrix cannot fill: add them to PATH_VALUES').toEqual([]);
    expect(cells.filter((cell) => cell.problem).map((cell) => `${cell.principal} ${cell.method} ${cell.path}: ${cell.problem}`)).toEqual([]);
    expect(cells.length).toBeGreaterThan(PRINCIPALS.length * 20);
  }, 240_000);
});

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
