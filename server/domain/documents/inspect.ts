/**
 * What an upload is, read from its content and never from its name or the browser's word: a JPEG,
 * PNG, WebP or HEIC/HEIF image (made safe and re-encoded by images.ts) or a PDF (checked by
 * pdf-check.ts in a worker thread, then kept as it came). Anything else, a zip or a text file
 * named .jpg or .pdf among them, is refused with 422 and a Norwegian message.
 *
 * One upload is read at a time per process (`oneAtATime`): a 50-megapixel photo takes some 200 MB
 * decoded, a large PDF's objects about as much.
 */
import { DOCUMENT_MESSAGES } from '../../schemas/document-rules.ts';
import { loadFileType } from '../../lib/lazy-modules.ts';
import { refusedUpload, storedImage, type ImageFormat } from './images.ts';
import { inWorker } from './in-worker.ts';

export type StoredContentType = 'image/jpeg' | 'application/pdf';

export interface Inspected {
  contentType: StoredContentType;
  /** The bytes to keep: the re-encoded JPEG, or the PDF as uploaded. */
  bytes: Buffer;
  width: number | null;
  height: number | null;
  /** A JPEG of at most 320 px (images only). */
  thumbnail: Buffer | null;
}

/** The image types taken, by the media type file-type reads from the content. */
const IMAGE_FORMATS: Record<string, ImageFormat> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/apng': 'png',
  'image/webp': 'webp',
  'image/heic': 'heif',
  'image/heif': 'heif',
};

const PDF_TIMEOUT_MS = 60_000;

let queue: Promise<unknown> = Promise.resolve();
/** Each upload waits for the one before it to finish, whatever its outcome. */
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const turn = queue.then(work, work);
  queue = turn.catch(() => undefined);
  return turn;
}

async function checkedPdf(bytes: Buffer): Promise<Inspected> {
  let answer: { problem: { message: string; detail: string } | null };
  try {
    answer = await inWorker({ task: 'pdf', bytes }, PDF_TIMEOUT_MS);
  } catch {
    throw refusedUpload(DOCUMENT_MESSAGES.pdfUnreadable);
  }
  if (answer.problem) throw refusedUpload(answer.problem.message);
  return { contentType: 'application/pdf', bytes, width: null, height: null, thumbnail: null };
}

/** The upload as it is to be kept, or a 422 saying why not. */
export function inspectUpload(bytes: Buffer): Promise<Inspected> {
  return oneAtATime(async () => {
    const type = bytes.length > 0 ? await (await loadFileType())(bytes) : undefined;
    if (type?.mime === 'application/pdf') return checkedPdf(bytes);
    const format = type ? IMAGE_FORMATS[type.mime] : undefined;
    if (!format) throw refusedUpload(DOCUMENT_MESSAGES.unsupported);
    const image = await storedImage(bytes, format);
    return { contentType: 'image/jpeg', bytes: image.bytes, width: image.width, height: image.height, thumbnail: image.thumbnail };
  });
}
