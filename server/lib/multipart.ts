/**
 * A multipart body the parser cannot read (no boundary in its content type, a body cut short, a
 * malformed part header) is the client's mistake: 400 with a message, not a 500. The parser
 * throws those as plain errors; the plugin's own errors carry an `FST_` code and a status of
 * their own, and the routes' own refusals are HttpErrors, so both pass through as they are.
 */
import { badRequest, HttpError } from './http-errors.ts';

export const MULTIPART_UNREADABLE = 'Skjemaet med filen kunne ikke leses. Last opp filen på nytt.';

/** The error as the answer it should give: an unreadable body becomes 400, anything else is unchanged. */
export function multipartError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code.startsWith('FST_')) return error;
  return badRequest(MULTIPART_UNREADABLE);
}
