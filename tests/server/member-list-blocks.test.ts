/**
 * 'Gå til side' deep into the member overview: a page of the unfiltered list in id order starts in
 * the block of 1 000 ids that holds its first row (migration 055's counts), and answers exactly the
 * rows a plain walk from the first row would, whichever end it is read from, as members come, go,
 * are erased or change role.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestContext } from './helpers.ts';
import { signedInStaff } from './factories-member-admin.ts';
import { MEMBERS_FROM } from '../../server/domain/members/member-list.ts';

let t: TestContext;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = await buildTestApp();
  staff = await signedInStaff(t.app, t.db);
  // 2 400 people over eight blocks of ids, with gaps, applicants, staff and an erased one among them.
  await t.db.query(
    `INSERT INTO accounts (id, role_id, email, first_name, last_name, erased_at)
     SELECT 20000 + i * 3, CASE WHEN i % 97 = 0 THEN 3 WHEN i % 5 = 0 THEN 1 ELSE 2 END,
            'blokk' || i || '@example.no', 'Blokk', 'Nr' || i, CASE WHEN i % 89 = 0 THEN now() END
       FROM generate_series(1, 2400) AS i`,
  );
}, 120_000);
afterAll(async () => t?.close());

const PER_PAGE = 100;

async function pageIds(page: number, sort: 'id' | '-id') {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/member/list?page=${page}&per_page=${PER_PAGE}&sort=${sort}`,
    headers: bearer(staff.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  return { ids: body.data.map((row: { id: number }) => row.id) as number[], total: body.total as number };
}

/** Every page of the list in both orders, beside a plain walk of the rows. */
async function expectEveryPageRight() {
  const all = (await t.db.query<{ id: number }>(`SELECT a.id ${MEMBERS_FROM} ORDER BY a.id`)).map((row) => row.id);
  const [{ blocked }] = await t.db.query<{ blocked: number }>('SELECT coalesce(sum(members), 0)::int AS blocked FROM member_list_blocks');
  expect(blocked).toBe(all.length);
  const pages = Math.ceil(all.length / PER_PAGE);
  for (const sort of ['id', '-id'] as const) {
    const ordered = sort === 'id' ? all : [...all].reverse();
    for (let page = 1; page <= pages; page += 1) {
      const { ids, total } = await pageIds(page, sort);
      expect(total).toBe(all.length);
      expect(ids, `${sort} page ${page}`).toEqual(ordered.slice((page - 1) * PER_PAGE, page * PER_PAGE));
    }
  }
}

describe('a middle page of the member overview', () => {
  it('answers the rows a walk from the first row would, on every page and in both orders', async () => {
    await expectEveryPageRight();
  }, 120_000);

  it('stays right as members are erased, leave the list, join it and are deleted', async () => {
    await t.db.query("UPDATE accounts SET erased_at = now() WHERE email LIKE 'blokk1%@example.no'");
    await t.db.query("UPDATE accounts SET role_id = 3 WHERE email LIKE 'blokk2%@example.no'");
    await t.db.query("UPDATE accounts SET role_id = 2 WHERE role_id = 3 AND email LIKE 'blokk%97@example.no'");
    await t.db.query("DELETE FROM accounts WHERE email LIKE 'blokk3%@example.no'");
    await t.db.query(
      `INSERT INTO accounts (id, role_id, email, first_name, last_name)
       SELECT 40000 + i, 2, 'ny-blokk' || i || '@example.no', 'Ny', 'Nr' || i FROM generate_series(1, 150) AS i`,
    );
    await expectEveryPageRight();
  }, 120_000);
});
