import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, login, type TestContext } from './helpers.ts';

let t: TestContext;
let token: string;
beforeAll(async () => {
  t = await buildTestApp();
  const member = await createAccount(t.db);
  token = await login(t.app, member.email, member.password);
});
afterAll(async () => t.close());

describe('GET /api/postal-code/{code}', () => {
  it('answers the postal area of a known code to anyone', async () => {
    const response = await t.app.inject({ url: '/api/postal-code/0155' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { code: '0155', area: 'OSLO' } });
  });

  it('answers 404 for an unknown code and 400 for one that is not four digits', async () => {
    expect((await t.app.inject({ url: '/api/postal-code/0000' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/postal-code/01a5' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/postal-code/01555' })).statusCode).toBe(400);
  });
});

describe('instrument categories', () => {
  it('lists them by title with their flags, to signed-in users', async () => {
    await t.db.query("INSERT INTO instrument_categories (title, use_member, use_insurance) VALUES ('Zither B', 1, 1), ('Zither A', 1, 0), ('Zither C', 0, 1)");
    expect((await t.app.inject({ url: '/api/instrument/category/list' })).statusCode).toBe(401);
    const response = await t.app.inject({ url: '/api/instrument/category/list', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const { data } = response.json() as { data: { id: number; title: string; use_member: number; use_insurance: number }[] };
    expect(data.map((category) => category.title).filter((title) => title.startsWith('Zither '))).toEqual(['Zither A', 'Zither B', 'Zither C']);
    expect(data.find((category) => category.title === 'Zither A')).toEqual({
      id: expect.any(Number),
      title: 'Zither A',
      use_member: 1,
      use_insurance: 0,
    });
  });

  it('answers one category by id, 404 when there is none', async () => {
    const [created] = await t.db.query<{ id: number }>(
      "INSERT INTO instrument_categories (title, use_member, use_insurance) VALUES ('Harpe', 1, 1) RETURNING id",
    );
    const response = await t.app.inject({ url: `/api/instrument/category/${created.id}`, headers: bearer(token) });
    expect(response.json()).toEqual({ data: { id: created.id, title: 'Harpe', use_member: 1, use_insurance: 1 } });
    expect((await t.app.inject({ url: '/api/instrument/category/999999', headers: bearer(token) })).statusCode).toBe(404);
  });
});

describe('GET /api/product/list', () => {
  it('lists the products with price, remote id and kind', async () => {
    const [created] = await t.db.query<{ id: number }>(
      "INSERT INTO products (name, price, remote_id, kind) VALUES ('Reiseforsikring Norden', 990, 'P-77', 'travel') RETURNING id",
    );
    const response = await t.app.inject({ url: '/api/product/list', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toContainEqual({ id: created.id, name: 'Reiseforsikring Norden', price: 990, remote_id: 'P-77', kind: 'travel' });
    expect((await t.app.inject({ url: '/api/product/list' })).statusCode).toBe(401);
  });
});
