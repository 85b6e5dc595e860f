import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestContext } from './helpers.ts';
import { signedIn, signedInStaff } from './factories-member-admin.ts';

let t: TestContext;
let member: Awaited<ReturnType<typeof signedIn>>;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = await buildTestApp();
  member = await signedIn(t.app, t.db);
  staff = await signedInStaff(t.app, t.db);
});
afterAll(async () => t.close());

const ROUTES: [string, string, object?][] = [
  ['GET', '/api/emails/template/list'],
  ['GET', '/api/emails/template/1'],
  ['PATCH', '/api/emails/template/1', { title: 'Hei' }],
  ['GET', '/api/emails/template/1/preview?member_id=1'],
  ['POST', '/api/emails/template/1/test', {}],
  ['GET', '/api/campaign/list'],
  ['GET', '/api/campaign/options/benefit'],
  ['POST', '/api/campaign', { name: 'X', code: 'X1', period_start: '2026-01-01' }],
  ['GET', '/api/campaign/1'],
  ['PATCH', '/api/campaign/1', { name: 'X' }],
  ['DELETE', '/api/campaign/1'],
  ['GET', '/api/product-category/list'],
  ['GET', '/api/vipps_registration/export?filter[created_at_from]=2026-01-01&filter[created_at_to]=2026-01-31'],
  ['GET', '/api/invoice/vipps-payments/export?filter[created_at_from]=2026-01-01&filter[created_at_to]=2026-01-31'],
  ['GET', '/api/dev/sync-tripletex'],
  ['GET', '/api/dev/sync-tripletex/runs'],
  ['GET', '/api/dev/sync-tripletex/runs/1'],
  ['GET', '/api/content/admin/pages'],
  ['PATCH', '/api/content/admin/pages/1', { title: 'X' }],
  ['GET', '/api/content/admin/discount-codes'],
  ['POST', '/api/content/admin/discount-codes', { code: 'X', description: 'Y' }],
  ['PATCH', '/api/content/admin/discount-codes/1', { code: 'X' }],
  ['DELETE', '/api/content/admin/discount-codes/1'],
];

describe('settings routes', () => {
  it.each(ROUTES)('%s %s answers 403 to a member and 401 to nobody', async (method, url, payload) => {
    const asMember = await t.app.inject({ method: method as 'GET', url, headers: bearer(member.token), payload: payload as object });
    expect(asMember.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: method as 'GET', url, payload: payload as object });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets staff read the product categories and the benefits', async () => {
    const categories = await t.app.inject({ url: '/api/product-category/list', headers: bearer(staff.token) });
    expect(categories.json().data[0]).toEqual({ id: 1, title: 'Medlemskap' });
    const benefits = await t.app.inject({ url: '/api/campaign/options/benefit', headers: bearer(staff.token) });
    expect(benefits.json().data[0]).toEqual({ id: 0, text: 'Ingen ekstra fordel' });
  });
});
