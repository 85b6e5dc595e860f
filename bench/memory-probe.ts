/**
 * Loaded with `node --import bench/memory-probe.ts server/main.ts` by bench/memory.ts (server/main.ts
 * passes its execArgv on, so the server's process loads it too): every 250 ms it writes this
 * process's memory as Node sees it to BENCH_MEMORY_PROBE/<pid>.json, now and the peak of each
 * figure since the last SIGUSR2, so the bench can say what the resident memory is made of: the
 * JavaScript heap, ArrayBuffers and other memory V8 is told about ("external"), and the
 * WebAssembly memories (PGlite's PostgreSQL runs in one), found by wrapping WebAssembly.Memory.
 * Nothing of the server changes; the probe costs a few hundred KB.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';

export interface ProbeFigures {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  /** The byte length of every WebAssembly.Memory made in the process (what it may touch, not what is resident). */
  wasm: number;
  /** V8's code space and other spaces outside the heap's objects: malloced memory V8 reports. */
  mallocedMemory: number;
}

export interface ProbeReport {
  pid: number;
  now: ProbeFigures;
  peak: ProbeFigures;
}

const dir = process.env.BENCH_MEMORY_PROBE;
if (dir) {
  // The server's TypeScript settings know no WebAssembly types (no DOM library): only what is used here.
  type WasmMemory = { readonly buffer: ArrayBuffer };
  const webAssembly = (globalThis as unknown as { WebAssembly: { Memory: new (descriptor: unknown) => WasmMemory } }).WebAssembly;
  const memories: WeakRef<WasmMemory>[] = [];
  const Original = webAssembly.Memory;
  // A subclass, so `instanceof WebAssembly.Memory` (Emscripten checks it) still holds.
  class Recorded extends Original {
    constructor(descriptor: unknown) {
      super(descriptor);
      memories.push(new WeakRef(this));
    }
  }
  webAssembly.Memory = Recorded;

  const figures = (): ProbeFigures => {
    const usage = process.memoryUsage();
    let wasm = 0;
    for (const memory of memories) wasm += memory.deref()?.buffer.byteLength ?? 0;
    return {
      rss: usage.rss,
      heapTotal: usage.heapTotal,
      heapUsed: usage.heapUsed,
      external: usage.external,
      arrayBuffers: usage.arrayBuffers,
      wasm,
      mallocedMemory: v8.getHeapStatistics().malloced_memory,
    };
  };
  let peak = figures();
  const file = path.join(dir, `${process.pid}.json`);
  const write = () => {
    const now = figures();
    for (const key of Object.keys(now) as (keyof ProbeFigures)[]) peak[key] = Math.max(peak[key], now[key]);
    const report: ProbeReport = { pid: process.pid, now, peak };
    try {
      writeFileSync(file, JSON.stringify(report));
    } catch {
      // The bench removed its folder: nothing left to tell.
    }
  };
  setInterval(write, 250).unref();
  process.on('SIGUSR2', () => {
    peak = figures();
    write();
  });
}
