import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { memberPages } from './tools/vite/member-pages.ts';
import { memberRenderer } from './tools/vite/member-renderer.ts';
import { raRouterInApp } from './tools/vite/ra-router-in-app.ts';
import { staffChunkGroup, staffChunks } from './tools/vite/staff-chunks.ts';

// Two builds into one dist: the staff app (index.html) and Min side (member.html) each tree-shake
// and chunk their own dependencies, so Min side never downloads code cut for react-admin's
// wider use. `npm run dev` serves both apps with hot reload and sends /api to `npm run serve`.
export default defineConfig({
  plugins: [react(), memberPages(), memberRenderer(), raRouterInApp(), staffChunks()],
  // Every browser the apps support has Object.entries: leave out node-polyglot's polyfill of it.
  resolve: {
    alias: [
      { find: /^object\.entries$/, replacement: fileURLToPath(new URL('./src/common/shims/object-entries.cjs', import.meta.url)) },
      // ra-core's default CSV exporter fetches jsonexport when an export runs, not with every list.
      { find: /^jsonexport\/dist\/index\.js$/, replacement: fileURLToPath(new URL('./src/common/shims/jsonexport-on-use.mjs', import.meta.url)) },
      // react-admin's list address (parse and stringify) on the platform's URL encoding, without query-string's 4 KB.
      { find: /^query-string$/, replacement: fileURLToPath(new URL('./src/common/shims/query-string.ts', import.meta.url)) },
      // react-admin's fallback labels (a field or resource named by no message) with the regular English rules, without inflection's 5 KB.
      { find: /^inflection$/, replacement: fileURLToPath(new URL('./src/common/shims/inflection.ts', import.meta.url)) },
    ],
  },
  build: { outDir: 'dist', sourcemap: false, manifest: true, chunkSizeWarningLimit: 1500 },
  environments: {
    client: {
      build: {
        rollupOptions: {
          input: 'index.html',
          output: {
            codeSplitting: {
              // Each set is whole already: what its modules import is in the set or in a chunk that loads before it.
              includeDependenciesRecursively: false,
              groups: [staffChunkGroup],
            },
          },
        },
      },
    },
    member: {
      consumer: 'client',
      build: { emptyOutDir: false, manifest: '.vite/member-manifest.json', rollupOptions: { input: 'member.html' } },
    },
  },
  builder: {
    async buildApp(builder) {
      await builder.build(builder.environments.client);
      // The second pass chunks by what the first found (staffChunks).
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
