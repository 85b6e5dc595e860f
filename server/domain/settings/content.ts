/** Reading the content site on behalf of the apps. */
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../lib/http-errors.ts';
import { ContentUnavailableError } from '../../adapters/content.ts';

const UNAVAILABLE = 'Innholdet kunne ikke hentes akkurat nå. Prøv igjen senere.';

/** A content site that fails is logged with its details; the caller gets 502 and a Norwegian message. */
export async function fromContentSite<T>(log: FastifyBaseLogger, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!(error instanceof ContentUnavailableError)) throw error;
    log.error({ err: error }, 'content site unavailable');
    throw new HttpError(502, { message: UNAVAILABLE });
  }
}
