/**
 * The member list asked for over HTTP, one request after the other, from a thread of its own: a
 * client with its own event loop, as a browser is. A client in the server's thread cannot read an
 * answer while a step of a long job holds that thread (PGlite runs there), so it would count the
 * next step as the request's wait too.
 */
import { Worker } from 'node:worker_threads';
import type { BenchServer } from './shared.ts';

const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
let running = true;
parentPort.on('message', () => { running = false; });
(async () => {
  const times = [];
  for (let i = 0; running && (workerData.limit === null || i < workerData.limit); i += 1) {
    const start = performance.now();
    const response = await fetch(workerData.base + '/api/member/list?page=' + (1 + (i % 20)) + '&per_page=25', { headers: workerData.headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error('the member list answered ' + response.status);
    times.push({ at: performance.timeOrigin + start, ms: performance.now() - start });
    if (i === 0) parentPort.postMessage('answered');
  }
  parentPort.postMessage(times);
})();
`;

/** A request: when it was asked (milliseconds since the epoch, as `performance.timeOrigin + performance.now()` in any thread) and how long it took. */
export interface Probed {
  at: number;
  ms: number;
}

export interface ListProbe {
  /** Once the first request has been answered: the client is running. */
  ready: Promise<void>;
  /** Each request, in order, once the probe has stopped (after `limit` requests, or when asked). */
  done: Promise<Probed[]>;
  stop(): Promise<Probed[]>;
}

/** Starts asking for the list's pages 1–20 in turn, `limit` times or until stopped. */
export function probeMemberList(server: BenchServer, limit: number | null = null): ListProbe {
  const worker = new Worker(PROBE, { eval: true, workerData: { base: server.base, headers: server.headers, limit } });
  let answered = () => {};
  const ready = new Promise<void>((resolve) => (answered = resolve));
  const done = new Promise<Probed[]>((resolve, reject) => {
    worker.on('message', (message: 'answered' | Probed[]) => {
      if (message === 'answered') return answered();
      void worker.terminate();
      answered();
      resolve(message);
    });
    worker.once('error', reject);
  });
  return {
    ready,
    done,
    stop: () => {
      worker.postMessage('stop');
      return done;
    },
  };
}
