/**
 * Serves the built front end: hashed assets with long caching, Min side's page (member.html)
 * for the member paths and the staff app's (index.html) for every other path (the browser app
 * redirects unknown paths), and 404 for a missing file under /assets/. A member page's HTML
 * preloads the chunks of that page's own module, so they load beside the entry instead of after it;
 * a staff page's HTML preloads the staff app's chunks and its page's (the registry names the module).
 */
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { isMemberPath, memberPageModule } from '../../src/common/member-paths.ts';
import { staffPageModule } from '../../src/common/staff-areas/registry.ts';
import { MESSAGES } from '../lib/http-errors.ts';
import { escapeHtml } from '../lib/html.ts';

export interface StaticAppsOptions {
  root: string;
  /** Settings the apps read from <meta> tags in their HTML (no inline script, so the CSP stays strict). */
  meta: Record<string, string>;
}

/** One chunk of Vite's build manifest (`build.manifest`), keyed by source path or chunk name. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const MEMBER_HTML = 'member.html';
const MEMBER_MANIFEST = '.vite/member-manifest.json';
const STAFF_HTML = 'index.html';
const STAFF_MANIFEST = '.vite/manifest.json';
/** The staff app the entry loads for a signed-in visit, before the page's own module. */
const STAFF_APP_MODULE = 'src/admin/main.tsx';

function withMeta(html: string, meta: Record<string, string>): string {
  const tags = Object.entries(meta)
    .map(([name, content]) => `<meta name="${escapeHtml(name)}" content="${escapeHtml(content)}" />`)
    .join('\n    ');
  return html.replace('</head>', `  ${tags}\n  </head>`);
}

function readManifest(file: string): Manifest {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : {};
}

/** The files a module's chunk needs before it runs: its own and its static imports', with their CSS. */
function chunkFiles(manifest: Manifest, key: string): { scripts: Set<string>; styles: Set<string> } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    chunk.css?.forEach((file) => styles.add(file));
    chunk.imports?.forEach(visit);
  };
  visit(key);
  return { scripts, styles };
}

/**
 * The page's HTML with preload links for the chunks of `modules` that the entry (`entryKey`,
 * Min side's by default) does not already load (Vite's own tags in the HTML cover the entry's).
 * Attributes match Vite's (`crossorigin`), so the browser reuses the preloaded files.
 */
export function withPreloads(html: string, manifest: Manifest, modules: string | string[], entryKey = MEMBER_HTML): string {
  const known = [modules].flat().filter((module) => manifest[module]);
  if (!known.length) return html;
  const entry = chunkFiles(manifest, entryKey);
  const page = { scripts: new Set<string>(), styles: new Set<string>() };
  for (const module of known) {
    const files = chunkFiles(manifest, module);
    files.scripts.forEach((file) => page.scripts.add(file));
    files.styles.forEach((file) => page.styles.add(file));
  }
  const links = [
    ...[...page.scripts].filter((file) => !entry.scripts.has(file)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...[...page.styles].filter((file) => !entry.styles.has(file)).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
  ];
  return links.length ? html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`) : html;
}

async function staticApps(app: FastifyInstance, options: StaticAppsOptions) {
  const hasBuild = existsSync(path.join(options.root, 'index.html'));
  const staffHtml = hasBuild ? withMeta(readFileSync(path.join(options.root, 'index.html'), 'utf8'), options.meta) : '';
  // A build without Min side's own page (an older one) serves the staff page, whose entry can start either app.
  const memberFile = path.join(options.root, MEMBER_HTML);
  const memberHtml = existsSync(memberFile) ? withMeta(readFileSync(memberFile, 'utf8'), options.meta) : staffHtml;
  const memberManifest = readManifest(path.join(options.root, MEMBER_MANIFEST));
  const memberPages = new Map<string, string>();
  const staffManifest = readManifest(path.join(options.root, STAFF_MANIFEST));
  const staffPages = new Map<string, string>();
  const pageFor = (pathname: string): string => {
    if (!isMemberPath(pathname)) {
      const module = staffPageModule(pathname);
      if (!module) return staffHtml;
      let html = staffPages.get(module);
      if (html === undefined) {
        html = withPreloads(staffHtml, staffManifest, [STAFF_APP_MODULE, module], STAFF_HTML);
        staffPages.set(module, html);
      }
      return html;
    }
    const module = memberPageModule(pathname);
    if (!module) return memberHtml;
    let html = memberPages.get(module);
    if (html === undefined) {
      html = withPreloads(memberHtml, memberManifest, module);
      memberPages.set(module, html);
    }
    return html;
  };

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
    const pathname = request.url.split('?')[0];
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(pageFor(pathname));
  });
}

export default fp(staticApps, { name: 'static-apps' });
