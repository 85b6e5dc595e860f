/**
 * What a browser gets when it asked for a page (not /api) and the server refused the address
 * itself, as a malformed percent-encoding: a small page in Norwegian with a title and the way to
 * the front page, instead of the API's JSON shown as raw text in an untitled tab.
 */
import type { FastifyRequest } from 'fastify';
import { escapeHtml } from './html.ts';

const PRODUCT = 'Musikerportalen';

/** Whether the request is a browser asking for a page: a read outside /api that accepts HTML. */
export function wantsPage(request: FastifyRequest): boolean {
  const { url } = request;
  const api = url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
  const read = request.method === 'GET' || request.method === 'HEAD';
  return !api && read && String(request.headers.accept ?? '').includes('text/html');
}

/** The page for an error message ('Ugyldig forespørsel.'): its title names the error and the product. */
export function errorPage(message: string): string {
  const name = escapeHtml(message.replace(/\.$/, ''));
  return `<!doctype html>
<html lang="nb"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${name} – ${PRODUCT}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a}a{color:#1d3557}</style>
</head><body><main><h1>${name}</h1><p><a href="/">Til forsiden</a></p></main></body></html>`;
}
