/**
 * Every kind of document a member uploads from a phone or a computer, kept right: photos upright
 * and without the camera's metadata (GPS gone, read back with exifr), an iPhone's HEIC readable
 * as a JPEG, WebP and PNG as JPEG, a PDF receipt as it came; thumbnails; appraisals with their
 * date and value; and every download served as a file the browser cannot run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import exifr from 'exifr';
import sharp from 'sharp';
import { bearer, buildTestApp, type TestContext } from './helpers.ts';
import { GUITAR, PRODUCTS, createInstrument, createSubscription, signedIn, signedInStaff } from './factories-member-admin.ts';
import { fixture, upload } from './factories-documents.ts';
import type { Document } from '../../server/schemas/documents.ts';

let t: TestContext;
let member: Awaited<ReturnType<typeof signedIn>>;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
let instrument: number;

beforeAll(async () => {
  t = await buildTestApp();
  member = await signedIn(t.app, t.db, { first_name: 'Frida', last_name: 'Fotograf' });
  staff = await signedInStaff(t.app, t.db);
  const insurance = await createSubscription(t.db, { member_id: member.id, product_id: PRODUCTS.instrument, kind: 'instrument', state: 'active' });
  instrument = await createInstrument(t.db, { member_id: member.id, instrument_category: GUITAR, subscription_id: insurance, value: 150_000 });
}, 60_000);
afterAll(async () => t?.close());

const download = (id: number, token = member.token, what = '') => t.app.inject({ url: `/api/document/${id}${what}`, headers: bearer(token) });

async function uploaded(file: Parameters<typeof upload>[3], fields?: Record<string, string>): Promise<Document> {
  const response = await upload(t.app, member.token, instrument, file, fields);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Document;
}

/** The colour of one pixel of a JPEG, as [r, g, b]. */
async function pixel(jpeg: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at], data[at + 1], data[at + 2]];
}

const SAFE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'cache-control': 'no-store',
};

describe('uploading photos', () => {
  it('keeps a phone photo as a JPEG without its GPS position or camera', async () => {
    expect((await exifr.gps(fixture('gps.jpg'))).latitude).toBeCloseTo(59.9139, 3);
    const document = await uploaded('gps.jpg');
    expect(document).toMatchObject({
      instrument_id: instrument,
      member_id: member.id,
      kind: 'photo',
      valued_on: null,
      value: null,
      file_name: 'gps.jpg',
      content_type: 'image/jpeg',
      width: 640,
      height: 480,
      has_thumbnail: true,
      in_claim: false,
    });
    const stored = await download(document.id);
    expect(stored.statusCode).toBe(200);
    expect(stored.rawPayload.length).toBe(document.size);
    expect(await exifr.gps(stored.rawPayload)).toBeUndefined();
    const metadata = await exifr.parse(stored.rawPayload, true);
    expect(metadata?.Make).toBeUndefined();
    expect(metadata?.DateTimeOriginal).toBeUndefined();
  });

  it('stores a photo taken on its side upright: width and height swapped, the corner where it belongs', async () => {
    expect(await exifr.orientation(fixture('rotated.jpg'))).toBe(6);
    const document = await uploaded('rotated.jpg');
    expect([document.width, document.height]).toEqual([400, 600]);
    const stored = (await download(document.id)).rawPayload;
    expect(await exifr.orientation(stored)).toBeUndefined();
    // The red block was top-left as stored; turned a quarter clockwise it is top-right.
    const [r, g, b] = await pixel(stored, 390, 10);
    expect(r).toBeGreaterThan(200);
    expect(g + b).toBeLessThan(120);
    const [r2] = await pixel(stored, 10, 10);
    expect(r2).toBeLessThan(200);
  });

  it('reads an iPhone’s HEIC and keeps it as a JPEG anyone can open, named .jpg', async () => {
    const document = await uploaded({ name: 'IMG_0042.HEIC', content: fixture('photo.heic'), type: 'image/heic' });
    expect(document).toMatchObject({ content_type: 'image/jpeg', file_name: 'IMG_0042.jpg', width: 800, height: 600, has_thumbnail: true });
    const stored = await download(document.id);
    expect(stored.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(stored.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 800, height: 600 });
  });

  it('keeps WebP and PNG (transparency on white) as JPEG', async () => {
    const webp = await uploaded('photo.webp');
    expect(webp).toMatchObject({ content_type: 'image/jpeg', file_name: 'photo.jpg', width: 500, height: 375 });
    const png = await uploaded({ name: 'bilde.png', content: fixture('photo.png'), type: 'image/png' });
    expect(png).toMatchObject({ content_type: 'image/jpeg', file_name: 'bilde.jpg', width: 400, height: 300 });
    const stored = (await download(png.id)).rawPayload;
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'jpeg', channels: 3, hasAlpha: false });
  });

  it('scales a large photo to at most 4000 px on its longest side', async () => {
    const big = await sharp({ create: { width: 6000, height: 3000, channels: 3, background: '#557799' } })
      .jpeg()
      .toBuffer();
    const document = await uploaded({ name: 'stor.jpg', content: big });
    expect([document.width, document.height]).toEqual([4000, 2000]);
  });

  it('gives each image a thumbnail of at most 320 px, shown inline, and a PDF none', async () => {
    const document = await uploaded('gps.jpg');
    const thumbnail = await download(document.id, member.token, '/thumbnail');
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers).toMatchObject({ 'content-type': 'image/jpeg', ...SAFE_HEADERS });
    expect(thumbnail.headers['content-disposition']).toMatch(/^inline; /);
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
    expect(await exifr.gps(thumbnail.rawPayload)).toBeUndefined();

    const pdf = await uploaded('receipt.pdf', { kind: 'receipt' });
    expect((await download(pdf.id, member.token, '/thumbnail')).statusCode).toBe(404);
  });
});

