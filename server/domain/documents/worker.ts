/**
 * The heavy part of reading an upload, in a worker thread so the event loop goes on serving
 * (domain/documents/in-worker.ts starts one per upload):
 *
 * - 'heif': decodes a HEIC/HEIF image (an iPhone's photo) to RGBA pixels. heic-decode is libheif in
 *   WebAssembly, which held the event loop for 3.6 s on a 12-megapixel photo (sharp's prebuilt
 *   libvips reads HEIF only with AV1, not the HEVC phones write). The primary image's declared
 *   size is checked before anything is decoded. libheif applies the file's own rotation and
 *   mirroring (irot, imir), so the pixels come out upright.
 * - 'pdf': the PDF check (pdf-check.ts), which walks every object of the file (a 17 MB PDF of
 *   2 160 pages: 3.5 s, with pauses of up to 0.7 s in one thread).
 *
 * Posts { width, height, data } (the pixels, transferred), { tooLarge: true } or { unreadable }
 * for 'heif'; { problem } (null when the PDF may be kept) for 'pdf'.
 */
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import { pdfProblem } from './pdf-check.ts';
import type { WorkerTask } from './in-worker.ts';

interface HeifImage {
  width: number;
  height: number;
  decode(): Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
}
type DecodeAll = (input: { buffer: Uint8Array }) => Promise<HeifImage[] & { dispose(): void }>;

async function decodeHeif(bytes: Uint8Array, maxPixels: number): Promise<void> {
  const require = createRequire(import.meta.url);
  const { all } = require('heic-decode') as { all: DecodeAll };
  let images: Awaited<ReturnType<DecodeAll>> | undefined;
  try {
    images = await all({ buffer: bytes });
    const [primary] = images;
    if (!primary || !(primary.width > 0 && primary.height > 0)) return parentPort!.postMessage({ unreadable: 'no image' });
    if (primary.width * primary.height > maxPixels) return parentPort!.postMessage({ tooLarge: true });
    const { width, height, data } = await primary.decode();
    parentPort!.postMessage({ width, height, data }, [data.buffer as ArrayBuffer]);
  } catch (error) {
    parentPort!.postMessage({ unreadable: String((error as Error)?.message ?? error) });
  } finally {
    images?.dispose();
  }
}

const job = workerData as WorkerTask;
if (job.task === 'heif') await decodeHeif(job.bytes, job.maxPixels);
else parentPort!.postMessage({ problem: await pdfProblem(Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength)) });
