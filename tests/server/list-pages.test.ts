/**
 * Every list at the cost of its page (issue 24), and still the same rows: each page, in each order,
 * is the slice of the whole list ordered as asked, whether it is read from the start or (past the
 * middle of a list whose total is known) from the far end; the instrument queue and the declined
 * list answer what their former whole-table queries answered; the message log's bodies are
 * sanitised when written and shown as stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, type TestContext } from './helpers.ts';
import { GUITAR, PRODUCTS, signedInStaff } from './factories-member-admin.ts';
import { MEMBERS_FROM, memberList, memberPage } from '../../server/domain/members/member-list.ts';
import { parseListQuery, type Paginator } from '../../server/lib/list.ts';
import { sendMail } from '../../server/domain/messages/messages.ts';
import type { Queryable } from '../../server/db/database.ts';

let t: TestContext;
let staff: Awaited<ReturnType<typeof signedInStaff>>;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await signedInStaff(t.app, t.db);
  // 70 people with repeated names, missing phones and birth dates, so orders have ties and NULLs.
  await t.db.query(
    `INSERT INTO accounts (role_id, email, first_name, last_name, phone, birthdate, status, registration_completed, created_at)
     SELECT 1 + n % 2, 'side' || n || '@sider.example.no', (ARRAY['Ola', 'Kari', 'Per'])[1 + n % 3], 'Side' || (n % 7),
            CASE WHEN n % 4 = 0 THEN NULL ELSE '9' || lpad((n * 7919 % 10000000)::text, 7, '0') END,
            CASE WHEN n % 5 = 0 THEN NULL ELSE date '1970-01-01' + n * 97 END,
            (n % 2)::text, 1, now() - make_interval(days => n % 9)
       FROM generate_series(1, 70) n`,
  );
  const people = await t.db.query<{ id: number }>("SELECT id FROM accounts WHERE email LIKE 'side%@sider.example.no' ORDER BY id");
  // Instruments waiting for 30 of them (some with two, some only a change), with tied request times.
  for (const [index, { id }] of people.slice(0, 30).entries()) {
    await t.db.query(
      `INSERT INTO instruments (member_id, instrument_category, make, model, value, insurance_start, state, requested_change, created_at)
       VALUES ($1, $2, 'Fender', 'Jazz', 9000, current_date, $3, $4, now() - make_interval(hours => $5::int))`,
      [id, GUITAR, index % 5 === 0 ? 'active' : 'requested', index % 5 === 0 ? '{"value": 10000}' : null, index % 6],
    );
    if (index % 4 === 0) {
      await t.db.query(
        `INSERT INTO instruments (member_id, instrument_category, make, model, value, insurance_start, state, created_at)
         VALUES ($1, $2, 'Yamaha', 'P-45', 5000, current_date, 'requested', now() - interval '30 days')`,
        [id, GUITAR],
      );
    }
  }
  // 30 declined applications, with tied rejection times; every other one with its rejection mail.
  for (const [index, { id }] of people.slice(30, 60).entries()) {
    const [{ at }] = await t.db.query<{ at: string }>(`SELECT (now() - make_interval(days => $1::int))::text AS at`, [index % 8]);
    await t.db.query(
      `INSERT INTO subscriptions (member_id, product_id, kind, state, rejected_at, rejected_by, reason_for_rejection)
       VALUES ($1, $2, 'membership', 'rejected', $3::timestamptz, $4, 'Nei')`,
      [id, PRODUCTS.membership, at, staff.id],
    );
    if (index % 2 === 0) {
      await t.db.query(
        `INSERT INTO message_log (member_id, channel, subject, email_to, content, sender_id, delivery, status, sent_at)
         VALUES ($1, 'email', 'Avslag', 'x@example.no', '<p>Nei</p>', $2, 'outbox', 'sent', $3::timestamptz + interval '5 seconds')`,
        [id, staff.id, at],
      );
    }
  }
  // Messages enough for three pages, some at the same time.
  await t.db.query(
    `INSERT INTO message_log (member_id, channel, subject, email_to, content, delivery, status, sent_at)
     SELECT $1, CASE WHEN n % 3 = 0 THEN 'sms' ELSE 'email' END, 'Melding ' || (n % 11), 'x@example.no', '<p>Hei</p>', 'outbox', 'sent',
            now() - make_interval(mins => n % 13)
       FROM generate_series(1, 60) n`,
    [people[0].id],
  );
});
afterAll(async () => t?.close());

const get = async (url: string) => {
  const response = await t.app.inject({ url, headers: bearer(staff.token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: Record<string, unknown>[]; total: number; last_page: number };
};

/** Every page of a list, one after the other, as the API answers them. */
async function allPages(url: string): Promise<{ rows: Record<string, unknown>[]; total: number }> {
  const join = url.includes('?') ? '&' : '?';
  const first = await get(`${url}${join}per_page=25&page=1`);
  const rows = [...first.data];
  for (let page = 2; page <= first.last_page; page++) rows.push(...(await get(`${url}${join}per_page=25&page=${page}`)).data);
  return { rows, total: first.total };
}

