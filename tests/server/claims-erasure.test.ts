/**
 * Erasing a member takes their claims with them: the claim, its snapshot of the register, its
 * history with staff's notes, its tie to the documents and its mails (to the insurer too). Every
 * text and JSON column of every table, ours and the job queue's, is searched for what the claim held.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, settledMessage, type TestContext } from './helpers.ts';
import { signedInStaff } from './factories-member-admin.ts';
import { addDocument, insuredMember, jpeg, reportClaim, theftOf } from './claims-factories.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

/** Where any of the needles is found: 'schema.table.column: needle'. */
async function tablesHolding(needles: string[]): Promise<string[]> {
  const columns = await t.db.query<{ table_schema: string; table_name: string; column_name: string }>(
    `SELECT c.table_schema, c.table_name, c.column_name
       FROM information_schema.columns c
       JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
      WHERE c.table_schema IN ('public', 'pgboss') AND tb.table_type = 'BASE TABLE'
        AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')
      ORDER BY 1, 2, 3`,
  );
  const found: string[] = [];
  for (const { table_schema: schema, table_name: table, column_name: column } of columns) {
    for (const needle of needles) {
      const [hit] = await t.db.query(`SELECT 1 FROM "${schema}"."${table}" WHERE position(lower($1) in lower("${column}"::text)) > 0 LIMIT 1`, [needle]);
      if (hit) found.push(`${schema}.${table}.${column}: ${needle}`);
    }
  }
  return found;
}

describe('erasing a member with a claim', () => {
  it('removes the claim, its snapshot, history, documents’ tie and mails, and nothing of it is left anywhere', async () => {
    const staff = await signedInStaff(t.app, t.db);
    const member = await insuredMember(t, { first_name: 'Zelmira', last_name: 'Quistgaardklaim', phone: '47112233' }, { make: 'Hagström', model: 'Viking' });
    await t.db.query("UPDATE instruments SET serial_number = 'SN-Quistgaardklaim' WHERE id = $1", [member.instrument]);
    const photo = await addDocument(t, { member: member.id, instrument: member.instrument, kind: 'photo', file_name: 'bilde.jpg', bytes: await jpeg() });
    const claim = await reportClaim(
      t,
      member.token,
      theftOf(member.instrument, {
        place: 'Zelmiras hybel i Vestre Quistgaardvei',
        description: 'Innbrudd mens Zelmira var på turné med Quistgaardkvartetten.',
        police_report: 'QZ-990011',
      }),
    );
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/claim/${claim.id}`,
      headers: bearer(staff.token),
      payload: { state: 'in_progress', note: 'Ringte Zelmira om Quistgaardkvartetten' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // The mails have gone through the queue (the packet with them).
    for (const order of ['ASC', 'DESC']) {
      await settledMessage(t.db, `SELECT status FROM message_log WHERE member_id = $1 ORDER BY id ${order} LIMIT 1`, [member.id]);
    }
    const needles = [member.email, '47112233', 'Zelmira', 'Quistgaardklaim', 'Quistgaardvei', 'Quistgaardkvartetten', 'QZ-990011'];
    const before = await tablesHolding(needles);
    expect(before).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^public\.claims\.snapshot: /),
        expect.stringMatching(/^public\.claims\.description: /),
        expect.stringMatching(/^public\.claim_events\.note: /),
        expect.stringMatching(/^public\.message_log\.content: /),
      ]),
    );

    const waiting = async () => (await t.app.inject({ url: '/api/counters', headers: bearer(staff.token) })).json().data['pending-claims'] as number;
    expect(await waiting()).toBe(1);

    const erased = await t.app.inject({
      method: 'POST',
      url: `/api/member/${member.id}/erase`,
      headers: bearer(staff.token),
      payload: { member_number: String(member.memberNumber) },
    });
    expect(erased.statusCode, erased.body).toBe(200);

    expect(await tablesHolding(needles)).toEqual([]);
    expect(await tablesHolding(['SN-Quistgaardklaim'])).toEqual([]);
    const left = await t.db.query<{ claims: number; events: number; tied: number; mails: number }>(
      `SELECT (SELECT count(*)::int FROM claims WHERE member_id = $1) AS claims,
              (SELECT count(*)::int FROM claim_events WHERE claim_id = $2) AS events,
              (SELECT count(*)::int FROM claim_documents WHERE document_id = $3) AS tied,
              (SELECT count(*)::int FROM message_log WHERE claim_id = $2 OR member_id = $1) AS mails`,
      [member.id, claim.id, photo.id],
    );
    expect(left).toEqual([{ claims: 0, events: 0, tied: 0, mails: 0 }]);
    expect((await t.app.inject({ url: `/api/claim/${claim.id}`, headers: bearer(staff.token) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/member/${member.id}/claim`, headers: bearer(staff.token) })).json().data).toEqual([]);
    expect((await t.app.inject({ url: '/api/claim/list', headers: bearer(staff.token) })).json().total).toBe(0);
    // The menu's count of waiting claims lets the erased claim go too.
    expect(await waiting()).toBe(0);
  });
});
