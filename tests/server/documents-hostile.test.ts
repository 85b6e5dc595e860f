/**
 * Bad input to the document upload: files that are not what their names say, an image bomb, PDFs
 * with JavaScript or actions (plain, hidden in an object stream, spelled with escapes), encrypted
 * and broken PDFs, a zip, a 60 MB photo, too many documents, wrong fields. Each answers with a
 * clear Norwegian message, and nothing is stored: no row, no file, no mark left behind.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { bearer, buildTestApp, type TestContext } from './helpers.ts';
import { GUITAR, PRODUCTS, createInstrument, createSubscription, signedIn } from './factories-member-admin.ts';
import { fixture, keysInDatabase, multipartBody, pendingRemovals, storedFiles, upload, type UploadFile } from './factories-documents.ts';
import { DOCUMENT_MESSAGES as M } from '../../server/schemas/document-rules.ts';

let t: TestContext;
let member: Awaited<ReturnType<typeof signedIn>>;
let instrument: number;
let before: { rows: string[]; files: string[] };

beforeAll(async () => {
  t = await buildTestApp();
  member = await signedIn(t.app, t.db, { first_name: 'Henrik', last_name: 'Hacker' });
  const insurance = await createSubscription(t.db, { member_id: member.id, product_id: PRODUCTS.instrument, kind: 'instrument', state: 'active' });
  instrument = await createInstrument(t.db, { member_id: member.id, instrument_category: GUITAR, subscription_id: insurance });
  // One good document, so "nothing stored" means nothing more than it.
  expect((await upload(t.app, member.token, instrument, 'photo.png')).statusCode).toBe(201);
}, 60_000);
afterAll(async () => t?.close());

beforeEach(async () => {
  before = { rows: await keysInDatabase(t.db), files: await storedFiles(t.config.dataDir) };
});

async function nothingStored() {
  expect(await keysInDatabase(t.db)).toEqual(before.rows);
  expect(await storedFiles(t.config.dataDir)).toEqual(before.files);
  expect(await pendingRemovals(t.db)).toEqual([]);
}

async function refused(file: string | UploadFile, message: string, fields?: Record<string, string>) {
  const response = await upload(t.app, member.token, instrument, file, fields);
  expect(response.statusCode, response.body).toBe(422);
  expect(response.json()).toEqual({ message, errors: { file: [message] } });
  await nothingStored();
}

describe('files that are not what they say', () => {
  it('refuses a zip named .jpg and a text file named .pdf: the type is read from the content', async () => {
    await refused({ name: 'gitar.jpg', content: fixture('archive.jpg'), type: 'image/jpeg' }, M.unsupported);
    await refused({ name: 'kvittering.pdf', content: fixture('notes.pdf'), type: 'application/pdf' }, M.unsupported, { kind: 'receipt' });
  });

  it('refuses a web page or an SVG named as a photo, and images of other kinds', async () => {
    await refused({ name: 'bilde.jpg', content: Buffer.from('<!doctype html><script>alert(document.cookie)</script>') }, M.unsupported);
    await refused({ name: 'bilde.png', content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>') }, M.unsupported);
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#ff0000' } })
      .gif()
      .toBuffer();
    await refused({ name: 'bilde.gif', content: gif }, M.unsupported);
    const tiff = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#ff0000' } })
      .tiff()
      .toBuffer();
    await refused({ name: 'bilde.jpg', content: tiff }, M.unsupported);
  });

  it('refuses a file that starts like a JPEG and is not one', async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4000, 7)]);
    await refused({ name: 'bilde.jpg', content: fake }, M.imageUnreadable);
    await refused({ name: 'halv.jpg', content: fixture('gps.jpg').subarray(0, 2000) }, M.imageUnreadable);
  });

  it('refuses an empty file as no file', async () => {
    await refused({ name: 'tom.jpg', content: Buffer.alloc(0) }, M.fileMissing);
  });
});

describe('hostile images and PDFs', () => {
  it('refuses an image bomb (10 gigapixels declared in a few hundred bytes) before decoding it', async () => {
    expect(fixture('bomb.png').length).toBeLessThan(1000);
    await refused('bomb.png', M.imageTooLarge);
  });

  it('refuses a PDF with JavaScript, plain, inside a compressed object stream, or spelled with #escapes', async () => {
    for (const name of ['javascript.pdf', 'javascript-hidden.pdf', 'javascript-escaped.pdf']) await refused(name, M.pdfActive, { kind: 'receipt' });
  });

  it('refuses a PDF that launches a program or carries an attached file', async () => {
    await refused('launch.pdf', M.pdfActive, { kind: 'receipt' });
    await refused('embedded-file.pdf', M.pdfActive, { kind: 'receipt' });
  });

  it('refuses an encrypted PDF and one that cannot be read', async () => {
    await refused('encrypted.pdf', M.pdfEncrypted, { kind: 'receipt' });
    await refused('broken.pdf', M.pdfUnreadable, { kind: 'receipt' });
  });
});

describe('limits', () => {
  it('refuses a 60 MB photo with 413 and a message naming the limit', async () => {
    const huge = Buffer.concat([fixture('gps.jpg').subarray(0, 1000), Buffer.alloc(60 * 1024 * 1024, 0x55)]);
    const response = await upload(t.app, member.token, instrument, { name: 'stor.jpg', content: huge });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: M.tooBig });
    expect(M.tooBig).toContain('25 MB');
    await nothingStored();
  });

  it('refuses two files in one upload', async () => {
    const body = multipartBody({ kind: 'photo' }, [
      { name: 'a.png', content: fixture('photo.png') },
      { name: 'b.png', content: fixture('photo.png') },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/instrument/${instrument}/document`,
      headers: { ...bearer(member.token), ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(M.oneFile);
    await nothingStored();
  });

  it('refuses the 31st document of an instrument', async () => {
    const insurance = await createSubscription(t.db, { member_id: member.id, product_id: PRODUCTS.instrument, kind: 'instrument', state: 'active' });
    const full = await createInstrument(t.db, { member_id: member.id, instrument_category: GUITAR, subscription_id: insurance });
    await t.db.query(
      `INSERT INTO documents (instrument_id, member_id, kind, file_name, content_type, size, storage_key)
       SELECT $1, $2, 'photo', 'bilde.jpg', 'image/jpeg', 100, 'fullt-' || n || '-000000.jpg' FROM generate_series(1, 30) n`,
      [full, member.id],
    );
    before.rows = await keysInDatabase(t.db);
    const response = await upload(t.app, member.token, full, 'photo.png');
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(M.tooMany);
    expect(M.tooMany).toContain('30');
    await nothingStored();
  });

  it('refuses a document for a deleted instrument with 409', async () => {
    const gone = await createInstrument(t.db, { member_id: member.id, instrument_category: GUITAR, state: 'deleted' });
    const response = await upload(t.app, member.token, gone, 'photo.png');
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(M.instrumentDeleted);
    await nothingStored();
  });
});

describe('the upload’s fields', () => {
  const fieldErrors = async (fields: Record<string, string>) => {
    const response = await upload(t.app, member.token, instrument, 'receipt.pdf', fields);
    expect(response.statusCode).toBe(422);
    await nothingStored();
    return response.json().errors as Record<string, string[]>;
  };

  it('asks what the document is', async () => {
    expect(await fieldErrors({})).toEqual({ kind: [M.kind] });
    expect(await fieldErrors({ kind: 'faktura' })).toEqual({ kind: [M.kind] });
  });

  it('asks an appraisal for its date (not in the future) and its value in whole kroner', async () => {
    expect(await fieldErrors({ kind: 'appraisal' })).toEqual({ valued_on: [M.valuedOn], value: [M.value] });
    expect(await fieldErrors({ kind: 'appraisal', valued_on: '12.03.2024', value: '12,5' })).toEqual({ valued_on: [M.valuedOn], value: [M.value] });
    expect(await fieldErrors({ kind: 'appraisal', valued_on: '2024-02-30', value: '-5' })).toEqual({ valued_on: [M.valuedOn], value: [M.value] });
    const nextYear = `${new Date().getFullYear() + 1}-01-01`;
    expect(await fieldErrors({ kind: 'appraisal', valued_on: nextYear, value: '120000' })).toEqual({ valued_on: [M.valuedOnFuture] });
  });

  it('refuses a date or value on a receipt or a photo', async () => {
    expect(await fieldErrors({ kind: 'receipt', value: '15000' })).toEqual({ value: [M.onlyAppraisal] });
    expect(await fieldErrors({ kind: 'photo', valued_on: '2024-01-01' })).toEqual({ valued_on: [M.onlyAppraisal] });
  });

  it('asks for the file when the form has none', async () => {
    const body = multipartBody({ kind: 'photo' });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/instrument/${instrument}/document`,
      headers: { ...bearer(member.token), ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ file: [M.fileMissing] });
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/instrument/${instrument}/document`,
      headers: bearer(member.token),
      payload: { kind: 'photo' },
    });
    expect(json.statusCode).toBe(422);
    await nothingStored();
  });
});

describe('a row that cannot be written', () => {
  it('removes the stored bytes again, leaving no file and no mark', async () => {
    await t.db.query(`CREATE FUNCTION refuse_document() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused by the test'; END $$`);
    await t.db.query(`CREATE TRIGGER refuse_document BEFORE INSERT ON documents FOR EACH ROW
      WHEN (NEW.file_name = 'avvist.jpg') EXECUTE FUNCTION refuse_document()`);
    try {
      const response = await upload(t.app, member.token, instrument, { name: 'avvist.jpg', content: fixture('gps.jpg') });
      expect(response.statusCode).toBe(500);
      await nothingStored();
    } finally {
      await t.db.query('DROP TRIGGER refuse_document ON documents');
      await t.db.query('DROP FUNCTION refuse_document()');
    }
  });
});
