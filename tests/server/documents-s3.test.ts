/**
 * The documents on S3-compatible object storage (S3_URL and its keys), for several servers sharing
 * one PostgreSQL: the test starts its own S3 server (s3rver) on a free port in a temporary
 * directory, makes the bucket, and runs the upload, download, delete and erasure through the app.
 * Nothing lands in DATA_DIR/documents then; and the settings are checked with clear messages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import exifr from 'exifr';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { bearer, buildTestApp, type TestContext } from './helpers.ts';
import { GUITAR, PRODUCTS, createInstrument, createSubscription, signedIn, signedInStaff } from './factories-member-admin.ts';
import { fixture, pendingRemovals, storedFiles, upload } from './factories-documents.ts';
import { loadConfig } from '../../server/config.ts';
import { DocumentFileMissing, readAll, s3DocumentStore } from '../../server/domain/documents/store.ts';
import { uploadDocument } from '../../server/domain/documents/documents.ts';
import type { Document } from '../../server/schemas/documents.ts';

interface S3rver {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
  httpServer: Server;
}
const S3rverServer = createRequire(import.meta.url)('s3rver') as new (options: Record<string, unknown>) => S3rver;

const BUCKET = 'dokumenter';
const KEYS = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };
let s3: S3rver;
let directory: string;
let env: Record<string, string>;
let client: S3Client;
let t: TestContext;
let staff: Awaited<ReturnType<typeof signedInStaff>>;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'portal-s3-'));
  s3 = new S3rverServer({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await s3.run();
  env = { S3_URL: `http://127.0.0.1:${port}`, S3_BUCKET: BUCKET, ...KEYS };
  client = new S3Client({
    endpoint: env.S3_URL,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: KEYS.S3_ACCESS_KEY_ID, secretAccessKey: KEYS.S3_SECRET_ACCESS_KEY },
  });
  await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
  t = await buildTestApp({ env });
  staff = await signedInStaff(t.app, t.db);
}, 60_000);

afterAll(async () => {
  await t?.close();
  client?.destroy();
  s3?.httpServer.closeAllConnections();
  await s3?.close();
  await rm(directory, { recursive: true, force: true });
});

const objects = async (): Promise<string[]> =>
  ((await client.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((object) => object.Key!).sort();

async function memberWithInstrument(name: string) {
  const member = await signedIn(t.app, t.db, { first_name: name, last_name: 'Skysen' });
  const insurance = await createSubscription(t.db, { member_id: member.id, product_id: PRODUCTS.instrument, kind: 'instrument', state: 'active' });
  const instrument = await createInstrument(t.db, { member_id: member.id, instrument_category: GUITAR, subscription_id: insurance });
  return { ...member, instrument };
}

const keysOf = async (ids: number[]) =>
  (
    await t.db.query<{ storage_key: string; thumbnail_key: string | null }>('SELECT storage_key, thumbnail_key FROM documents WHERE id = ANY ($1::int[])', [
      ids,
    ])
  )
    .flatMap((row) => [row.storage_key, row.thumbnail_key])
    .filter((key): key is string => key !== null)
    .sort();

describe('documents on S3', () => {
  it('are uploaded as objects in the bucket and downloaded from it, nothing in DATA_DIR', async () => {
    expect(t.services.documents.kind).toBe('s3');
    const member = await memberWithInstrument('Sigrid');
    const photo = await upload(t.app, member.token, member.instrument, 'gps.jpg');
    const receipt = await upload(t.app, member.token, member.instrument, 'receipt.pdf', { kind: 'receipt' });
    expect([photo.statusCode, receipt.statusCode]).toEqual([201, 201]);
    const ids = [photo.json().data.id as number, receipt.json().data.id as number];
    const keys = await keysOf(ids);
    expect(keys).toHaveLength(3);
    expect(await objects()).toEqual(expect.arrayContaining(keys));
    expect(await storedFiles(t.config.dataDir)).toEqual([]);

    const pdf = await t.app.inject({ url: `/api/document/${ids[1]}`, headers: bearer(member.token) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers).toMatchObject({ 'content-type': 'application/pdf', 'content-security-policy': "default-src 'none'; sandbox" });
    expect(Buffer.compare(pdf.rawPayload, fixture('receipt.pdf'))).toBe(0);
    const image = await t.app.inject({ url: `/api/document/${ids[0]}`, headers: bearer(staff.token) });
    expect(image.rawPayload.length).toBe(photo.json().data.size);
    expect(await exifr.gps(image.rawPayload)).toBeUndefined();
    const thumbnail = await t.app.inject({ url: `/api/document/${ids[0]}/thumbnail`, headers: bearer(member.token) });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/jpeg');
  });

  it('are deleted from the bucket with their row', async () => {
    const member = await memberWithInstrument('Tor');
    const photo = (await upload(t.app, member.token, member.instrument, 'photo.webp')).json().data as Document;
    const keys = await keysOf([photo.id]);
    expect(await objects()).toEqual(expect.arrayContaining(keys));
    expect((await t.app.inject({ method: 'DELETE', url: `/api/document/${photo.id}`, headers: bearer(member.token) })).statusCode).toBe(204);
    const left = await objects();
    for (const key of keys) expect(left).not.toContain(key);
    expect(await pendingRemovals(t.db)).toEqual([]);
  });

  it('are removed from the bucket when the member is erased, and nobody else’s are', async () => {
    const member = await memberWithInstrument('Unni');
    const other = await memberWithInstrument('Vidar');
    const mine = [
      (await upload(t.app, member.token, member.instrument, 'photo.png')).json().data.id as number,
      (await upload(t.app, member.token, member.instrument, 'receipt.pdf', { kind: 'receipt' })).json().data.id as number,
    ];
    const theirs = (await upload(t.app, other.token, other.instrument, 'photo.png')).json().data.id as number;
    const gone = await keysOf(mine);
    const kept = await keysOf([theirs]);

    const erased = await t.app.inject({
      method: 'POST',
      url: `/api/member/${member.id}/erase`,
      headers: bearer(staff.token),
      payload: { member_number: String(member.id) },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    const left = await objects();
    for (const key of gone) expect(left).not.toContain(key);
    expect(left).toEqual(expect.arrayContaining(kept));
    expect(await t.db.query('SELECT 1 FROM documents WHERE member_id = $1', [member.id])).toEqual([]);
    expect(await pendingRemovals(t.db)).toEqual([]);
  });

  it('answer a missing object as missing, and take a delete of one that is not there', async () => {
    const store = t.services.documents;
    await expect(store.get('finnes-ikke-000000.jpg')).rejects.toBeInstanceOf(DocumentFileMissing);
    await store.delete('finnes-ikke-000000.jpg');
    await store.put('rundtur-00000000.pdf', fixture('receipt.pdf'), 'application/pdf');
    expect(Buffer.compare(await readAll(await store.get('rundtur-00000000.pdf')), fixture('receipt.pdf'))).toBe(0);
    await store.deleteMany(['rundtur-00000000.pdf', 'finnes-ikke-000000.jpg']);
    expect(await objects()).not.toContain('rundtur-00000000.pdf');
    await expect(store.put('../utenfor.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/Ugyldig nøkkel/);
  });

  it('store no row when the object store does not answer, and leave the upload’s keys for the clean-up', async () => {
    const member = await memberWithInstrument('Wenche');
    const down = s3DocumentStore({ ...loadConfig(env).s3!, url: 'http://127.0.0.1:9' });
    await expect(
      uploadDocument(t.db, down, { id: member.id, staff: false }, member.instrument, { name: 'bilde.png', buffer: fixture('photo.png') }, { kind: 'photo' }),
    ).rejects.toThrow();
    expect(await t.db.query('SELECT 1 FROM documents WHERE instrument_id = $1', [member.instrument])).toEqual([]);
    expect(await pendingRemovals(t.db)).toHaveLength(2);
    await t.db.query('DELETE FROM document_files_to_remove');
  }, 60_000);
});

describe('the S3 settings', () => {
  it('are read with the region defaulting to us-east-1, and without S3_URL the documents are files', () => {
    expect(loadConfig(env).s3).toEqual({ url: env.S3_URL, bucket: BUCKET, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', region: 'us-east-1' });
    expect(loadConfig({ ...env, S3_URL: `${env.S3_URL}/`, S3_REGION: 'eu-north-1' }).s3).toMatchObject({ url: env.S3_URL, region: 'eu-north-1' });
    expect(loadConfig({}).s3).toBeNull();
  });

  it('stop the server with a message naming the setting that is wrong or missing', () => {
    expect(() => loadConfig({ S3_URL: 'ftp://s3.example.no', S3_BUCKET: BUCKET, ...KEYS })).toThrow(/S3_URL/);
    expect(() => loadConfig({ S3_URL: 'https://s3.example.no', ...KEYS })).toThrow(/S3_BUCKET: må settes når S3_URL er satt/);
    expect(() => loadConfig({ S3_URL: 'https://s3.example.no', S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: 'x' })).toThrow(/S3_SECRET_ACCESS_KEY: må settes/);
    expect(() => loadConfig({ S3_URL: 'https://s3.example.no', S3_BUCKET: 'Mine_Dokumenter', ...KEYS })).toThrow(
      /S3_BUCKET: «Mine_Dokumenter» er ikke et gyldig navn på en bøtte/,
    );
    expect(() => loadConfig({ S3_URL: 'https://s3.example.no', S3_BUCKET: BUCKET, S3_REGION: 'Oslo!', ...KEYS })).toThrow(/S3_REGION/);
    expect(() => loadConfig({ S3_BUCKET: BUCKET, ...KEYS })).toThrow(/S3_URL: må settes når S3_BUCKET er satt/);
  });
});
