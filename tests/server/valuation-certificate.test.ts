/**
 * The instruments certificate notes what documents each instrument's value: the latest
 * appraisal's value and date, or that a receipt is kept (read back with pdftotext, nb and en).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestContext } from './helpers.ts';
import { createSubscription, PRODUCTS, signedIn } from './factories-member-admin.ts';
import { appraisal, instrumentOf, receipt } from './valuation-factories.ts';
import { todayInOslo } from '../../server/domain/shared/oslo-date.ts';

let t: TestContext;
const dir = mkdtempSync(path.join(tmpdir(), 'valuation-pdf-'));

beforeAll(async () => {
  t = await buildTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const year = () => todayInOslo().slice(0, 4);

async function insuredMember(remoteId: number) {
  const member = await signedIn(t.app, t.db, { remote_id: remoteId, first_name: 'Ingrid', last_name: 'Bratt', birthdate: '1988-04-17' });
  await createSubscription(t.db, {
    member_id: member.id,
    product_id: PRODUCTS.membership,
    kind: 'membership',
    state: 'active',
    subscription_start: `${year()}-01-01`,
  });
  await createSubscription(t.db, {
    member_id: member.id,
    product_id: PRODUCTS.instrument,
    kind: 'instrument',
    state: 'active',
    subscription_start: `${year()}-01-10`,
  });
  return member;
}

async function certificateText(memberId: number, token: string, lang: 'nb' | 'en', name: string): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: `/api/member/${memberId}/certificate/instruments?lang=${lang}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, response.rawPayload);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\u00a0/g, ' ');
}

describe('the certificate notes the documentation', () => {
  it('an appraisal with its value and date, a receipt, and nothing for an instrument without either, in both languages', async () => {
    const ingrid = await insuredMember(81001);
    const grand = await instrumentOf(t.db, ingrid.id, 150_000, { make: 'Steinway', model: 'Model B' });
    await appraisal(t.db, grand, ingrid.id, '2018-06-01', 110_000);
    await appraisal(t.db, grand, ingrid.id, '2024-03-12', 120_000);
    const bass = await instrumentOf(t.db, ingrid.id, 25_000, { make: 'Fender', model: 'Precision' });
    await receipt(t.db, bass, ingrid.id);
    await instrumentOf(t.db, ingrid.id, 8_000, { make: 'Boss', model: 'Looper' });

    const nb = await certificateText(ingrid.id, ingrid.token, 'nb', 'documented-nb');
    expect(nb).toContain('Takst 120 000 kr, 12.03.2024');
    expect(nb).not.toContain('110 000');
    expect(nb).toContain('Kvittering');
    expect(nb.match(/Takst|Kvittering/g)).toHaveLength(2);
    // Each note stands under its own instrument.
    expect(nb.indexOf('Takst 120 000 kr')).toBeGreaterThan(nb.indexOf('Model B'));
    expect(nb.indexOf('Kvittering')).toBeGreaterThan(nb.indexOf('Precision'));
    expect(nb.indexOf('Kvittering')).toBeLessThan(nb.indexOf('Looper'));

    const en = await certificateText(ingrid.id, ingrid.token, 'en', 'documented-en');
    expect(en).toContain('Appraisal NOK 120,000, 12 Mar 2024');
    expect(en).toContain('Receipt');
    expect(en).toContain('Total sum insured (3 instruments)');
  });

  it('a new appraisal changes the note but leaves a certificate already printed valid', async () => {
    const ola = await insuredMember(81002);
    const cello = await instrumentOf(t.db, ola.id, 200_000, { make: 'Vuillaume', model: 'Cello' });
    const before = await certificateText(ola.id, ola.token, 'nb', 'before');
    const token = /verify\/\s*([A-Za-z0-9_-]{90,})/.exec(before)![1];
    await appraisal(t.db, cello, ola.id, '2025-11-02', 210_000);
    expect(await certificateText(ola.id, ola.token, 'nb', 'after')).toContain('Takst 210 000 kr, 02.11.2025');
    const check = await t.app.inject({ method: 'GET', url: `/api/verify/${token}` });
    expect(check.json().data.state).toBe('valid');
  });

  it('25 documented instruments continue on a second page with every note', async () => {
    const kari = await insuredMember(81003);
    for (let index = 1; index <= 25; index += 1) {
      const id = await instrumentOf(t.db, kari.id, 100_000 + index, { make: `Produsent ${index}`, model: `Modell ${index}` });
      await appraisal(t.db, id, kari.id, '2023-01-15', 100_000 + index);
    }
    const text = await certificateText(kari.id, kari.token, 'nb', 'documented-25');
    expect(text.split('\f').filter((page) => page.trim()).length).toBe(2);
    for (let index = 1; index <= 25; index += 1)
      expect(text).toContain(`Takst ${(100_000 + index).toLocaleString('nb-NO').replace(/\u00a0/g, ' ')} kr, 15.01.2023`);
  }, 60_000);
});
