import type { Plugin } from 'vite';
import { isMemberPath } from '../../src/common/member-paths.ts';
import { MIN_SIDE_BRAND, NO_SCRIPT_MESSAGE } from '../../src/i18n/min-side/brand.ts';

const FRAME_TEXTS: Record<string, string> = { ...MIN_SIDE_BRAND, noScript: NO_SCRIPT_MESSAGE };

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** member.html with its frame's words from Min side's catalogue in place of `{{appName}}`, `{{appSubtitle}}` and `{{noScript}}`. */
export function withFrameTexts(html: string): string {
  return html.replace(/\{\{(\w+)\}\}/g, (placeholder, key: string) => {
    const text = FRAME_TEXTS[key];
    if (text === undefined) throw new Error(`member.html: no text for ${placeholder}`);
    return escapeHtml(text);
  });
}

/**
 * The dev server answers member paths with Min side's page, as the server does (server/plugins/static-apps.ts),
 * and member.html gets its frame's words, in the build as in the dev server.
 */
export function memberPages(): Plugin {
  return {
    name: 'member-pages',
    transformIndexHtml: {
      order: 'pre',
      handler: (html, context) => (context.filename.endsWith('member.html') ? withFrameTexts(html) : html),
    },
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const pathname = (req.url ?? '/').split('?')[0];
        if (req.method === 'GET' && req.headers.accept?.includes('text/html') && isMemberPath(pathname)) req.url = '/member.html';
        next();
      });
    },
  };
}
