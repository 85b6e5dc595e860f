/**
 * The instruments certificate never cuts a value: a long model name or serial number wraps onto
 * as many lines as it needs, the row grows, and a row that does not fit moves whole to the next
 * page under the table's header again (read back with poppler's pdftotext).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestContext } from './helpers.ts';
import { createSubscription, GUITAR, PRODUCTS, signedIn } from './factories-member-admin.ts';
import { todayInOslo } from '../../server/domain/shared/oslo-date.ts';

let t: TestContext;
const dir = mkdtempSync(path.join(tmpdir(), 'certificate-wrap-'));
const year = () => todayInOslo().slice(0, 4);

beforeAll(async () => {
  t = await buildTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A member with an active instrument insurance and these instruments on it. */
async function insuredWith(remoteId: number, instruments: { model: string; serial: string }[]) {
  const account = await signedIn(t.app, t.db, { remote_id: remoteId, birthdate: '1988-04-17' });
  await createSubscription(t.db, {
    member_id: account.id,
    product_id: PRODUCTS.membership,
    kind: 'membership',
    state: 'active',
    subscription_start: `${year()}-01-01`,
  });
  const insurance = await createSubscription(t.db, {
    member_id: account.id,
    product_id: PRODUCTS.instrument,
    kind: 'instrument',
    state: 'active',
    subscription_start: `${year()}-01-10`,
  });
  for (const item of instruments) {
    await t.db.query(
      `INSERT INTO instruments (member_id, instrument_category, subscription_id, state, make, model, serial_number, value, insurance_start)
       VALUES ($1, $2, $3, 'active', 'Gibson', $4, $5, 25000, $6)`,
      [account.id, GUITAR, insurance, item.model, item.serial, `${year()}-02-01`],
    );
  }
  return account;
}

/** The certificate's pages as text in drawing order, and its page count. */
async function certificatePages(account: { id: number; token: string }, name: string) {
  const response = await t.app.inject({ url: `/api/member/${account.id}/certificate/instruments`, headers: bearer(account.token) });
  expect(response.statusCode, response.body).toBe(200);
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, response.rawPayload);
  const text = execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' });
  const count = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);
  return { pages: text.split('\f').slice(0, count), count };
}

/** A wrapped value comes back broken over lines: compared without the line breaks and spaces. */
const squeezed = (text: string) => text.replace(/\s+/g, '');

const longModel = (index: number) => `Les Paul Custom Shop ${index} `.repeat(10).slice(0, 200);
const longSerial = (index: number) => `SN${index}X`.padEnd(200, 'ABCDEFGHJK0123456789');

describe('the instruments certificate with long values', () => {
  it('shows a 200-character model name and serial number whole', async () => {
    const model = longModel(1);
    const serial = longSerial(1);
    expect([model.length, serial.length]).toEqual([200, 200]);
    const { pages } = await certificatePages(await insuredWith(72001, [{ model, serial }]), 'one-long');
    const text = squeezed(pages.join(''));
    expect(text).toContain(squeezed(model));
    expect(text).toContain(serial);
    expect(pages.join('')).not.toContain('…');
  });

  it('continues a table of tall rows on the next page with its header again, no row split between pages', async () => {
    const instruments = Array.from({ length: 9 }, (_, index) => ({ model: longModel(index + 1), serial: longSerial(index + 1) }));
    const { pages, count } = await certificatePages(await insuredWith(72002, instruments), 'many-long');
    expect(count).toBeGreaterThanOrEqual(2);
    for (const page of pages) expect(page).toContain('Serienummer');
    expect(pages[1]).toContain('fortsettelse');
    for (const item of instruments) {
      // Each serial whole, and on one page only.
      expect(
        pages.filter((page) => squeezed(page).includes(item.serial)),
        item.serial.slice(0, 4),
      ).toHaveLength(1);
      expect(squeezed(pages.join('')), item.model.slice(0, 25)).toContain(squeezed(item.model));
    }
    expect(pages.join('')).not.toContain('…');
  }, 60_000);
});
