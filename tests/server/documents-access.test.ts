/**
 * Who reaches an instrument's documents: a member only their own (another member's answer 404 on
 * every route and stay as they were), staff by their role's rights (reading with members.read,
 * upload and delete with members.change); and the access log, where every read, download and
 * thumbnail by staff, and by the member, shows in the member's own "who read my data".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, type TestContext } from './helpers.ts';
import { GUITAR, PRODUCTS, createInstrument, createSubscription, signedIn, signedInStaff } from './factories-member-admin.ts';
import { createDocument, upload } from './factories-documents.ts';
import { createAccessToken } from '../../server/lib/tokens.ts';
import type { Document } from '../../server/schemas/documents.ts';

let t: TestContext;
let a: Awaited<ReturnType<typeof signedIn>>;
let b: Awaited<ReturnType<typeof signedIn>>;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
let instrumentOfA: number;
let instrumentOfB: number;
let photoOfB: Document;

async function insuredInstrument(memberId: number): Promise<number> {
  const insurance = await createSubscription(t.db, { member_id: memberId, product_id: PRODUCTS.instrument, kind: 'instrument', state: 'active' });
  return createInstrument(t.db, { member_id: memberId, instrument_category: GUITAR, subscription_id: insurance });
}

/** A staff user of a role of its own holding exactly these rights. */
async function staffWith(rights: string[]): Promise<string> {
  const [role] = await t.db.query<{ id: number }>('INSERT INTO staff_roles (name) VALUES ($1) RETURNING id', [`Dokumenter ${rights.join('+') || 'ingen'}`]);
  for (const right of rights) await t.db.query('INSERT INTO staff_role_rights (role_id, name) VALUES ($1, $2)', [role.id, right]);
  const account = await createAccount(t.db, { role_id: role.id, first_name: 'Rita', last_name: 'Rettighet' });
  return (await createAccessToken(t.db, account.id, { remember: false, name: 'dokumenter' })).token;
}

const call = (method: 'GET' | 'DELETE', url: string, token: string) => t.app.inject({ method, url, headers: bearer(token) });

beforeAll(async () => {
  t = await buildTestApp();
  staff = await signedInStaff(t.app, t.db, { first_name: 'Siri', last_name: 'Saksbehandler' });
  a = await signedIn(t.app, t.db, { first_name: 'Anna', last_name: 'Aas' });
  b = await signedIn(t.app, t.db, { first_name: 'Bjørn', last_name: 'Berg' });
  instrumentOfA = await insuredInstrument(a.id);
  instrumentOfB = await insuredInstrument(b.id);
  photoOfB = await createDocument(t.services, instrumentOfB, 'photo.png');
}, 60_000);
afterAll(async () => t?.close());

describe('another member’s documents', () => {
  it('answer 404 to member A on every route, exactly as a document that does not exist, and stay as they were', async () => {
    const missing = await call('GET', '/api/document/999999', a.token);
    expect(missing.statusCode).toBe(404);
    const answers = [
      await call('GET', `/api/instrument/${instrumentOfB}/document`, a.token),
      await upload(t.app, a.token, instrumentOfB, 'photo.png'),
      await call('GET', `/api/document/${photoOfB.id}`, a.token),
      await call('GET', `/api/document/${photoOfB.id}/thumbnail`, a.token),
      await call('DELETE', `/api/document/${photoOfB.id}`, a.token),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual(missing.json());
    }
    expect((await t.db.query('SELECT 1 FROM documents WHERE instrument_id = $1', [instrumentOfB])).length).toBe(1);
    expect((await call('GET', `/api/document/${photoOfB.id}`, b.token)).statusCode).toBe(200);
  });

  it('are A’s own to upload, list, download and delete on A’s own instruments', async () => {
    const uploaded = await upload(t.app, a.token, instrumentOfA, 'photo.webp');
    expect(uploaded.statusCode).toBe(201);
    const id = (uploaded.json().data as Document).id;
    expect((await call('GET', `/api/instrument/${instrumentOfA}/document`, a.token)).json().data.map((d: Document) => d.id)).toEqual([id]);
    expect((await call('GET', `/api/document/${id}/thumbnail`, a.token)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/document/${id}`, a.token)).statusCode).toBe(204);
    expect((await call('GET', `/api/document/${id}`, a.token)).statusCode).toBe(404);
  });

  it('are closed to a blocked member and to anyone not signed in', async () => {
    const blocked = await signedIn(t.app, t.db, { first_name: 'Sperret' });
    await t.db.query('UPDATE accounts SET blocked_access = true WHERE id = $1', [blocked.id]);
    expect((await call('GET', `/api/document/${photoOfB.id}`, blocked.token)).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/document/${photoOfB.id}` })).statusCode).toBe(401);
  });
});

