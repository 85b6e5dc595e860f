/**
 * Proof in the pocket: the member card's signed token, the public check, key rotation and the
 * insurance certificates as PDFs (read back with poppler's pdftotext and pdfinfo).
 */
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, login, type TestContext } from './helpers.ts';
import { createSubscription, GUITAR, PRODUCTS, signedIn, signedInStaff } from './factories-member-admin.ts';
import { readToken, rotateSigningKey, signToken } from '../../server/domain/proof/proof-tokens.ts';
import { todayInOslo } from '../../server/domain/shared/oslo-date.ts';
import { NO_TRAVEL_COVER } from '../../server/domain/proof/proof.ts';
import { loadConfig } from '../../server/config.ts';

let t: TestContext;
let staffToken: string;
const dir = mkdtempSync(path.join(tmpdir(), 'proof-pdf-'));
let memberNumber = 70000;

beforeAll(async () => {
  t = await buildTestApp();
  staffToken = (await signedInStaff(t.app, t.db)).token;
}, 120_000);
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const year = () => todayInOslo().slice(0, 4);

/** An accepted member with a member number and an active membership, signed in. */
async function member(input: { first_name?: string; last_name?: string; birthdate?: string } = {}) {
  const remote_id = ++memberNumber;
  const account = await signedIn(t.app, t.db, { remote_id, birthdate: '1988-04-17', ...input });
  await createSubscription(t.db, {
    member_id: account.id,
    product_id: PRODUCTS.membership,
    kind: 'membership',
    state: 'active',
    subscription_start: `${year()}-01-01`,
  });
  return { ...account, remote_id };
}

async function addInstrument(
  memberId: number,
  subscriptionId: number,
  item: { category?: number; make: string; model: string; serial: string; value: number; start?: string },
) {
  await t.db.query(
    `INSERT INTO instruments (member_id, instrument_category, subscription_id, state, make, model, serial_number, value, insurance_start)
     VALUES ($1, $2, $3, 'active', $4, $5, $6, $7, $8)`,
    [memberId, item.category ?? GUITAR, subscriptionId, item.make, item.model, item.serial, item.value, item.start ?? `${year()}-02-01`],
  );
}

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

