/**
 * The public card check answers any origin for GET (a partner's page calls it from its own
 * script), preflight included; no other route gets the header.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestContext } from './helpers.ts';
import { createSubscription, PRODUCTS, signedIn, signedInStaff } from './factories-member-admin.ts';
import { todayInOslo } from '../../server/domain/shared/oslo-date.ts';

let t: TestContext;
let staffToken: string;
let cardToken: string;
const PARTNER = 'https://konsertscene.example';

beforeAll(async () => {
  t = await buildTestApp();
  staffToken = (await signedInStaff(t.app, t.db)).token;
  const account = await signedIn(t.app, t.db, { remote_id: 71001, birthdate: '1988-04-17' });
  await createSubscription(t.db, {
    member_id: account.id,
    product_id: PRODUCTS.membership,
    kind: 'membership',
    state: 'active',
    subscription_start: `${todayInOslo().slice(0, 4)}-01-01`,
  });
  const card = await t.app.inject({ url: `/api/member/${account.id}/card`, headers: bearer(account.token) });
  expect(card.statusCode, card.body).toBe(200);
  cardToken = card.json().data.token;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the public card check from another site', () => {
  it('answers GET with Access-Control-Allow-Origin: * and no credentials', async () => {
    const response = await t.app.inject({ url: `/api/verify/${cardToken}`, headers: { origin: PARTNER } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.state).toBe('valid');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('answers the browser preflight for GET', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: `/api/verify/${cardToken}`,
      headers: { origin: PARTNER, 'access-control-request-method': 'GET' },
    });
    expect(response.statusCode, response.body).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(String(response.headers['access-control-allow-methods'])).toContain('GET');
  });

  it('leaves staff routes without the header', async () => {
    const response = await t.app.inject({ url: '/api/member/list', headers: { ...bearer(staffToken), origin: PARTNER } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});
