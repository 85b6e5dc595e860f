import type { Plugin } from 'vite';
import { isMemberPath } from '../../src/common/member-paths.ts';

/** The dev server answers member paths with Min side's page, as the server does (server/plugins/static-apps.ts). */
export function memberPages(): Plugin {
  return {
    name: 'member-pages',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const pathname = (req.url ?? '/').split('?')[0];
        if (req.method === 'GET' && req.headers.accept?.includes('text/html') && isMemberPath(pathname)) req.url = '/member.html';
        next();
      });
    },
  };
}