async function cardOf(memberId: number, token: string) {
  const response = await get(`/api/member/${memberId}/card`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { token: string; verify_url: string; member_number: number; valid_until: string };
}

async function check(token: string) {
  const response = await get(`/api/verify/${token}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Record<string, unknown>;
}

function tamper(token: string, index: number): string {
  const bytes = Buffer.from(token, 'base64url');
  bytes[index] ^= 0x01;
  return bytes.toString('base64url');
}

function pdfText(pdf: Buffer, name: string): { text: string; info: string } {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  return {
    text: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }),
    info: execFileSync('pdfinfo', [file], { encoding: 'utf8' }),
  };
}

describe('the member card', () => {
  it('answers a signed token whose verify URL is short, and the check says valid with only the listed fields', async () => {
    const kari = await member({ first_name: 'Kari', last_name: 'Østby' });
    const card = await cardOf(kari.id, kari.token);
    expect(card.member_number).toBe(kari.remote_id);
    expect(card.valid_until).toBe(`${year()}-12-31`);
    expect(card.verify_url).toBe(`http://portal.test/verify/${card.token}`);
    expect(Buffer.byteLength(card.verify_url)).toBeLessThanOrEqual(130);
    expect(card.token.length).toBeLessThanOrEqual(100);

    const answer = await check(card.token);
    expect(answer).toEqual({
      state: 'valid',
      kind: 'membership',
      first_name: 'Kari',
      last_initial: 'Ø',
      member_number: kari.remote_id,
      valid_until: `${year()}-12-31`,
    });
    // The token itself carries the number and the date, nothing else of the member.
    const read = readToken(card.token)!;
    expect(read.claims).toEqual({ kind: 'membership', memberNumber: kari.remote_id, validUntil: `${year()}-12-31` });
    expect(Buffer.from(card.token, 'base64url').toString('latin1')).not.toContain('Kari');
  });

  it('shows the membership end as valid until when the membership ends', async () => {
    const ola = await member();
    await t.db.query(`UPDATE subscriptions SET subscription_end = current_date + 40 WHERE member_id = $1`, [ola.id]);
    const card = await cardOf(ola.id, ola.token);
    const [{ end }] = await t.db.query<{ end: string }>('SELECT (current_date + 40)::date AS "end"');
    expect(card.valid_until).toBe(end);
  });

  it('is the member’s own and staff’s: member B gets 404 for A’s card; an applicant has none yet', async () => {
    const a = await member();
    const b = await member();
    expect((await get(`/api/member/${a.id}/card`, b.token)).statusCode).toBe(404);
    expect((await get(`/api/member/${a.id}/card`, staffToken)).statusCode).toBe(200);
    const applicant = await createAccount(t.db, { role_id: 1, registration_completed: 0 });
    const applicantToken = await login(t.app, applicant.email, applicant.password);
    const refused = await get(`/api/member/${applicant.id}/card`, applicantToken);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toMatch(/godkjent/);
    // Min side in English asks in English, and is told so.
    const english = await t.app.inject({
      method: 'GET',
      url: `/api/member/${applicant.id}/card`,
      headers: { ...bearer(applicantToken), 'accept-language': 'en' },
    });
    expect(english.statusCode).toBe(404);
    expect(english.json().message).toBe('Your membership card is ready once your membership has been approved and you have a member number.');
    const noCover = await t.app.inject({
      method: 'GET',
      url: `/api/member/${b.id}/certificate/instruments`,
      headers: { ...bearer(b.token), 'accept-language': 'en' },
    });
    expect(noCover.statusCode).toBe(404);
    expect(noCover.json().message).toBe(
      'The member has no active instrument insurance with insured instruments, so there is no instrument insurance certificate.',
    );
  });

  it('a changed byte, another key and an unknown key id are invalid; a malformed token is 400', async () => {
    const a = await member();
    const card = await cardOf(a.id, a.token);
    // The member number, the date and the signature each matter.
    for (const index of [3, 7, 20, 71]) expect((await check(tamper(card.token, index))).state).toBe('invalid');
    const forged = await check(tamper(card.token, 3));
    expect(forged).toEqual({ state: 'invalid', kind: 'membership', first_name: null, last_initial: null, member_number: null, valid_until: null });

    const keyId = readToken(card.token)!.keyId;
    const otherKey = generateKeyPairSync('ed25519').privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    const claims = { kind: 'membership' as const, memberNumber: a.remote_id, validUntil: `${year()}-12-31` };
    expect((await check(await signToken(t.db, [{ id: keyId, privateKey: otherKey }], claims))).state).toBe('invalid');
    expect((await check(await signToken(t.db, [{ id: 200, privateKey: otherKey }], claims))).state).toBe('invalid');

    for (const bad of ['abc', `${card.token}AA`, card.token.replace(/^./, '$'), 'A'.repeat(96)]) {
      expect((await get(`/api/verify/${encodeURIComponent(bad)}`)).statusCode, bad).toBe(400);
    }
  });

  it('an expired card says expired; a blocked, ended or erased member is invalid', async () => {
    const a = await member({ first_name: 'Anne' });
    const expired = await signToken(t.db, [], { kind: 'membership', memberNumber: a.remote_id, validUntil: '2025-12-31' });
    expect(await check(expired)).toMatchObject({ state: 'expired', first_name: 'Anne', valid_until: '2025-12-31' });

    const blocked = await member();
    const blockedCard = await cardOf(blocked.id, blocked.token);
    await t.db.query('UPDATE accounts SET blocked_access = true WHERE id = $1', [blocked.id]);
    expect((await check(blockedCard.token)).state).toBe('invalid');

    const ended = await member();
    const endedCard = await cardOf(ended.id, ended.token);
    await t.db.query(`UPDATE subscriptions SET state = 'ended', subscription_end = current_date - 1 WHERE member_id = $1`, [ended.id]);
    expect((await check(endedCard.token)).state).toBe('invalid');

    const erased = await member();
    const erasedCard = await cardOf(erased.id, erased.token);
    await t.db.query('DELETE FROM accounts WHERE id = $1', [erased.id]);
    expect(await check(erasedCard.token)).toMatchObject({ state: 'invalid', first_name: null });
  });

  it('keeps cards signed by an older key valid after the key is rotated', async () => {
    const a = await member();
    const before = await cardOf(a.id, a.token);
    const newKey = await rotateSigningKey(t.db);
    const after = await cardOf(a.id, a.token);
    expect(readToken(after.token)!.keyId).toBe(newKey);
    expect(readToken(before.token)!.keyId).not.toBe(newKey);
    expect((await check(before.token)).state).toBe('valid');
    expect((await check(after.token)).state).toBe('valid');
  });

  it('signs with CARD_SIGNING_KEY when it is set, and checks with it', async () => {
    const key = generateKeyPairSync('ed25519').privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    const other = await buildTestApp({ env: { CARD_SIGNING_KEY: `42:${key}` } });
    try {
      const account = await createAccount(other.db, { remote_id: 555 });
      await createSubscription(other.db, { member_id: account.id, product_id: PRODUCTS.membership, kind: 'membership', state: 'active' });
      const token = await login(other.app, account.email, account.password);
      const card = (await other.app.inject({ url: `/api/member/${account.id}/card`, headers: bearer(token) })).json().data;
      expect(readToken(card.token)!.keyId).toBe(42);
      expect((await other.app.inject({ url: `/api/verify/${card.token}` })).json().data.state).toBe('valid');
      // The database holds no key: CARD_SIGNING_KEY alone signs.
      expect(await other.db.query('SELECT id FROM card_signing_keys')).toEqual([]);
    } finally {
      await other.close();
    }
  }, 60_000);

  it('refuses a CARD_SIGNING_KEY that is no Ed25519 key, with a Norwegian message', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    expect(() => loadConfig({ CARD_SIGNING_KEY: `1:${rsa}` })).toThrow(/nøkkel 1 er ikke en Ed25519-nøkkel/);
    expect(() => loadConfig({ CARD_SIGNING_KEY: 'hemmelig' })).toThrow(/Ugyldig innstilling CARD_SIGNING_KEY/);
    const key = generateKeyPairSync('ed25519').privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    expect(() => loadConfig({ CARD_SIGNING_KEY: `3:${key},3:${key}` })).toThrow(/samme nøkkel-id/);
    expect(loadConfig({ CARD_SIGNING_KEY: `4:${key}, 3:${key}` }).cardSigningKeys.map((entry) => entry.id)).toEqual([4, 3]);
  });

  it('limits checks per client address', async () => {
    const a = await member();
    const card = await cardOf(a.id, a.token);
    const address = '10.99.1.7';
    const statuses: number[] = [];
    for (let index = 0; index < 61; index += 1) {
      statuses.push((await t.app.inject({ url: `/api/verify/${card.token}`, remoteAddress: address })).statusCode);
    }
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  }, 60_000);
});

