import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import path from 'node:path';
import { isMemberPath } from './src/common/member-paths.ts';

/** The dev server answers member paths with Min side's page, as the server does (server/plugins/static-apps.ts). */
function memberPages(): Plugin {
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

/** ra-ui-materialui's files, for the shims below (its package exports only its index). */
const RA_UI_DIST = path.dirname(createRequire(import.meta.url).resolve('ra-ui-materialui'));
const shim = (file: string) => fileURLToPath(new URL(`./src/common/shims/${file}`, import.meta.url));
/** What react-admin's DataTable imports but draws only on use: the importing file, its import, and the shim that loads it when drawn. */
const DATATABLE_ON_USE: Record<string, Record<string, string>> = {
  'DataTable.js': {
    '../BulkActionsToolbar.js': shim('ra-datatable-bulk-on-use.mjs'),
    '../../button/index.js': shim('ra-datatable-bulk-on-use.mjs'),
    './ColumnsSelector.js': shim('ra-columns-selector-on-use.mjs'),
  },
  'DataTableColumn.js': { './ColumnsSelectorItem.js': shim('ra-columns-selector-on-use.mjs') },
  'DataTableRow.js': { './SelectRowCheckbox.js': shim('ra-datatable-bulk-on-use.mjs') },
  'DataTableHead.js': { './SelectPageCheckbox.js': shim('ra-datatable-bulk-on-use.mjs') },
};

/**
 * react-admin's DataTable loads its bulk-action toolbar, bulk delete button, selection checkboxes
 * and columns selector (with its items) when one is drawn (no staff table draws them), not with every table; the shims' own imports of
 * those files (`ra-ui-materialui/dist/…`) reach the real ones.
 */
function dataTableOnUse(): Plugin {
  const folder = path.join(RA_UI_DIST, 'list', 'datatable');
  return {
    name: 'datatable-on-use',
    enforce: 'pre',
    resolveId(source, importer) {
      const onUse = importer && path.dirname(importer) === folder ? DATATABLE_ON_USE[path.basename(importer)]?.[source] : undefined;
      if (onUse) return onUse;
      if (source.startsWith('ra-ui-materialui/dist/')) return path.join(RA_UI_DIST, source.slice('ra-ui-materialui/dist/'.length));
      return null;
    },
  };
}

// Two builds into one dist: the staff app (index.html) and Min side (member.html) each tree-shake
// and chunk their own dependencies, so Min side never downloads code cut for react-admin's
// wider use. `npm run dev` serves both apps with hot reload and sends /api to `npm run serve`.
export default defineConfig({
  plugins: [react(), memberPages(), dataTableOnUse()],
  // Every browser the apps support has Object.entries: leave out node-polyglot's polyfill of it.
  resolve: {
    alias: [
      { find: /^object\.entries$/, replacement: fileURLToPath(new URL('./src/common/shims/object-entries.cjs', import.meta.url)) },
      // ra-core's default CSV exporter fetches jsonexport when an export runs, not with every list.
      { find: /^jsonexport\/dist\/index\.js$/, replacement: fileURLToPath(new URL('./src/common/shims/jsonexport-on-use.mjs', import.meta.url)) },
    ],
  },
  build: { outDir: 'dist', sourcemap: false, manifest: true, chunkSizeWarningLimit: 1500 },
  environments: {
    client: { build: { rollupOptions: { input: 'index.html' } } },
    member: {
      consumer: 'client',
      build: { emptyOutDir: false, manifest: '.vite/member-manifest.json', rollupOptions: { input: 'member.html' } },
    },
  },
  builder: {
    async buildApp(builder) {
      await builder.build(builder.environments.client);
      await builder.build(builder.environments.member);
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/sanctum': 'http://127.0.0.1:3000',
    },
  },
});
