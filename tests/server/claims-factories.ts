/**
 * Test data for the claim tests: a member with an insured instrument, documents kept with it (a
 * row in `documents` and its bytes in the app's document store, DATA_DIR/documents), and a claim
 * made through the API as the member makes one.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { bearer, type TestContext } from './helpers.ts';
import { createInstrument, createSubscription, GUITAR, PRODUCTS, signedIn } from './factories-member-admin.ts';
import { nextMemberNumber } from '../../server/domain/members/member-numbers.ts';
import type { AccountInput } from './helpers.ts';
import type { Database } from '../../server/db/database.ts';

export interface InsuredMember {
  id: number;
  email: string;
  token: string;
  memberNumber: number;
  instrument: number;
}

/** A member with a membership, an instrument insurance and one insured instrument (Fender Stratocaster, 15 000 kr, from 2025-01-01). */
export async function insuredMember(
  t: TestContext,
  input: AccountInput = {},
  instrument: { make?: string; model?: string; value?: number } = {},
): Promise<InsuredMember> {
  const memberNumber = await nextMemberNumber(t.db);
  const member = await signedIn(t.app, t.db, { phone: '91234567', remote_id: memberNumber, ...input });
  await createSubscription(t.db, {
    member_id: member.id,
    product_id: PRODUCTS.membership,
    kind: 'membership',
    state: 'active',
    subscription_start: '2025-01-01',
  });
  const insurance = await createSubscription(t.db, {
    member_id: member.id,
    product_id: PRODUCTS.instrument,
    kind: 'instrument',
    state: 'active',
    subscription_start: '2025-01-01',
  });
  const id = await createInstrument(t.db, {
    member_id: member.id,
    instrument_category: GUITAR,
    subscription_id: insurance,
    insurance_start: '2025-01-01',
    ...instrument,
  });
  return { id: member.id, email: member.email, token: member.token, memberNumber, instrument: id };
}

/** Another instrument of the member (insured unless a state is given). */
export const anotherInstrument = (t: TestContext, memberId: number, state = 'active') =>
  createInstrument(t.db, { member_id: memberId, instrument_category: GUITAR, state, make: 'Gibson', model: 'Les Paul', insurance_start: '2025-01-01' });

export interface StoredDocument {
  id: number;
  bytes: Buffer;
  file_name: string;
}

/** A small real JPEG (what the document store keeps for a photo or a scanned receipt). */
export const jpeg = (colour = '#b03a2e') =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

/** A small PDF as a member's uploaded receipt might be. */
export const pdf = (text = 'Kvittering') =>
  Buffer.from(`%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`);

/** A document kept with an instrument: its row, and its bytes in the document store under its storage_key. */
export async function addDocument(
  t: TestContext,
  input: { member: number; instrument: number; kind: 'receipt' | 'appraisal' | 'photo'; file_name: string; bytes: Buffer; valued_on?: string; value?: number },
): Promise<StoredDocument> {
  const type = input.bytes.subarray(0, 4).toString('latin1') === '%PDF' ? 'application/pdf' : 'image/jpeg';
  const key = `${randomUUID()}.${type === 'application/pdf' ? 'pdf' : 'jpg'}`;
  await t.services.documents.put(key, input.bytes, type);
  const [row] = await t.db.query<{ id: number }>(
    `INSERT INTO documents (instrument_id, member_id, kind, valued_on, value, file_name, content_type, size, width, height, storage_key, uploaded_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $2) RETURNING id`,
    [
      input.instrument,
      input.member,
      input.kind,
      input.valued_on ?? null,
      input.value ?? null,
      input.file_name,
      type,
      input.bytes.length,
      type === 'image/jpeg' ? 64 : null,
      type === 'image/jpeg' ? 48 : null,
      key,
    ],
  );
  return { id: row.id, bytes: input.bytes, file_name: input.file_name };
}

export interface ClaimBody {
  instrument_id: number;
  kind: 'theft' | 'damage' | 'loss';
  occurred_on: string;
  place: string;
  country: string;
  description: string;
  police_report?: string | null;
  document_ids?: number[];
}

/** A theft in Berlin a week ago (a Tuesday's gig), reported by the member. */
export const theftOf = (instrument: number, extra: Partial<ClaimBody> = {}): ClaimBody => ({
  instrument_id: instrument,
  kind: 'theft',
  occurred_on: daysAgo(7),
  place: 'Backstage, Columbiahalle, Berlin',
  country: 'DE',
  description: 'Gitaren ble stjålet fra garderoben mens vi spilte. Kofferten sto innelåst, døren var brutt opp da vi kom tilbake.',
  police_report: 'BER-2026-114477',
  ...extra,
});

export const daysAgo = (days: number): string => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

export const postClaim = (t: TestContext, token: string, body: Partial<ClaimBody> | Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/claim', headers: bearer(token), payload: body });

/** Makes the claim through the API and answers it (201 expected). */
export async function reportClaim(t: TestContext, token: string, body: ClaimBody): Promise<{ id: number } & Record<string, unknown>> {
  const response = await postClaim(t, token, body);
  if (response.statusCode !== 201) throw new Error(`claim refused: ${response.statusCode} ${response.body}`);
  return response.json().data;
}

/**
 * A claim written straight to the database (for the tests that call every route), with a whole
 * snapshot; `marker` goes in its free text, so an answer carrying it is known as this member's.
 */
export async function insertClaim(db: Database, input: { member_id: number; instrument_id: number; marker?: string }): Promise<number> {
  const marker = input.marker ?? 'Nordmann';
  const snapshot = {
    member: {
      id: input.member_id,
      member_number: null,
      first_name: 'Anna',
      last_name: marker,
      email: null,
      phone: null,
      address: null,
      postal_code: null,
      postal_area: null,
    },
    instrument: {
      id: input.instrument_id,
      category_id: 1,
      category: 'Gitar',
      make: marker,
      model: 'Stratocaster',
      serial_number: 'SN-1',
      value: 15000,
      insurance_start: '2025-01-01',
    },
    appraisal: null,
    policy_number: 'INSTR-2026-0001',
    insurer: 'Demo Forsikring ASA',
  };
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO claims (member_id, instrument_id, kind, occurred_on, place, country, description, police_report, snapshot)
     VALUES ($1, $2, 'damage', '2026-01-15', 'Oslo', 'NO', $3, NULL, $4) RETURNING id`,
    [input.member_id, input.instrument_id, `Skade på ${marker}s gitar`, JSON.stringify(snapshot)],
  );
  await db.query("INSERT INTO claim_events (claim_id, state, changed_by) VALUES ($1, 'sent', $2)", [row.id, input.member_id]);
  return row.id;
}