const ids = (rows: Record<string, unknown>[]) => rows.map((row) => row.id);

describe('pages read from the far end', () => {
  it.each(['-id', 'name', '-phone', 'birthdate', 'status,-created_at', 'last_name,-first_name'])(
    'the member list sorted by %s: every page is its slice of the whole ordered list',
    async (sort) => {
      const { orderBy } = parseListQuery({ sort }, memberList);
      const expected = await t.db.query<{ id: number }>(`SELECT a.id ${MEMBERS_FROM} ORDER BY ${orderBy}`);
      const { rows, total } = await allPages(`/api/member/list?sort=${sort}`);
      expect(total).toBe(expected.length);
      expect(ids(rows)).toEqual(expected.map((row) => row.id));
    },
  );

  it('reads the last page from the far end of the index and a page past the end as empty', async () => {
    const statements: string[] = [];
    const recording: Queryable = {
      query: (sql, params, options) => {
        statements.push(sql);
        return t.db.query(sql, params, options);
      },
      exec: (sql) => t.db.exec(sql),
    };
    const first = await memberPage(recording, { per_page: '25' });
    const lastPage = Math.ceil(first.total / 25);
    statements.length = 0;
    const last = await memberPage(recording, { per_page: '25', page: String(lastPage) });
    const window = statements.find((sql) => /LIMIT \d+ OFFSET/.test(sql));
    expect(window).toMatch(/ORDER BY a\.id ASC(, a\.id ASC)? LIMIT \d+ OFFSET 0\b/);
    expect(last.rows.map((row) => row.id)).toEqual(
      (await t.db.query<{ id: number }>(`SELECT a.id ${MEMBERS_FROM} ORDER BY a.id DESC OFFSET $1`, [(lastPage - 1) * 25])).map((row) => row.id),
    );
    const beyond = await get(`/api/member/list?per_page=25&page=${lastPage + 3}`);
    expect(beyond).toMatchObject({ data: [], total: first.total, last_page: lastPage });
  });

  it('keeps the first page prepared for one sort field only, so no sort combination adds a statement', async () => {
    const prepared: { sql: string; prepare: boolean }[] = [];
    const recording: Queryable = {
      query: (sql, params, options) => {
        prepared.push({ sql, prepare: options?.prepare === true });
        return t.db.query(sql, params, options);
      },
      exec: (sql) => t.db.exec(sql),
    };
    const firstPage = async (query: Record<string, unknown>) => {
      prepared.length = 0;
      const page = await memberPage(recording, query);
      return { page, statement: prepared.find((entry) => /LIMIT \d+ OFFSET 0\b/.test(entry.sql))! };
    };
    const plain = await firstPage({ per_page: '25' });
    expect(plain.statement.prepare).toBe(true);
    const again = await firstPage({ per_page: '25' });
    expect(again.statement.sql).toBe(plain.statement.sql);
    expect((await firstPage({ per_page: '25', sort: '-name' })).statement.prepare).toBe(true);
    // Sort fields may be combined in any order and repeated: each text is made once, never kept.
    const combined = await firstPage({ per_page: '25', sort: 'name,-phone,name' });
    expect(combined.statement.prepare).toBe(false);
    expect(combined.page.rows).toHaveLength(25);
    const filtered = await firstPage({ per_page: '25', 'filter[status]': '1' });
    expect(filtered.statement?.prepare ?? false).toBe(false);
    expect(ids(plain.page.rows)).toEqual(ids(again.page.rows));
  });

  it('answers each first page in its own sort and size, however the pages before were asked, and refuses an unknown sort every time', async () => {
    const expected = async (order: string, limit: number) =>
      ids(await t.db.query<{ id: number }>(`SELECT a.id ${MEMBERS_FROM} ORDER BY ${order} LIMIT ${limit}`));
    const firstPage = async (query: string) => ids((await get(`/api/member/list?${query}`)).data);
    // Asked in turn and again: a text built for one sort or size must never answer another.
    for (let round = 0; round < 2; round++) {
      expect(await firstPage('per_page=25')).toEqual(await expected('a.id DESC', 25));
      expect(await firstPage('per_page=50&sort=name')).toEqual(await expected('a.first_name ASC, a.last_name ASC, a.id ASC', 50));
      expect(await firstPage('per_page=25&sort=-name')).toEqual(await expected('a.first_name DESC, a.last_name DESC, a.id DESC', 25));
      expect(await firstPage('per_page=50')).toEqual(await expected('a.id DESC', 50));
      for (const sort of ['nope', 'name,nope']) {
        const refused = await t.app.inject({ url: `/api/member/list?sort=${sort}`, headers: bearer(staff.token) });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().message).toContain('nope');
      }
    }
  });

  it('pages the message log, all of it and one channel, in its orders', async () => {
    for (const query of ['sort=-id', 'sort=sent_at', 'sort=-subject', 'sort=-id&filter[channel]=sms']) {
      const list = parseListQuery(Object.fromEntries(new URLSearchParams(query)), {
        filters: { channel: (values, params) => `m.channel IN (${params.list(values)})` },
        sorts: { id: 'm.id', sent_at: 'm.sent_at', subject: 'm.subject' },
        defaultSort: '-id',
        tieBreaker: 'm.id',
      });
      const expected = await t.db.query<{ id: number }>(`SELECT m.id FROM message_log m WHERE ${list.where} ORDER BY ${list.orderBy}`, list.params.values);
      const { rows, total } = await allPages(`/api/emails/logs/list?${query}`);
      expect(total).toBe(expected.length);
      expect(ids(rows)).toEqual(expected.map((row) => row.id));
    }
  });
});

