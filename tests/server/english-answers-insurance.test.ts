/**
 * The same bad request answered in English with Accept-Language: en (as Min side in English
 * sends it) and in Norwegian, exactly as before, without it: ordering travel insurance,
 * uploading an instrument's documents and reporting a claim.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, settledMessage, type TestContext } from './helpers.ts';
import { GUITAR, PRODUCTS, createInstrument, createSubscription, signedIn } from './factories-member-admin.ts';
import { fixture, multipartBody, type UploadFile } from './factories-documents.ts';
import { daysAgo, insuredMember, postClaim, theftOf } from './claims-factories.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(async () => t?.close());

const ENGLISH = { 'accept-language': 'en' };
const nextYear = new Date().getFullYear() + 1;

const order = (token: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/subscription/new', headers: { ...bearer(token), ...headers }, payload: { status: 1, ...payload } });

describe('travel insurance', () => {
  it('a product that is not travel insurance and an end before the start', async () => {
    const member = await signedIn(t.app, t.db);
    const base = { member_id: member.id, product_id: PRODUCTS.travel, subscription_start: `${nextYear}-02-01` };
    const membership = await order(member.token, { ...base, product_id: PRODUCTS.membership }, ENGLISH);
    expect(membership.statusCode).toBe(422);
    expect(membership.json().errors.product_id).toEqual(['Choose one of the travel insurances']);
    const backwards = await order(member.token, { ...base, subscription_end: `${nextYear}-01-01` }, ENGLISH);
    expect(backwards.json().errors.subscription_end).toEqual(['The end date cannot be before the start date']);
    expect((await order(member.token, { ...base, subscription_end: `${nextYear}-01-01` })).json().errors.subscription_end).toEqual([
      'Sluttdato kan ikke være før startdato',
    ]);
  });

  it('a start date in the past', async () => {
    const member = await signedIn(t.app, t.db);
    const past = { member_id: member.id, product_id: PRODUCTS.travel, subscription_start: daysAgo(3) };
    const english = await order(member.token, past, ENGLISH);
    expect(english.statusCode).toBe(422);
    expect(english.json().errors.subscription_start).toEqual(['The start date cannot be before today']);
    expect((await order(member.token, past)).json().errors.subscription_start).toEqual(['Startdato kan ikke være før dagens dato']);
  });
});

describe('an instrument’s documents', () => {
  it('a file of a type that is not supported, and a form without a file', async () => {
    const member = await signedIn(t.app, t.db);
    const insurance = await createSubscription(t.db, { member_id: member.id, product_id: PRODUCTS.instrument, kind: 'instrument', state: 'active' });
    const instrument = await createInstrument(t.db, { member_id: member.id, instrument_category: GUITAR, subscription_id: insurance });
    const send = (files: UploadFile[], headers: Record<string, string> = {}) => {
      const body = multipartBody({ kind: 'photo' }, files);
      return t.app.inject({
        method: 'POST',
        url: `/api/instrument/${instrument}/document`,
        headers: { ...bearer(member.token), ...body.headers, ...headers },
        payload: body.payload,
      });
    };
    const zip = [{ name: 'gitar.jpg', content: fixture('archive.jpg'), type: 'image/jpeg' }];
    const english = await send(zip, ENGLISH);
    expect(english.statusCode).toBe(422);
    expect(english.json().errors.file).toEqual(['This file type is not supported. Upload a picture (JPEG, PNG, HEIC or WebP) or a PDF.']);
    expect((await send(zip)).json().errors.file).toEqual(['Filtypen støttes ikke. Last opp et bilde (JPEG, PNG, HEIC eller WebP) eller en PDF.']);
    const none = await send([], ENGLISH);
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe('Choose a file to upload.');
  });
});

describe('reporting a claim', () => {
  it('a date in the future, a date before the instrument was insured, and a place too long', async () => {
    const member = await insuredMember(t);
    const claim = (extra: Record<string, unknown>, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: '/api/claim', headers: { ...bearer(member.token), ...headers }, payload: theftOf(member.instrument, extra) });
    const future = await claim({ occurred_on: daysAgo(-2) }, ENGLISH);
    expect(future.statusCode).toBe(422);
    expect(future.json().errors.occurred_on).toEqual(['The date cannot be in the future']);
    const before = await claim({ occurred_on: '2024-12-31' }, ENGLISH);
    expect(before.json().errors.occurred_on).toEqual(['The instrument was not insured when this happened: the insurance applies from 01.01.2025.']);
    expect((await claim({ occurred_on: '2024-12-31' })).json().errors.occurred_on).toEqual([
      'Instrumentet var ikke forsikret da dette skjedde: forsikringen gjelder fra 01.01.2025.',
    ]);
    const long = await claim({ place: 'x'.repeat(201) }, ENGLISH);
    expect(long.json().errors.place).toEqual(['Cannot be more than 200 characters']);
  });

  it('a second claim while one waits', async () => {
    const member = await insuredMember(t);
    expect((await postClaim(t, member.token, theftOf(member.instrument))).statusCode).toBe(201);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/claim',
      headers: { ...bearer(member.token), ...ENGLISH },
      payload: theftOf(member.instrument),
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('There is already a claim for this instrument being processed. You will find it under Claims.');
    // The first claim's mails leave the queue before the data directory is removed.
    await settledMessage(t.db, "SELECT CASE WHEN count(*) > 0 THEN 'queued' ELSE 'settled' END AS status FROM message_log WHERE status = 'queued'");
  });
});
