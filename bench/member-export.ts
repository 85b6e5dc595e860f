/** The member CSV export at full size over a real socket: time to the last byte and memory on the way. */
import { performance } from 'node:perf_hooks';
import type { Database } from '../server/db/database.ts';
import { sampleMemory, serveBench } from './shared.ts';

export interface ExportResult {
  seconds: number;
  rows: number;
  megabytes: number;
  heapGrowthMb: number;
}

export async function measureExport(db: Database): Promise<ExportResult> {
  const server = await serveBench(db);
  try {
    const memory = sampleMemory();
    const start = performance.now();
    const response = await fetch(`${server.base}/api/member/list/export`, { headers: server.headers });
    if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of response.body) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines++;
    }
    const seconds = (performance.now() - start) / 1000;
    return { seconds, rows: lines - 1, megabytes: bytes / 1024 / 1024, heapGrowthMb: memory.stop().heapMb };
  } finally {
    await server.close();
  }
}