describe("the paginator's page links", () => {
  const links = async (url: string) => (await get(url)) as unknown as Paginator<unknown>;
  it("name every page on the portal's address with the request's other parameters, the page number replaced", async () => {
    const body = await links('/api/member/list?filter%5Bname%5D=Side%20sider&sort=-phone&per_page=25&page=2');
    const base = 'http://portal.test/api/member/list';
    const link = (page: number) => `${base}?filter%5Bname%5D=Side+sider&sort=-phone&per_page=25&page=${page}`;
    expect(body.total).toBeGreaterThan(50);
    expect(body).toMatchObject({
      path: base,
      first_page_url: link(1),
      prev_page_url: link(1),
      next_page_url: link(3),
      last_page_url: link(body.last_page),
      current_page: 2,
    });
    // Each link answers the page it names.
    const third = await links(new URL(body.next_page_url as string).pathname + new URL(body.next_page_url as string).search);
    expect(third.current_page).toBe(3);
  });

  it('add the page number to a request that names none, and keep a value that holds the mark text', async () => {
    const plain = await links('/api/member/list');
    expect(plain.first_page_url).toBe('http://portal.test/api/member/list?page=1');
    const marked = await links('/api/member/list?filter%5Bname%5D=PAGE0MARK');
    expect(marked.total).toBe(0);
    expect(marked.first_page_url).toBe('http://portal.test/api/member/list?filter%5Bname%5D=PAGE0MARK&page=1');
  });
});

describe('the instrument queue through the waiting members', () => {
  // The queue as it was read before migration 017: every waiting instrument grouped per member.
  const BEFORE = `
    SELECT a.id, p.pending AS "Status", p.requested_at AS created_at
      FROM (SELECT i.member_id, count(*)::int AS pending, min(i.created_at) AS requested_at
              FROM instruments i
             WHERE i.deleted_at IS NULL
               AND (i.state = 'requested' OR (i.state = 'active' AND i.requested_change IS NOT NULL))
             GROUP BY i.member_id) p
      JOIN accounts a ON a.id = p.member_id
     WHERE a.role_id IN (1, 2)`;

  it.each([
    ['created_at', 'p.requested_at ASC, a.id ASC'],
    ['-created_at', 'p.requested_at DESC, a.id DESC'],
    ['Status', 'p.pending ASC, a.id ASC'],
    ['-name', "lower(a.first_name || ' ' || a.last_name) DESC, a.id DESC"],
  ])('sorted by %s answers the rows, counts and times it answered before', async (sort, order) => {
    const expected = await t.db.query<{ id: number; Status: number; created_at: Date }>(`${BEFORE} ORDER BY ${order}`);
    const { rows, total } = await allPages(`/api/subscription/list/pending-instruments?sort=${sort}`);
    expect(total).toBe(expected.length);
    expect(rows.map((row) => [row.id, row.Status, new Date(row.created_at as string).getTime()])).toEqual(
      expected.map((row) => [row.id, row.Status, new Date(row.created_at).getTime()]),
    );
    expect(expected.some((row) => row.Status > 1)).toBe(true);
  });

  it('a search narrows it as before', async () => {
    const expected = await t.db.query<{ id: number }>(`${BEFORE} AND a.search_text LIKE '%side3%' ORDER BY p.requested_at, a.id`);
    const { rows, total } = await allPages('/api/subscription/list/pending-instruments?filter[name]=side3');
    expect(total).toBe(expected.length);
    expect(ids(rows)).toEqual(expected.map((row) => row.id));
  });
});

