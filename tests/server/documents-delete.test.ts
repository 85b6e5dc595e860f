/**
 * Documents going away, with their stored files: deleted by the member or staff (refused while a
 * claim uses it), erased with the member, gone with a withdrawn instrument (the hourly clean-up),
 * and what an upload left behind when the process died between the file and its row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestContext } from './helpers.ts';
import { GUITAR, PRODUCTS, createInstrument, createSubscription, signedIn, signedInStaff } from './factories-member-admin.ts';
import { createDocument, fixture, keysInDatabase, pendingRemovals, storedFiles } from './factories-documents.ts';
import { DOCUMENT_MESSAGES } from '../../server/schemas/document-rules.ts';
import { removeLeftoverFiles, reserveKeys } from '../../server/domain/documents/files.ts';
import { CLEANUP_QUEUE } from '../../server/jobs/cleanup.ts';
import type { Document } from '../../server/schemas/documents.ts';

let t: TestContext;
let staff: Awaited<ReturnType<typeof signedInStaff>>;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await signedInStaff(t.app, t.db);
}, 60_000);
afterAll(async () => t?.close());

async function memberWithInstrument(name: string) {
  const member = await signedIn(t.app, t.db, { first_name: name, last_name: 'Dokumentsen' });
  const insurance = await createSubscription(t.db, { member_id: member.id, product_id: PRODUCTS.instrument, kind: 'instrument', state: 'active' });
  const instrument = await createInstrument(t.db, { member_id: member.id, instrument_category: GUITAR, subscription_id: insurance, value: 40_000 });
  return { ...member, instrument };
}

/** Both stored files of a document (the thumbnail's only for an image). */
async function keysOf(id: number): Promise<string[]> {
  const [row] = await t.db.query<{ storage_key: string; thumbnail_key: string | null }>('SELECT storage_key, thumbnail_key FROM documents WHERE id = $1', [id]);
  return [row.storage_key, row.thumbnail_key].filter((key): key is string => key !== null);
}

/** A claim for the instrument that uses the documents, as the claim form will make it. */
async function claimUsing(memberId: number, instrumentId: number, documentIds: number[]): Promise<number> {
  const [claim] = await t.db.query<{ id: number }>(
    `INSERT INTO claims (member_id, instrument_id, kind, occurred_on, place, country, description, snapshot)
     VALUES ($1, $2, 'damage', '2026-01-10', 'Oslo', 'NO', 'Mistet gitaren i trappa.', '{}') RETURNING id`,
    [memberId, instrumentId],
  );
  for (const id of documentIds) await t.db.query('INSERT INTO claim_documents (claim_id, document_id) VALUES ($1, $2)', [claim.id, id]);
  return claim.id;
}

const remove = (id: number, token: string) => t.app.inject({ method: 'DELETE', url: `/api/document/${id}`, headers: bearer(token) });

describe('deleting a document', () => {
  it('removes its row and its stored files (the photo and its thumbnail)', async () => {
    const member = await memberWithInstrument('Dag');
    const photo = await createDocument(t.services, member.instrument, 'gps.jpg');
    const keys = await keysOf(photo.id);
    expect(keys).toHaveLength(2);
    expect(await storedFiles(t.config.dataDir)).toEqual(expect.arrayContaining(keys));

    const answer = await remove(photo.id, member.token);
    expect(answer.statusCode).toBe(204);
    expect(answer.body).toBe('');
    expect(await t.db.query('SELECT 1 FROM documents WHERE id = $1', [photo.id])).toEqual([]);
    const left = await storedFiles(t.config.dataDir);
    for (const key of keys) expect(left).not.toContain(key);
    expect(await pendingRemovals(t.db)).toEqual([]);
    expect((await remove(photo.id, member.token)).statusCode).toBe(404);
  });

  it('is refused, to the member and to staff, while a claim uses the document; the list says so', async () => {
    const member = await memberWithInstrument('Eva');
    const receipt = await createDocument(t.services, member.instrument, 'receipt.pdf', 'receipt');
    const photo = await createDocument(t.services, member.instrument, 'photo.png');
    const claim = await claimUsing(member.id, member.instrument, [receipt.id]);

    for (const token of [member.token, staff.token]) {
      const refused = await remove(receipt.id, token);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: DOCUMENT_MESSAGES.inClaim });
    }
    const list = (await t.app.inject({ url: `/api/instrument/${member.instrument}/document`, headers: bearer(member.token) })).json().data as Document[];
    expect(list.map((document) => [document.id, document.in_claim])).toEqual([
      [receipt.id, true],
      [photo.id, false],
    ]);
    expect(await storedFiles(t.config.dataDir)).toEqual(expect.arrayContaining(await keysOf(receipt.id)));
    // A document the claim does not use goes as any other.
    expect((await remove(photo.id, member.token)).statusCode).toBe(204);
    // Once the claim no longer holds it (the claim deleted with its links), it may go.
    await t.db.query('DELETE FROM claims WHERE id = $1', [claim]);
    expect((await remove(receipt.id, member.token)).statusCode).toBe(204);
  });
});

