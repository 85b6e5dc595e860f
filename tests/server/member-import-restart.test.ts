import { afterAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createStaff, serving, staffAuth, startServer, stop, type Running } from './fakes/server-process.ts';

const started: Running[] = [];
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(started.map((server) => stop(server, 'SIGKILL')));
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

interface Stored {
  state: string;
  progress: { done: number; rows: number };
  summary: { undo?: { undone: number; kept: unknown[] } };
}

const ROWS = 20_000;

describe('a member import whose server is killed during the commit', () => {
  it('leaves nothing half-imported after the restart', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'portal-import-'));
    dirs.push(dir);
    const env = { DATA_DIR: path.join(dir, 'data'), BACKUP_INTERVAL_HOURS: '0' };
    const email = 'kontoret@example.no';
    expect(await createStaff(env, email)).toBe(0);

    const first = await startServer(env);
    started.push(first);
    await serving(first);
    let base = `http://127.0.0.1:${first.port}/api`;
    const auth = await staffAuth(first, email);
    const members = async () => ((await (await fetch(`${base}/member/list?per_page=25`, { headers: auth })).json()) as { total: number }).total;
    const before = await members();
    expect(before).toBe(0);

    const lines = ['Fornavn;Etternavn;E-post', ...Array.from({ length: ROWS }, (_, i) => `Rad;Nummer ${i};drept.${i}@example.no`)];
    const form = new FormData();
    form.append('file', new Blob([lines.join('\r\n')], { type: 'text/csv' }), 'drept.csv');
    const uploaded = await fetch(`${base}/member/import`, { method: 'POST', headers: auth, body: form });
    expect(uploaded.status).toBe(201);
    const { data } = (await uploaded.json()) as { data: { id: number; summary: { new: number } } };
    expect(data.summary.new).toBe(ROWS);

    const commit = await fetch(`${base}/member/import/${data.id}/commit`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ send_welcome: false }),
    });
    expect(commit.status).toBe(202);
    // On the embedded database the commit writes in steps and the server answers meanwhile: the
    // process dies once some steps are written and the rest are not.
    let halfWay = false;
    for (let i = 0; i < 1200 && !halfWay; i += 1) {
      const current = (
        (await (await fetch(`${base}/member/import/${data.id}`, { headers: auth })).json()) as {
          data: { state: string; progress: { done: number; rows: number } };
        }
      ).data;
      expect(current.state, 'the import finished before it could be killed').toBe('running');
      halfWay = current.progress.done > 0 && current.progress.done < ROWS;
      if (!halfWay) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(halfWay).toBe(true);
    await stop(first, 'SIGKILL');

    const second = await startServer(env);
    started.push(second);
    await serving(second);
    base = `http://127.0.0.1:${second.port}/api`;
    const after = await fetch(`${base}/member/import/${data.id}`, { headers: auth });
    const state = ((await after.json()) as { data: { state: string; progress: { done: number } } }).data;
    expect(state.state).toBe('running');
    // What the killed process had written is taken back before the new one answers.
    expect(await members()).toBe(before);
    expect(state.progress.done).toBe(0);
    await stop(second);
  }, 240_000);
});

describe('a member import whose server is killed during the undo', () => {
  it('goes on with the undo after the restart, and ends with every member undone once', async () => {
    const rows = 2_000;
    const dir = await mkdtemp(path.join(tmpdir(), 'portal-undo-'));
    dirs.push(dir);
    const env = { DATA_DIR: path.join(dir, 'data'), BACKUP_INTERVAL_HOURS: '0' };
    const email = 'kontoret@example.no';
    expect(await createStaff(env, email)).toBe(0);

    const first = await startServer(env);
    started.push(first);
    await serving(first);
    let base = `http://127.0.0.1:${first.port}/api`;
    const auth = await staffAuth(first, email);
    const members = async () => ((await (await fetch(`${base}/member/list?per_page=25`, { headers: auth })).json()) as { total: number }).total;
    const stored = async (id: number) => ((await (await fetch(`${base}/member/import/${id}`, { headers: auth })).json()) as { data: Stored }).data;

    const lines = ['Fornavn;Etternavn;E-post', ...Array.from({ length: rows }, (_, i) => `Rad;Nummer ${i};angret.${i}@example.no`)];
    const form = new FormData();
    form.append('file', new Blob([lines.join('\r\n')], { type: 'text/csv' }), 'angret.csv');
    const uploaded = await fetch(`${base}/member/import`, { method: 'POST', headers: auth, body: form });
    expect(uploaded.status).toBe(201);
    const { data } = (await uploaded.json()) as { data: { id: number } };
    const commit = await fetch(`${base}/member/import/${data.id}/commit`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ send_welcome: false }),
    });
    expect(commit.status).toBe(202);
    await expect.poll(async () => (await stored(data.id)).state, { timeout: 120_000, interval: 100 }).toBe('done');
    expect(await members()).toBe(rows);

    const undo = await fetch(`${base}/member/import/${data.id}/undo`, { method: 'POST', headers: auth });
    expect(undo.status).toBe(202);
    // The process dies once some of the undo's steps are written and the rest are not.
    await expect
      .poll(
        async () => {
          const current = await stored(data.id);
          expect(current.state, 'the undo finished before it could be killed').toBe('undoing');
          return current.progress.done;
        },
        { timeout: 60_000, interval: 20 },
      )
      .toBeGreaterThan(0);
    await stop(first, 'SIGKILL');

    const second = await startServer(env);
    started.push(second);
    await serving(second);
    base = `http://127.0.0.1:${second.port}/api`;
    const halfWay = await members();
    expect(halfWay).toBeLessThan(rows);
    // At start the undo is queued again and goes on after the last step the killed process wrote.
    await expect.poll(async () => (await stored(data.id)).state, { timeout: 120_000, interval: 100 }).toBe('undone');
    expect((await stored(data.id)).summary.undo).toEqual({ undone: rows, kept: [] });
    expect(await members()).toBe(0);
    await stop(second);
  }, 300_000);
});
