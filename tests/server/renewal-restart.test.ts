/**
 * The renewal run's server is killed with SIGKILL half-way (as an operator's `kill -9` or a power
 * cut would): the next server takes the run up at start-up, goes on where it stopped, and every
 * renewing member ends with exactly one renewal invoice for the year.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createStaff, run, serving, staffAuth, startServer, stop, type Running } from './fakes/server-process.ts';
import { currentYear } from '../../server/domain/billing/prices.ts';

const started: Running[] = [];
let dir = '';
afterAll(async () => {
  await Promise.all(started.map((server) => stop(server, 'SIGKILL')));
  if (dir) await rm(dir, { recursive: true, force: true });
});

const MEMBERS = 1_500;
const year = currentYear() + 1;

interface Run {
  state: string;
  total: number;
  done: number;
}

describe('a renewal run whose server is killed half-way', () => {
  it('is taken up by the next server and ends with one invoice per renewing member', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'portal-renewal-'));
    const env = { DATA_DIR: path.join(dir, 'data'), BACKUP_INTERVAL_HOURS: '0' };
    const seed = run('server/scripts/seed.ts', env, ['--members', String(MEMBERS)]);
    expect(await seed.exited, seed.output()).toBe(0);
    const email = 'kontoret@example.no';
    expect(await createStaff(env, email)).toBe(0);

    const first = await startServer(env);
    started.push(first);
    await serving(first);
    let base = `http://127.0.0.1:${first.port}/api`;
    const auth = await staffAuth(first, email);
    const progress = async () => ((await (await fetch(`${base}/renewal/${year}`, { headers: auth })).json()) as { data: Run }).data;
    const invoiced = async () =>
      (
        (await (await fetch(`${base}/invoice/list?per_page=25&filter[year]=${year}`, { headers: auth })).json()) as {
          totals: { count: number };
        }
      ).totals.count;

    const preview = await fetch(`${base}/renewal/${year}/preview?per_page=25`, { headers: auth });
    expect(preview.status, await preview.clone().text()).toBe(200);
    const renewing = ((await preview.json()) as { summary: { renewing: number } }).summary.renewing;
    expect(renewing).toBeGreaterThan(MEMBERS / 2);

    const start = await fetch(`${base}/renewal/${year}`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{}' });
    expect(start.status).toBe(202);
    // The run makes its invoices in steps and the server answers meanwhile: the process dies once
    // some invoices are made and the rest are not.
    let halfWay = false;
    for (let i = 0; i < 2400 && !halfWay; i += 1) {
      const current = await progress();
      expect(['queued', 'running'], 'the run finished before it could be killed').toContain(current.state);
      halfWay = current.done > 0 && current.done < renewing;
      if (!halfWay) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(halfWay).toBe(true);
    await stop(first, 'SIGKILL');

    const second = await startServer(env);
    started.push(second);
    await serving(second);
    base = `http://127.0.0.1:${second.port}/api`;
    const before = await invoiced();
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(renewing);

    await expect.poll(async () => (await progress()).state, { timeout: 180_000, interval: 250 }).toBe('done');
    expect(await invoiced()).toBe(renewing);
    expect((await progress()).done).toBe(renewing);
    // Started again once done, it makes nothing new.
    const again = await fetch(`${base}/renewal/${year}`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{}' });
    expect([202, 409]).toContain(again.status);
    await expect.poll(async () => (await progress()).state, { timeout: 60_000, interval: 250 }).toBe('done');
    expect(await invoiced()).toBe(renewing);
    await stop(second);
  }, 400_000);
});
