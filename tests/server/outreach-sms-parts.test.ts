/** The SMS estimate: GSM-7 or UCS-2, the extension table counting two, single and joined parts. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsParts } from '../../server/domain/outreach/sms-parts.ts';
import { bearer, buildTestApp, type TestContext } from './helpers.ts';
import { signedInStaff } from './factories-member-admin.ts';

describe('smsParts', () => {
  it('counts plain Norwegian text as GSM-7 (æøå are in it), one part up to 160', () => {
    expect(smsParts('')).toEqual({ characters: 0, parts: 0, encoding: 'GSM-7' });
    expect(smsParts('Hei på deg, Åse! Ærlig talt: ørret.')).toEqual({ characters: 35, parts: 1, encoding: 'GSM-7' });
    expect(smsParts('a'.repeat(160))).toEqual({ characters: 160, parts: 1, encoding: 'GSM-7' });
    expect(smsParts('a'.repeat(161))).toEqual({ characters: 161, parts: 2, encoding: 'GSM-7' });
    expect(smsParts('a'.repeat(306))).toEqual({ characters: 306, parts: 2, encoding: 'GSM-7' });
    expect(smsParts('a'.repeat(307))).toEqual({ characters: 307, parts: 3, encoding: 'GSM-7' });
  });

  it('counts the extension table (€ [ ] { } \\ ^ ~ |) as two and never splits one across parts', () => {
    expect(smsParts('Pris: 100 €')).toEqual({ characters: 12, parts: 1, encoding: 'GSM-7' });
    expect(smsParts('€'.repeat(80))).toEqual({ characters: 160, parts: 1, encoding: 'GSM-7' });
    expect(smsParts('€'.repeat(81))).toEqual({ characters: 162, parts: 2, encoding: 'GSM-7' });
    // 152 places, then a two-place character: it does not fit the first part's last place.
    expect(smsParts(`${'a'.repeat(152)}€${'a'.repeat(152)}`).parts).toBe(3);
  });

  it('turns the whole text into UCS-2 for one character outside GSM-7, an emoji counting two', () => {
    expect(smsParts('Hei 🎻')).toEqual({ characters: 6, parts: 1, encoding: 'UCS-2' });
    expect(smsParts('Łukasz')).toEqual({ characters: 6, parts: 1, encoding: 'UCS-2' });
    expect(smsParts(`“${'a'.repeat(69)}`)).toEqual({ characters: 70, parts: 1, encoding: 'UCS-2' });
    expect(smsParts(`“${'a'.repeat(70)}`)).toEqual({ characters: 71, parts: 2, encoding: 'UCS-2' });
    expect(smsParts(`“${'a'.repeat(133)}`)).toEqual({ characters: 134, parts: 2, encoding: 'UCS-2' });
    expect(smsParts(`“${'a'.repeat(134)}`)).toEqual({ characters: 135, parts: 3, encoding: 'UCS-2' });
    // 66 units, then an emoji (two): it goes whole into the second part.
    expect(smsParts(`${'ø'.repeat(66)}🎻${'ø'.repeat(66)}`).parts).toBe(3);
  });
});

describe('POST /api/outreach/sms-parts', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  it('answers the estimate for the text typed', async () => {
    const staff = await signedInStaff(t.app, t.db);
    const response = await t.app.inject({ method: 'POST', url: '/api/outreach/sms-parts', headers: bearer(staff.token), payload: { text: 'Hei 🎻' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { characters: 6, parts: 1, encoding: 'UCS-2' } });
  });
});
