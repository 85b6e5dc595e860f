/**
 * Runs one task of worker.ts in a worker thread of its own and answers its message. A worker that
 * fails, exits without an answer or runs past `timeoutMs` is ended and answers `WorkerFailed`.
 */
import { Worker } from 'node:worker_threads';

export type WorkerTask = { task: 'heif'; bytes: Uint8Array; maxPixels: number } | { task: 'pdf'; bytes: Uint8Array };

export class WorkerFailed extends Error {
  constructor(reason: string) {
    super(`Dokumentet kunne ikke leses i en egen tråd: ${reason}`);
    this.name = 'WorkerFailed';
  }
}

export function inWorker<T>(task: WorkerTask, timeoutMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./worker.ts', import.meta.url), { workerData: task });
    const done = (settle: () => void) => {
      clearTimeout(timer);
      settle();
      void worker.terminate();
    };
    const timer = setTimeout(() => done(() => reject(new WorkerFailed(`over ${timeoutMs} ms`))), timeoutMs);
    worker.once('message', (answer: T) => done(() => resolve(answer)));
    worker.once('error', (error) => done(() => reject(new WorkerFailed(error.message))));
    worker.once('exit', (code) => done(() => reject(new WorkerFailed(`exit ${code}`))));
  });
}
