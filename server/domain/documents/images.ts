/**
 * An uploaded image made safe to keep and show: its declared size checked before anything is
 * decoded (an image bomb declares billions of pixels in a few hundred bytes), then decoded, turned
 * upright by its EXIF orientation, scaled to at most 4000 px on its longest side, laid on white
 * (a PNG's transparency) and written anew as a JPEG without any of the original's metadata (the
 * camera, the time, the GPS position), plus a thumbnail of at most 320 px.
 *
 * JPEG, PNG and WebP go through sharp (libvips, in its own threads); HEIC/HEIF is decoded by
 * heic-decode in a worker thread (worker.ts) and handed to sharp as pixels.
 */
import type { Sharp } from 'sharp';
import { DOCUMENT_LIMITS, DOCUMENT_MESSAGES } from '../../schemas/document-rules.ts';
import { loadSharp } from '../../lib/lazy-modules.ts';
import { validationFailed } from '../../lib/http-errors.ts';
import { inWorker } from './in-worker.ts';

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'heif';

export interface StoredImage {
  bytes: Buffer;
  width: number;
  height: number;
  thumbnail: Buffer;
}

const MAX_PIXELS = DOCUMENT_LIMITS.megapixels * 1_000_000;
/** A HEIC that takes longer than this to decode is not a phone's photo. */
const HEIF_TIMEOUT_MS = 60_000;

export const refusedUpload = (message: string) => validationFailed({ file: [message] });

/** The HEIC's pixels, decoded in a worker thread; refusals as 422. */
async function decodeHeif(bytes: Buffer): Promise<{ width: number; height: number; data: Buffer }> {
  let answer: { width?: number; height?: number; data?: Uint8ClampedArray; tooLarge?: boolean };
  try {
    answer = await inWorker({ task: 'heif', bytes, maxPixels: MAX_PIXELS }, HEIF_TIMEOUT_MS);
  } catch {
    throw refusedUpload(DOCUMENT_MESSAGES.imageUnreadable);
  }
  if (answer.tooLarge) throw refusedUpload(DOCUMENT_MESSAGES.imageTooLarge);
  if (!answer.data || !answer.width || !answer.height) throw refusedUpload(DOCUMENT_MESSAGES.imageUnreadable);
  return { width: answer.width, height: answer.height, data: Buffer.from(answer.data.buffer, answer.data.byteOffset, answer.data.byteLength) };
}

/** The image opened by sharp after its header is checked: the format it claims and its declared pixels. */
async function opened(bytes: Buffer, format: ImageFormat): Promise<Sharp> {
  const sharp = await loadSharp();
  if (format === 'heif') {
    const { width, height, data } = await decodeHeif(bytes);
    return sharp(data, { raw: { width, height, channels: 4 }, limitInputPixels: MAX_PIXELS });
  }
  let metadata: { format?: string; width?: number; height?: number };
  try {
    // Reads the header only; nothing is decoded yet.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw refusedUpload(DOCUMENT_MESSAGES.imageUnreadable);
  }
  if (metadata.format !== format || !metadata.width || !metadata.height) throw refusedUpload(DOCUMENT_MESSAGES.imageUnreadable);
  if (metadata.width * metadata.height > MAX_PIXELS) throw refusedUpload(DOCUMENT_MESSAGES.imageTooLarge);
  // The limit again while decoding, in case the header lied; only the first frame of an animation.
  return sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error', pages: 1 }).rotate();
}

/** Decodes, turns upright, scales, drops the metadata and writes the JPEG and its thumbnail. */
export async function storedImage(bytes: Buffer, format: ImageFormat): Promise<StoredImage> {
  const image = await opened(bytes, format);
  const side = DOCUMENT_LIMITS.imageSide;
  let stored: { data: Buffer; info: { width: number; height: number } };
  try {
    stored = await image
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (/pixel limit/i.test(String((error as Error)?.message))) throw refusedUpload(DOCUMENT_MESSAGES.imageTooLarge);
    throw refusedUpload(DOCUMENT_MESSAGES.imageUnreadable);
  }
  const sharp = await loadSharp();
  const thumb = DOCUMENT_LIMITS.thumbnailSide;
  const thumbnail = await sharp(stored.data).resize({ width: thumb, height: thumb, fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 75 }).toBuffer();
  return { bytes: stored.data, width: stored.info.width, height: stored.info.height, thumbnail };
}
