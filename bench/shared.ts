/**
 * What the bench's sections share: a scratch PostgreSQL database made and dropped around a
 * measurement, the app served on a real socket with the bench's staff login, a memory sampler
 * (heap and RSS peaks above where they stood), and percentiles.
 */
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import type { Database } from '../server/db/database.ts';
import { openPostgres } from '../server/db/postgres.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { createServices } from '../server/plugins/services.ts';

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Runs `work` on a fresh database `name` on the server at `url`, dropped afterwards. */
export async function withScratchPostgres<T>(url: string, name: string, work: (db: Database) => Promise<T>): Promise<T> {
  const admin = await openPostgres(url, 1);
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  const db = await openPostgres(scratch.toString());
  try {
    return await work(db);
  } finally {
    await db.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.close();
  }
}

export interface BenchServer {
  base: string;
  /** The bench staff's bearer header. */
  headers: { authorization: string };
  /** Writes what the server holds to write later (the access log's batch), so a measurement that follows records only its own request. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/** The app on a real socket over `db`, signed in as bench@example.no (made by the sections' prepare). */
export async function serveBench(db: Database): Promise<BenchServer> {
  const config = loadConfig({ STATIC_DIR: '/nonexistent', PUBLIC_URL: 'http://bench.local' });
  const app = await buildApp(createServices(config, db));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const login = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.no', password: 'benchmark1' }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  return { base, headers: { authorization: `Bearer ${token}` }, settle: () => app.services.accessLog.flush(), close: () => app.close() };
}

/** Milliseconds one page of the member list takes over HTTP (the i-th of 20 pages), read whole. */
export async function timeMemberList(server: BenchServer, i: number): Promise<number> {
  const start = performance.now();
  const response = await fetch(`${server.base}/api/member/list?page=${1 + (i % 20)}&per_page=25`, { headers: server.headers });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`the member list answered ${response.status}`);
  return performance.now() - start;
}

export interface MemoryRise {
  heapMb: number;
  rssMb: number;
}

/** Samples the process's memory every `everyMs` from now; stop() answers the peaks' rise above the start. */
export function sampleMemory(everyMs = 20): { stop(): MemoryRise } {
  global.gc?.();
  const before = process.memoryUsage();
  let heapPeak = before.heapUsed;
  let rssPeak = before.rss;
  const sample = () => {
    const now = process.memoryUsage();
    heapPeak = Math.max(heapPeak, now.heapUsed);
    rssPeak = Math.max(rssPeak, now.rss);
  };
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      sample();
      clearInterval(timer);
      return { heapMb: (heapPeak - before.heapUsed) / 1024 / 1024, rssMb: (rssPeak - before.rss) / 1024 / 1024 };
    },
  };
}

/** Seconds `work` took. */
export async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  return [result, (performance.now() - start) / 1000];
}
