/**
 * A multipart body the parser cannot read (no boundary in its content type, a body cut short, a
 * malformed part header) is the client's mistake: 400 with a message, not a 500. The parser
 * throws those as plain errors; the plugin's own errors carry an `FST_` code and a status of
 * their own, and the routes' own refusals are HttpErrors, so both pass through as they are.
 */
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from './http-errors.ts';
import { HTTP_TEXTS } from './http-texts.ts';

export const MULTIPART_UNREADABLE = HTTP_TEXTS.multipartUnreadable.nb;

/** The error as the answer it should give: an unreadable body becomes 400, anything else is unchanged. */
export function multipartError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code.startsWith('FST_')) return error;
  return badRequest(MULTIPART_UNREADABLE);
}

/**
 * The upload's file (its name and bytes), null when the body has none. A file over the route's
 * size limit (or a body over its part limits) answers `tooBig(code)`, with the parser's code
 * (FST_REQ_FILE_TOO_LARGE for the file's size); a body the parser cannot read, 400; `field` gets
 * any other part.
 */
export async function readUpload(
  request: FastifyRequest,
  tooBig: (code: string) => unknown,
  field?: (name: string, value: unknown) => void,
): Promise<{ name: string; buffer: Buffer } | null> {
  if (!request.isMultipart()) return null;
  let file: { name: string; buffer: Buffer } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') file = { name: part.filename, buffer: await part.toBuffer() };
      else field?.(part.fieldname, part.value);
    }
  } catch (error) {
    if (error instanceof Error && 'code' in error && String(error.code).startsWith('FST_')) throw tooBig(String(error.code));
    throw multipartError(error);
  }
  return file;
}
