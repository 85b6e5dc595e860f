/**
 * An uploaded PDF is kept as it came (it is the receipt or the appraisal itself), so it is refused
 * when it could do anything but show pages: JavaScript, an action that starts a program, imports
 * or submits data or opens another file, an attached file, multimedia or XFA forms; and when it is
 * encrypted or cannot be read. Two looks, so what one misses the other finds:
 *
 * - every object pdf-lib reads, those inside compressed object streams included, walked through
 *   its dictionaries and arrays;
 * - the raw bytes outside stream data, for names a reader would still find in objects pdf-lib
 *   skips. Names are compared decoded (`/J#53` is `/JS`).
 *
 * A document that passes is still only ever served as a download (routes/documents.ts). This runs
 * in a worker thread (worker.ts), as a large PDF keeps it busy for seconds.
 */
import { DOCUMENT_MESSAGES } from '../../schemas/document-rules.ts';
import { loadPdfLib } from '../../lib/lazy-modules.ts';

/** Keys whose presence means an action, a script or an attachment. */
const ACTIVE_KEYS = new Set(['JS', 'JavaScript', 'AA', 'Launch', 'EmbeddedFile', 'EmbeddedFiles', 'EF', 'RichMedia', 'RichMediaContent', 'XFA']);
/** Action types (/S) beyond moving within the document or opening a web link. */
const ACTIVE_ACTIONS = new Set([
  'JavaScript',
  'Launch',
  'ImportData',
  'SubmitForm',
  'ResetForm',
  'GoToE',
  'GoToR',
  'Rendition',
  'RichMediaExecute',
  'Sound',
  'Movie',
]);
/** Annotations that play, attach or run something. */
const ACTIVE_SUBTYPES = new Set(['FileAttachment', 'RichMedia', 'Screen', 'Movie', 'Sound', '3D']);
const RAW_NAMES = new Set([...ACTIVE_KEYS, ...ACTIVE_ACTIONS, ...ACTIVE_SUBTYPES]);
/** Deeper nesting than this is no receipt. */
const MAX_DEPTH = 100;

/** A name's value with every #xx escape decoded (either case, as readers do). */
export const decodeName = (name: string) => name.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The names in the bytes outside stream data: active ones, and whether an /Encrypt is named. */
export function rawFindings(bytes: Buffer): { active: string[]; encrypted: boolean } {
  const text = bytes.toString('latin1').replace(/stream(?:\r\n|\n|\r)[\s\S]*?endstream/g, ' ');
  const active = new Set<string>();
  let encrypted = false;
  // A name: a slash and regular characters, ended by whitespace, a delimiter or the end.
  for (const match of text.matchAll(/\/([^\s/<>[\](){}%]+)/g)) {
    const name = decodeName(match[1]);
    if (RAW_NAMES.has(name)) active.add(name);
    if (name === 'Encrypt') encrypted = true;
  }
  return { active: [...active], encrypted };
}

type PdfLib = Awaited<ReturnType<typeof loadPdfLib>>;

/** The active things among pdf-lib's objects (their names). */
function objectFindings(lib: PdfLib, objects: unknown[]): string[] {
  const found = new Set<string>();
  const nameOf = (value: unknown) => (value instanceof lib.PDFName ? decodeName(value.decodeText()) : null);
  const walk = (value: unknown, depth: number): void => {
    if (depth > MAX_DEPTH) throw new Error('nested too deep');
    if (value instanceof lib.PDFStream) return walk(value.dict, depth + 1);
    if (value instanceof lib.PDFArray) {
      for (const item of value.asArray()) walk(item, depth + 1);
      return;
    }
    if (!(value instanceof lib.PDFDict)) return;
    for (const [key, item] of value.entries()) {
      const name = nameOf(key) ?? '';
      if (ACTIVE_KEYS.has(name)) found.add(name);
      const itemName = nameOf(item);
      if (name === 'S' && itemName && ACTIVE_ACTIONS.has(itemName)) found.add(itemName);
      if (name === 'Subtype' && itemName && ACTIVE_SUBTYPES.has(itemName)) found.add(itemName);
      if (name === 'Type' && itemName === 'EmbeddedFile') found.add(itemName);
      walk(item, depth + 1);
    }
  };
  for (const object of objects) walk(object, 0);
  return [...found];
}

/** Why the PDF is refused (the active names, or encryption, or what could not be read); null when it may be kept. */
export async function pdfProblem(bytes: Buffer): Promise<{ message: string; detail: string } | null> {
  const raw = rawFindings(bytes);
  if (raw.encrypted) return { message: DOCUMENT_MESSAGES.pdfEncrypted, detail: 'Encrypt' };
  const lib = await loadPdfLib();
  let objects: unknown[];
  try {
    const doc = await lib.PDFDocument.load(bytes, { ignoreEncryption: false, throwOnInvalidObject: true, updateMetadata: false });
    if (doc.isEncrypted) return { message: DOCUMENT_MESSAGES.pdfEncrypted, detail: 'isEncrypted' };
    if (doc.getPageCount() < 1) return { message: DOCUMENT_MESSAGES.pdfUnreadable, detail: 'no pages' };
    objects = doc.context.enumerateIndirectObjects().map(([, object]) => object);
    objects.push(doc.context.trailerInfo.Root, doc.catalog);
  } catch (error) {
    if (error instanceof lib.EncryptedPDFError) return { message: DOCUMENT_MESSAGES.pdfEncrypted, detail: 'EncryptedPDFError' };
    return { message: DOCUMENT_MESSAGES.pdfUnreadable, detail: String((error as Error)?.message ?? error).slice(0, 200) };
  }
  let active: string[];
  try {
    active = [...new Set([...raw.active, ...objectFindings(lib, objects)])];
  } catch {
    return { message: DOCUMENT_MESSAGES.pdfUnreadable, detail: 'nested too deep' };
  }
  return active.length > 0 ? { message: DOCUMENT_MESSAGES.pdfActive, detail: active.sort().join(', ') } : null;
}