describe('erasing a member', () => {
  it('removes their documents’ rows and stored files, those a claim used included, and nobody else’s', async () => {
    const member = await memberWithInstrument('Frode');
    const other = await memberWithInstrument('Gunn');
    const photo = await createDocument(t.services, member.instrument, 'gps.jpg', 'photo', 'Frode Dokumentsen med gitaren.jpg');
    const receipt = await createDocument(t.services, member.instrument, 'receipt.pdf', 'receipt');
    const kept = await createDocument(t.services, other.instrument, 'photo.png');
    await claimUsing(member.id, member.instrument, [receipt.id]);
    const gone = [...(await keysOf(photo.id)), ...(await keysOf(receipt.id))];
    const keptKeys = await keysOf(kept.id);

    // Without a member number, the erasure is confirmed with the account's id.
    const erased = await t.app.inject({
      method: 'POST',
      url: `/api/member/${member.id}/erase`,
      headers: bearer(staff.token),
      payload: { member_number: String(member.id) },
    });
    expect(erased.statusCode, erased.body).toBe(200);

    expect(await t.db.query('SELECT 1 FROM documents WHERE member_id = $1', [member.id])).toEqual([]);
    const left = await storedFiles(t.config.dataDir);
    for (const key of gone) expect(left).not.toContain(key);
    expect(left).toEqual(expect.arrayContaining(keptKeys));
    expect(await pendingRemovals(t.db)).toEqual([]);
    expect((await t.app.inject({ url: `/api/document/${kept.id}`, headers: bearer(other.token) })).statusCode).toBe(200);
  });
});

describe('files without a row', () => {
  it('of a withdrawn instrument’s documents are removed by the hourly clean-up', async () => {
    const member = await memberWithInstrument('Hege');
    const waiting = await createInstrument(t.db, { member_id: member.id, instrument_category: GUITAR, state: 'requested' });
    const photo = await createDocument(t.services, waiting, 'photo.webp');
    const keys = await keysOf(photo.id);
    // Withdrawing a waiting instrument removes its row, and its documents with it.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/instrument/${waiting}`, headers: bearer(member.token) })).statusCode).toBe(200);
    expect(await pendingRemovals(t.db)).toEqual(keys.sort());

    await t.services.jobs.send(CLEANUP_QUEUE, {});
    await expect.poll(() => pendingRemovals(t.db), { timeout: 20_000, interval: 200 }).toEqual([]);
    const left = await storedFiles(t.config.dataDir);
    for (const key of keys) expect(left).not.toContain(key);
  });

  it('of an upload cut short are left alone for an hour, then removed; a file a row names never is', async () => {
    const member = await memberWithInstrument('Ivar');
    const kept = await createDocument(t.services, member.instrument, 'photo.png');
    const orphan = 'cut-short-0000000000.jpg';
    await reserveKeys(t.db, [orphan]);
    await t.services.documents.put(orphan, fixture('gps.jpg'), 'image/jpeg');

    expect(await removeLeftoverFiles(t.db, t.services.documents)).toBe(0);
    expect(await storedFiles(t.config.dataDir)).toContain(orphan);

    // An hour later; and a mark wrongly naming a kept file is not followed.
    await t.db.query("UPDATE document_files_to_remove SET since = now() - interval '61 minutes' WHERE key = $1", [orphan]);
    await t.db.query("INSERT INTO document_files_to_remove (key, reason) SELECT storage_key, 'deleted' FROM documents WHERE id = $1", [kept.id]);
    expect(await removeLeftoverFiles(t.db, t.services.documents)).toBe(1);
    const left = await storedFiles(t.config.dataDir);
    expect(left).not.toContain(orphan);
    expect(left).toEqual(expect.arrayContaining(await keysOf(kept.id)));
    expect(await keysInDatabase(t.db)).toEqual(expect.arrayContaining(await keysOf(kept.id)));
    expect(await pendingRemovals(t.db)).toEqual([]);
  });
});