describe('the declined list without a look-up per row for its count', () => {
  it('answers the rows, order and rejection mails it answered before', async () => {
    // The declined list as it was read before: the rejection mail looked up for every row.
    const expected = await t.db.query<{ id: number; mail_sent_at: Date | null }>(
      `SELECT s.id, mail.sent_at AS mail_sent_at
         FROM subscriptions s JOIN accounts a ON a.id = s.member_id
         LEFT JOIN LATERAL (
           SELECT ml.id, ml.sent_at FROM message_log ml
            WHERE ml.member_id = s.member_id AND ml.channel = 'email' AND s.rejected_at IS NOT NULL
              AND ml.sender_id IS NOT DISTINCT FROM s.rejected_by
              AND ml.sent_at >= s.rejected_at AND ml.sent_at < s.rejected_at + interval '1 minute'
            ORDER BY ml.id DESC LIMIT 1) mail ON TRUE
        WHERE s.kind = 'membership' AND s.state = 'rejected' AND s.deleted_at IS NULL AND a.role_id IN (1, 2) AND a.erased_at IS NULL
        ORDER BY s.rejected_at DESC, s.id DESC`,
    );
    const { rows, total } = await allPages('/api/subscription/list/rejected');
    expect(total).toBe(expected.length);
    expect(rows.map((row) => [row.id, row.mail_sent_at === null ? null : new Date(row.mail_sent_at as string).getTime()])).toEqual(
      expected.map((row) => [row.id, row.mail_sent_at === null ? null : new Date(row.mail_sent_at).getTime()]),
    );
    expect(expected.filter((row) => row.mail_sent_at !== null).length).toBeGreaterThan(0);
  });

  it('exports the same rows as CSV', async () => {
    const response = await t.app.inject({ url: '/api/subscription/list/rejected/export', headers: bearer(staff.token) });
    expect(response.statusCode).toBe(200);
    const [{ n }] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM subscriptions s JOIN accounts a ON a.id = s.member_id
        WHERE s.kind = 'membership' AND s.state = 'rejected' AND s.deleted_at IS NULL AND a.role_id IN (1, 2) AND a.erased_at IS NULL`,
    );
    expect(response.body.trim().split('\r\n')).toHaveLength(n + 1);
  });
});

describe('message bodies sanitised when written', () => {
  it('stores a mail body sanitised and marked, and the log shows a marked body as stored', async () => {
    const member = await createAccount(t.db);
    const id = await sendMail(t.db, t.services.outbox, {
      to: 'kari@example.no',
      subject: 'Rent',
      fromName: null,
      fromEmail: null,
      memberId: member.id,
      senderId: null,
      html: '<p>Hei</p><script>alert(1)</script><img src="https://elsewhere.example/x.png" onerror="alert(2)"><a href="javascript:alert(3)">lenke</a>',
    });
    const [stored] = await t.db.query<{ content: string; content_sanitised: boolean }>('SELECT content, content_sanitised FROM message_log WHERE id = $1', [
      id,
    ]);
    expect(stored.content_sanitised).toBe(true);
    expect(stored.content).not.toMatch(/script|onerror|elsewhere|javascript/);
    expect(stored.content).toContain('<p>Hei</p>');

    // A marked body goes out as stored: the read path would have dropped the button's colour.
    const button = '<p><a href="https://example.no" rel="noopener noreferrer" style="background-color:#1f4e79;color:#ffffff">Knapp</a></p>';
    await t.db.query('UPDATE message_log SET content = $2 WHERE id = $1', [id, button]);
    const page = await get(`/api/emails/logs/list?filter[member_id]=${member.id}`);
    expect(page.data).toHaveLength(1);
    expect(page.data[0].content).toBe(button);
    expect(page.data[0]).not.toHaveProperty('content_sanitised');

    // A body without the mark (written before migration 017) is still sanitised on its way out.
    await t.db.query('UPDATE message_log SET content_sanitised = false, content = $2 WHERE id = $1', [id, `${button}<script>x</script>`]);
    const legacy = await get(`/api/emails/logs/list?filter[member_id]=${member.id}`);
    expect(legacy.data[0].content).not.toMatch(/script|background-color/);
  });
});
