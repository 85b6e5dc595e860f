/**
 * A CSV register imported as staff do it, and its undo as staff start it: answered at once with the
 * import 'undoing', then followed until it ends.
 */
import { expect } from 'vitest';
import { bearer, type TestContext } from './helpers.ts';

type FastifyInstance = TestContext['app'];

export interface UndoneImport {
  state: string;
  progress: { done: number; rows: number };
  error: string | null;
  summary: { undo?: { undone: number; kept: { member_id: number; name: string; reason: string }[] } };
}

/** Starts the undo; the answer comes before it has run. */
export async function startUndo(app: FastifyInstance, token: string, id: number): Promise<UndoneImport> {
  const response = await app.inject({ method: 'POST', url: `/api/member/import/${id}/undo`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(202);
  const started = response.json().data as UndoneImport;
  expect(started.state).toBe('undoing');
  return started;
}

/** Waits for the undo's job to end, as the page does; answers the import then. */
export async function undoneImport(app: FastifyInstance, token: string, id: number): Promise<UndoneImport> {
  const read = async () => (await app.inject({ url: `/api/member/import/${id}`, headers: bearer(token) })).json().data as UndoneImport;
  await expect.poll(async () => (await read()).state, { timeout: 60_000, interval: 50 }).not.toBe('undoing');
  return read();
}

export async function undo(app: FastifyInstance, token: string, id: number): Promise<UndoneImport> {
  await startUndo(app, token, id);
  return undoneImport(app, token, id);
}

/** Uploads the CSV, decides the rows given ('update'), commits and waits for the commit; answers the import's id. */
export async function importCsv(app: FastifyInstance, token: string, lines: string[][], updates: number[] = []): Promise<number> {
  const boundary = '----angregrense';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="angre.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.from(lines.map((line) => line.join(';')).join('\r\n')),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const uploaded = await app.inject({
    method: 'POST',
    url: '/api/member/import',
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const { id, errors } = uploaded.json().data as { id: number; errors: unknown[] };
  expect(errors).toEqual([]);
  if (updates.length > 0) {
    const decided = await app.inject({
      method: 'PATCH',
      url: `/api/member/import/${id}`,
      headers: bearer(token),
      payload: { decisions: updates.map((row) => ({ row, action: 'update' })) },
    });
    expect(decided.statusCode, decided.body).toBe(200);
  }
  const committed = await app.inject({ method: 'POST', url: `/api/member/import/${id}/commit`, headers: bearer(token), payload: { send_welcome: false } });
  expect(committed.statusCode, committed.body).toBe(202);
  const state = async () => (await app.inject({ url: `/api/member/import/${id}`, headers: bearer(token) })).json().data.state as string;
  await expect.poll(state, { timeout: 60_000, interval: 50 }).toBe('done');
  return id;
}
