/**
 * Serves the built front end: hashed assets with long caching, and index.html for every
 * app path (the browser app picks staff or member app by path and redirects unknown paths), and
 * 404 for a missing file under /assets/.
 */
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../lib/http-errors.ts';
import { escapeHtml } from '../lib/html.ts';

export interface StaticAppsOptions {
  root: string;
  /** Settings the apps read from <meta> tags in index.html (no inline script, so the CSP stays strict). */
  meta: Record<string, string>;
}

function pageWithMeta(root: string, meta: Record<string, string>): string {
  const tags = Object.entries(meta)
    .map(([name, content]) => `<meta name="${escapeHtml(name)}" content="${escapeHtml(content)}" />`)
    .join('\n    ');
  return readFileSync(path.join(root, 'index.html'), 'utf8').replace('</head>', `  ${tags}\n  </head>`);
}

async function staticApps(app: FastifyInstance, options: StaticAppsOptions) {
  const hasBuild = existsSync(path.join(options.root, 'index.html'));
  const indexHtml = hasBuild ? pageWithMeta(options.root, options.meta) : '';
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: options.root,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api';
    if (isApi || !['GET', 'HEAD'].includes(request.method)) {
      return reply.code(404).send({ message: MESSAGES.notFound });
    }
    // A file the build no longer has (an open page after a deploy) must fail as a file, so the
    // app can notice and reload; the app's HTML with 200 would be run as a script and crash it.
    if (request.url.startsWith('/assets/')) {
      return reply.code(404).header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send(MESSAGES.notFound);
    }
    if (!hasBuild) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Grensesnittet er ikke bygget. Kjør «npm run build».');
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  });
}

export default fp(staticApps, { name: 'static-apps' });