describe('the travel certificate', () => {
  it('is a tagged PDF in Norwegian and English with name, birth date, number, product, area and period', async () => {
    const a = await member({ first_name: 'Čáhppes', last_name: 'Áŋŋel-Østli' });
    await createSubscription(t.db, {
      member_id: a.id,
      product_id: PRODUCTS.travelWorld,
      kind: 'travel',
      state: 'active',
      subscription_start: `${year()}-03-01`,
    });
    const nb = await get(`/api/member/${a.id}/certificate/travel?lang=nb`, a.token);
    expect(nb.statusCode, nb.body).toBe(200);
    expect(nb.headers['content-type']).toBe('application/pdf');
    const norwegian = pdfText(nb.rawPayload, 'travel-nb');
    expect(norwegian.text).toContain('Čáhppes Áŋŋel-Østli');
    expect(norwegian.text).toContain('17.04.1988');
    expect(norwegian.text).toContain(String(a.remote_id));
    expect(norwegian.text).toContain('Reiseforsikring Verden');
    expect(norwegian.text).toContain('Hele verden');
    expect(norwegian.text).toContain(`01.03.${year()} – 31.12.${year()}`);
    expect(norwegian.text).toContain('Demo Forsikring ASA');
    expect(norwegian.text).toContain('REISE-2026-0001');
    expect(norwegian.text).toContain('post@example.no');
    expect(norwegian.text).toMatch(/http:\/\/portal\.test\/verify\/\s*[A-Za-z0-9_-]{90,}/);
    expect(norwegian.info).toMatch(/Tagged:\s+yes/);
    expect(norwegian.info).toMatch(/Title:\s+Forsikringsbevis – reiseforsikring – Čáhppes Áŋŋel-Østli/);
    expect(norwegian.info).toMatch(/Pages:\s+1/);
    // The language is set and the fonts are embedded.
    expect(nb.rawPayload.toString('latin1')).toContain('/Lang (nb)');
    expect(execFileSync('pdffonts', [path.join(dir, 'travel-nb.pdf')], { encoding: 'utf8' })).toMatch(/DejaVuSans\s+CID TrueType\s+Identity-H\s+yes/);

    const en = await get(`/api/member/${a.id}/certificate/travel?lang=en`, a.token);
    const english = pdfText(en.rawPayload, 'travel-en');
    expect(english.text).toContain('Certificate of insurance – travel');
    expect(english.text).toContain('17 April 1988');
    expect(english.text).toContain('Travel insurance Worldwide');
    expect(english.text).toContain(`1 March ${year()} – 31 December ${year()}`);
    expect(english.text).toContain(String(a.remote_id));
    expect(english.info).toMatch(/Title:\s+Certificate of insurance – travel – Čáhppes Áŋŋel-Østli/);
    expect(english.info).toMatch(/Tagged:\s+yes/);
    expect(en.rawPayload.toString('latin1')).toContain('/Lang (en)');
  });

  it('its QR check shows what it certifies, and turns invalid when the cover changes', async () => {
    const a = await member({ first_name: 'Per', last_name: 'Hansen' });
    const travel = await createSubscription(t.db, {
      member_id: a.id,
      product_id: PRODUCTS.travel,
      kind: 'travel',
      state: 'active',
      subscription_start: `${year()}-01-15`,
    });
    const pdf = pdfText((await get(`/api/member/${a.id}/certificate/travel`, a.token)).rawPayload, 'travel-check');
    const token = /verify\/\s*([A-Za-z0-9_-]{90,})/.exec(pdf.text)![1];
    expect(await check(token)).toEqual({
      state: 'valid',
      kind: 'travel',
      first_name: 'Per',
      last_initial: 'H',
      member_number: a.remote_id,
      valid_until: `${year()}-12-31`,
      period: { from: `${year()}-01-15`, to: `${year()}-12-31` },
      product: 'Europa',
    });
    await t.db.query('UPDATE subscriptions SET product_id = $2 WHERE id = $1', [travel, PRODUCTS.travelWorld]);
    expect((await check(token)).state).toBe('invalid');
  });

  it('is refused with 404 to another member and to a member without travel cover', async () => {
    const a = await member();
    const b = await member();
    await createSubscription(t.db, { member_id: a.id, product_id: PRODUCTS.travel, kind: 'travel', state: 'active' });
    expect((await get(`/api/member/${a.id}/certificate/travel`, b.token)).statusCode).toBe(404);
    expect((await get(`/api/member/${a.id}/certificate/instruments`, b.token)).statusCode).toBe(404);
    expect((await get(`/api/member/${a.id}/certificate/travel`, staffToken)).statusCode).toBe(200);
    const none = await get(`/api/member/${b.id}/certificate/travel`, b.token);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(NO_TRAVEL_COVER);
    // A pending request is no cover yet.
    await createSubscription(t.db, { member_id: b.id, product_id: PRODUCTS.travel, kind: 'travel', state: 'pending' });
    expect((await get(`/api/member/${b.id}/certificate/travel`, b.token)).statusCode).toBe(404);
  });
});

