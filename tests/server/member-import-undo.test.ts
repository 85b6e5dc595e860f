import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, type TestContext } from './helpers.ts';
import { signedInStaff } from './factories-member-admin.ts';
import { importCsv, startUndo, undo, undoneImport, type UndoneImport } from './member-import-undoing.ts';
import { resumeUndos, startUndo as markUndoing, undoStep } from '../../server/domain/members/member-import-undo.ts';
import type { JobSender } from '../../server/domain/messages/outbox.ts';

let t: TestContext;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = await buildTestApp();
  staff = await signedInStaff(t.app, t.db, { first_name: 'Siri', last_name: 'Saksbehandler' });
}, 60_000);
afterAll(async () => t.close());

let counter = 0;
const tag = () => `u${process.pid}x${++counter}`;
const read = async (id: number) => (await t.app.inject({ url: `/api/member/import/${id}`, headers: bearer(staff.token) })).json().data as UndoneImport;

describe('the undo runs as a job', () => {
  it('answers at once with the import undoing, and answers the member list between its steps', async () => {
    const surname = `Angresen${tag().replace(/\D/g, '')}`;
    const rows = 600;
    const lines = [['Fornavn', 'Etternavn', 'E-post'], ...Array.from({ length: rows }, (_, i) => [`Nr${i}`, surname, `${surname}.${i}@example.no`])];
    // The whole list (a search counts only its first pages): the members of this file and the others.
    const listed = async () => {
      const response = await t.app.inject({ url: '/api/member/list?per_page=25', headers: bearer(staff.token) });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { total: number }).total;
    };
    const others = await listed();
    const id = await importCsv(t.app, staff.token, lines);
    expect(await listed()).toBe(others + rows);

    // The answer comes before the undo has run; the page follows its progress from there.
    const started = await startUndo(t.app, staff.token, id);
    expect(started.progress).toEqual({ done: 0, rows });
    await expect
      .poll(
        async () => {
          const current = await read(id);
          return current.state === 'undoing' ? current.progress.done : `ended: ${current.state}`;
        },
        { timeout: 60_000, interval: 5 },
      )
      .toBeGreaterThan(0);
    // Asked while the undo runs: answered with some of the members gone and the rest still there.
    const during = await listed();
    const done = await undoneImport(t.app, staff.token, id);
    expect(done.state).toBe('undone');
    expect(done.summary.undo).toEqual({ undone: rows, kept: [] });
    expect(await listed()).toBe(others);
    expect(during).toBeLessThan(others + rows);
    expect(during, 'the list was answered only once the undo had ended').toBeGreaterThan(others);
  }, 180_000);
});

/** An import that updates two members and creates five; staff then change one of each, which the undo keeps. */
async function scenario() {
  const id = tag();
  const email = (who: string) => `${id}.${who}@example.no`;
  const first = await createAccount(t.db, { role_id: 2, email: email('a'), first_name: 'Finnes', last_name: 'En' });
  const second = await createAccount(t.db, { role_id: 2, email: email('b'), first_name: 'Finnes', last_name: 'To' });
  await t.db.query("UPDATE accounts SET artist_name = 'Før' WHERE id = ANY ($1::int[])", [[first.id, second.id]]);
  const news = ['En', 'To', 'Tre', 'Fire', 'Fem'];
  const importId = await importCsv(
    t.app,
    staff.token,
    [
      ['Fornavn', 'Etternavn', 'E-post', 'Artist/band'],
      ['Finnes', 'En', email('a'), 'Etter'],
      ['Finnes', 'To', email('b'), 'Etter'],
      ...news.map((name) => ['Ny', name, email(name), '']),
    ],
    [2, 3],
  );
  const created = await t.db.query<{ id: number; last_name: string }>('SELECT id, last_name FROM accounts WHERE email = ANY ($1::text[]) ORDER BY id', [
    news.map(email),
  ]);
  const who = new Map<number, string>([
    [first.id, 'first'],
    [second.id, 'second'],
    ...created.map((row) => [row.id, `new ${row.last_name}`] as [number, string]),
  ]);
  for (const changed of [second.id, created[2].id]) {
    const edit = await t.app.inject({ method: 'PATCH', url: `/api/member/${changed}`, headers: bearer(staff.token), payload: { artist_name: 'Endret siden' } });
    expect(edit.statusCode, edit.body).toBe(200);
  }
  /** What the undo left, named the same way for every run of the scenario. */
  const outcome = async (result: UndoneImport) => ({
    state: result.state,
    undone: result.summary.undo?.undone,
    kept: result.summary.undo?.kept.map((kept) => [who.get(kept.member_id), kept.name, kept.reason]),
    accounts: (
      await t.db.query<{ id: number; artist_name: string | null }>('SELECT id, artist_name FROM accounts WHERE id = ANY ($1::int[]) ORDER BY id', [
        [...who.keys()],
      ])
    ).map((row) => [who.get(row.id), row.artist_name]),
    // One line in a member's history for the undo, never two.
    history: (
      await t.db.query<{ id: number; lines: number }>(
        `SELECT member_id AS id, count(*)::int AS lines FROM member_changes
        WHERE member_id = ANY ($1::int[]) AND changes -> 'import' ->> 1 LIKE 'Import angret%' GROUP BY member_id ORDER BY member_id`,
        [[...who.keys()]],
      )
    ).map((row) => [who.get(row.id), row.lines]),
  });
  return { importId, outcome };
}

describe('an undo cut off', () => {
  it('goes on at the next start after its last step, and ends as an undo never cut off', async () => {
    const whole = await scenario();
    const expected = await whole.outcome(await undo(t.app, staff.token, whole.importId));
    expect(expected).toEqual({
      state: 'undone',
      undone: 5,
      kept: [
        ['second', 'Finnes To', 'Endret etter importen'],
        ['new Tre', 'Ny Tre', 'Endret etter importen'],
      ],
      accounts: [
        ['first', 'Før'],
        ['second', 'Endret siden'],
        ['new Tre', 'Endret siden'],
      ],
      history: [
        ['first', 1],
        ['second', 1],
        ['new Tre', 1],
      ],
    });

    // The process stops after two steps (one member each), and a third is cut off half-way: its
    // transaction never commits. No job is queued, as when the process died with its job.
    const cut = await scenario();
    const none: JobSender = { send: async () => '', sendMany: async () => {} };
    await markUndoing(t.db, none, cut.importId, staff.id);
    for (let step = 0; step < 2; step += 1) expect(await t.db.transaction((tx) => undoStep(tx, cut.importId, 1))).toBe(true);
    await expect(
      t.db.transaction(async (tx) => {
        await undoStep(tx, cut.importId, 1);
        throw new Error('cut off');
      }),
    ).rejects.toThrow('cut off');
    const halfWay = await read(cut.importId);
    expect(halfWay).toMatchObject({ state: 'undoing', progress: { done: 2, rows: 7 } });

    // At start, on PGlite, a step of one member is taken before the server answers anyone (the
    // process's first plans its statements); then the queue is given the undo again.
    await resumeUndos(t.db, none);
    expect(await read(cut.importId)).toMatchObject({ state: 'undoing', progress: { done: t.db.kind === 'pglite' ? 3 : 2 } });
    await resumeUndos(t.db, t.services.jobs);
    expect(await cut.outcome(await undoneImport(t.app, staff.token, cut.importId))).toEqual(expected);
  }, 180_000);
});
