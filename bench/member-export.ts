/** The member CSV export at full size over a real socket: time to the last byte and memory on the way. */
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import type { Database } from '../server/db/database.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { createServices } from '../server/plugins/services.ts';

export interface ExportResult {
  seconds: number;
  rows: number;
  megabytes: number;
  heapGrowthMb: number;
}

export async function measureExport(db: Database): Promise<ExportResult> {
  const config = loadConfig({ STATIC_DIR: '/nonexistent', PUBLIC_URL: 'http://bench.local' });
  const app = await buildApp(createServices(config, db));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    const login = await fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench@example.no', password: 'benchmark1' }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    let heapPeak = heapBefore;
    const sampler = setInterval(() => (heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)), 20);
    const start = performance.now();
    const response = await fetch(`${base}/api/member/list/export`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of response.body) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines++;
    }
    const seconds = (performance.now() - start) / 1000;
    clearInterval(sampler);
    return {
      seconds,
      rows: lines - 1,
      megabytes: bytes / 1024 / 1024,
      heapGrowthMb: (heapPeak - heapBefore) / 1024 / 1024,
    };
  } finally {
    await app.close();
  }
}