describe('the instruments certificate', () => {
  it('lists the insured instruments with values and total in both languages; the check turns invalid after a change', async () => {
    const a = await member({ first_name: 'Ingrid', last_name: 'Bratt' });
    const insurance = await createSubscription(t.db, {
      member_id: a.id,
      product_id: PRODUCTS.instrument,
      kind: 'instrument',
      state: 'active',
      subscription_start: `${year()}-01-10`,
    });
    await addInstrument(a.id, insurance, { make: 'Gibson', model: 'Les Paul Standard', serial: 'GB-12345', value: 25000 });
    await addInstrument(a.id, insurance, { category: 5, make: 'Hardanger', model: 'Hardingfele', serial: 'HF-77', value: 48500, start: `${year()}-03-05` });
    await t.db.query(
      `INSERT INTO instruments (member_id, instrument_category, subscription_id, state, make, model, value, insurance_start)
       VALUES ($1, 1, $2, 'requested', 'Venter', 'Ikke forsikret', 1000, current_date)`,
      [a.id, insurance],
    );

    const nb = pdfText((await get(`/api/member/${a.id}/certificate/instruments?lang=nb`, a.token)).rawPayload, 'instruments-nb');
    for (const text of [
      'Ingrid Bratt',
      String(a.remote_id),
      'Gibson',
      'Les Paul Standard',
      'GB-12345',
      '25 000 kr',
      'Hardingfele',
      'HF-77',
      '48 500 kr',
      'Fiolin og strykeinstrumenter',
      '73 500 kr',
      `05.03.${year()}`,
      `10.01.${year()} – 31.12.${year()}`,
      'INSTR-2026-0001',
    ]) {
      expect(nb.text.replace(/\u00a0/g, ' '), text).toContain(text);
    }
    expect(nb.text).not.toContain('Venter');
    expect(nb.info).toMatch(/Tagged:\s+yes/);
    expect(nb.info).toMatch(/Title:\s+Forsikringsbevis – instrumentforsikring – Ingrid Bratt/);

    const en = pdfText((await get(`/api/member/${a.id}/certificate/instruments?lang=en`, a.token)).rawPayload, 'instruments-en');
    for (const text of [
      'Certificate of insurance – instruments',
      'Violin and strings',
      'NOK 25,000',
      'NOK 48,500',
      'NOK 73,500',
      'Serial number',
      `10 January ${year()} – 31 December ${year()}`,
    ]) {
      expect(en.text, text).toContain(text);
    }

    const token = /verify\/\s*([A-Za-z0-9_-]{90,})/.exec(nb.text)![1];
    expect(await check(token)).toMatchObject({
      state: 'valid',
      kind: 'instruments',
      count: 2,
      total_value: 73500,
      period: { from: `${year()}-01-10`, to: `${year()}-12-31` },
    });
    await t.db.query(`UPDATE instruments SET value = 30000 WHERE member_id = $1 AND make = 'Gibson'`, [a.id]);
    expect((await check(token)).state).toBe('invalid');
  });

  it('fits 25 instruments on one A4 page and continues 30 on a second page with the header repeated', async () => {
    const a = await member();
    const insurance = await createSubscription(t.db, { member_id: a.id, product_id: PRODUCTS.instrument, kind: 'instrument', state: 'active' });
    for (let index = 1; index <= 25; index += 1) {
      await addInstrument(a.id, insurance, { make: `Produsent ${index}`, model: `Modell ${index}`, serial: `SN-${1000 + index}`, value: 1000 * index });
    }
    const one = pdfText((await get(`/api/member/${a.id}/certificate/instruments`, a.token)).rawPayload, 'instruments-25');
    expect(one.info).toMatch(/Pages:\s+1\n/);
    expect(one.info).toMatch(/Page size:\s+595.28 x 841.89 pts \(A4\)/);
    for (let index = 26; index <= 30; index += 1) {
      await addInstrument(a.id, insurance, { make: `Produsent ${index}`, model: `Modell ${index}`, serial: `SN-${1000 + index}`, value: 1000 * index });
    }
    const two = pdfText((await get(`/api/member/${a.id}/certificate/instruments?lang=en`, a.token)).rawPayload, 'instruments-30');
    expect(two.info).toMatch(/Pages:\s+2\n/);
    const pages = two.text.split('\f');
    expect(pages[1]).toContain('Serial number');
    expect(pages[1]).toContain('SN-1030');
    expect(pages[1]).toContain('Page 2 of 2');
    expect(two.text).toContain('NOK 465,000');
    for (let index = 1; index <= 30; index += 1) expect(two.text).toContain(`SN-${1000 + index}`);
  }, 60_000);

  it('is 404 with a message for a member without insured instruments', async () => {
    const a = await member();
    await createSubscription(t.db, { member_id: a.id, product_id: PRODUCTS.instrument, kind: 'instrument', state: 'active' });
    const none = await get(`/api/member/${a.id}/certificate/instruments`, a.token);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toMatch(/instrumentforsikring/);
  });
});