describe('uploading receipts and appraisals', () => {
  it('keeps a PDF receipt byte for byte and serves it only as a download with safe headers', async () => {
    const document = await uploaded('receipt.pdf', { kind: 'receipt' });
    expect(document).toMatchObject({
      kind: 'receipt',
      content_type: 'application/pdf',
      file_name: 'receipt.pdf',
      size: fixture('receipt.pdf').length,
      width: null,
      height: null,
      has_thumbnail: false,
    });
    for (const token of [member.token, staff.token]) {
      const stored = await download(document.id, token);
      expect(stored.statusCode).toBe(200);
      expect(stored.headers).toMatchObject({
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="receipt.pdf"; filename*=UTF-8''receipt.pdf`,
        ...SAFE_HEADERS,
      });
      expect(Buffer.compare(stored.rawPayload, fixture('receipt.pdf'))).toBe(0);
    }
  });

  it('serves an image as an attachment too, never inline', async () => {
    const document = await uploaded('photo.webp');
    const stored = await download(document.id);
    expect(stored.headers).toMatchObject({ 'content-type': 'image/jpeg', 'content-disposition': expect.stringMatching(/^attachment; /), ...SAFE_HEADERS });
  });

  it('names the download with its own name, non-ASCII letters kept for browsers that read filename*', async () => {
    const document = await uploaded({ name: 'C:\\Kvitteringer\\Gitar «Blåbær» (2024).pdf', content: fixture('receipt.pdf') }, { kind: 'receipt' });
    expect(document.file_name).toBe('Gitar «Blåbær» (2024).pdf');
    const stored = await download(document.id);
    expect(stored.headers['content-disposition']).toBe(
      `attachment; filename="Gitar _Blab_r_ (2024).pdf"; filename*=UTF-8''Gitar%20%C2%ABBl%C3%A5b%C3%A6r%C2%BB%20%282024%29.pdf`,
    );
  });

  it('keeps an appraisal with its date and value in whole kroner', async () => {
    const document = await uploaded('receipt.pdf', { kind: 'appraisal', valued_on: '2024-03-12', value: '120 000' });
    expect(document).toMatchObject({ kind: 'appraisal', valued_on: '2024-03-12', value: 120_000 });
  });

  it('lists the instrument’s documents oldest first, to the member and to staff', async () => {
    const mine = await t.app.inject({ url: `/api/instrument/${instrument}/document`, headers: bearer(member.token) });
    expect(mine.statusCode).toBe(200);
    const list = mine.json().data as Document[];
    expect(list.length).toBeGreaterThan(5);
    expect(list.map((document) => document.id)).toEqual([...list.map((document) => document.id)].sort((a, b) => a - b));
    expect(list[0]).toMatchObject({ file_name: 'gps.jpg', has_thumbnail: true });
    const staffList = await t.app.inject({ url: `/api/instrument/${instrument}/document`, headers: bearer(staff.token) });
    expect(staffList.json().data).toEqual(list);
  });

  it('takes an upload from staff for a member’s instrument', async () => {
    const response = await upload(t.app, staff.token, instrument, 'photo.png');
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ member_id: member.id, instrument_id: instrument });
  });
});