describe('staff rights', () => {
  it('let a role with members.read look but not upload or delete, naming the right it lacks', async () => {
    const reader = await staffWith(['members.read']);
    expect((await call('GET', `/api/instrument/${instrumentOfB}/document`, reader)).statusCode).toBe(200);
    expect((await call('GET', `/api/document/${photoOfB.id}`, reader)).statusCode).toBe(200);
    expect((await call('GET', `/api/document/${photoOfB.id}/thumbnail`, reader)).statusCode).toBe(200);
    const refusedUpload = await upload(t.app, reader, instrumentOfB, 'photo.png');
    expect(refusedUpload.statusCode).toBe(403);
    expect(refusedUpload.json().right).toBe('members.change');
    const refusedDelete = await call('DELETE', `/api/document/${photoOfB.id}`, reader);
    expect(refusedDelete.statusCode).toBe(403);
    expect(refusedDelete.json().right).toBe('members.change');
    expect((await call('GET', `/api/document/${photoOfB.id}`, b.token)).statusCode).toBe(200);
  });

  it('keep a role without members.read out of the documents altogether', async () => {
    const billing = await staffWith(['billing.read']);
    for (const url of [`/api/instrument/${instrumentOfB}/document`, `/api/document/${photoOfB.id}`, `/api/document/${photoOfB.id}/thumbnail`]) {
      const answer = await call('GET', url, billing);
      expect(answer.statusCode).toBe(403);
      expect(answer.json().right).toBe('members.read');
    }
  });

  it('let a role with members.change upload to and delete from any member’s instrument', async () => {
    const changer = await staffWith(['members.read', 'members.change']);
    const uploaded = await upload(t.app, changer, instrumentOfB, 'photo.png');
    expect(uploaded.statusCode).toBe(201);
    expect((await call('DELETE', `/api/document/${(uploaded.json().data as Document).id}`, changer)).statusCode).toBe(204);
  });
});

describe('the access log', () => {
  interface Entry {
    kind: string;
    detail: string;
    staff: { first_name: string; last_name: string } | null;
  }
  const logOf = async (member: { id: number; token: string }) =>
    (await call('GET', `/api/member/${member.id}/access-log?per_page=100`, member.token)).json().data as Entry[];

  it('shows the member every read, download and thumbnail of their documents by staff, and what staff uploaded and deleted', async () => {
    const c = await signedIn(t.app, t.db, { first_name: 'Cecilie', last_name: 'Carlsen' });
    const instrument = await insuredInstrument(c.id);
    const uploaded = await upload(t.app, staff.token, instrument, 'photo.png');
    const id = (uploaded.json().data as Document).id;
    await call('GET', `/api/instrument/${instrument}/document`, staff.token);
    await call('GET', `/api/document/${id}`, staff.token);
    await call('GET', `/api/document/${id}/thumbnail`, staff.token);
    await call('DELETE', `/api/document/${id}`, staff.token);
    await expect.poll(async () => (await logOf(c)).length).toBe(5);
    const log = await logOf(c);
    expect(log.map((entry) => `${entry.kind} ${entry.detail}`).sort()).toEqual([
      'change Dokument lastet opp',
      'change Dokument slettet',
      'read Dokument lastet ned',
      'read Dokumenter',
      'read Miniatyrbilde av dokument',
    ]);
    for (const entry of log) expect(entry.staff).toEqual({ first_name: 'Siri', last_name: 'Saksbehandler' });
  });

  it('records the member’s own reads and downloads too, and nothing of A’s refused looks at B’s', async () => {
    const d = await signedIn(t.app, t.db, { first_name: 'Dina', last_name: 'Dahl' });
    const instrument = await insuredInstrument(d.id);
    const own = await createDocument(t.services, instrument, 'receipt.pdf', 'receipt');
    await call('GET', `/api/instrument/${instrument}/document`, d.token);
    await call('GET', `/api/document/${own.id}`, d.token);
    await call('GET', `/api/document/${own.id}/thumbnail`, d.token);
    await call('GET', `/api/document/${own.id}`, a.token);
    await expect.poll(async () => (await logOf(d)).length).toBe(2);
    const log = await logOf(d);
    expect(log.map((entry) => `${entry.kind} ${entry.detail}`).sort()).toEqual(['read Dokument lastet ned', 'read Dokumenter']);
    for (const entry of log) expect(entry.staff).toEqual({ first_name: 'Dina', last_name: 'Dahl' });
    const rows = await t.db.query<{ actor_id: number }>('SELECT actor_id FROM access_log WHERE member_id = $1', [d.id]);
    expect(rows.every((row) => row.actor_id === d.id)).toBe(true);
  });
});
