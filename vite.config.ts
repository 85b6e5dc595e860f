import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `npm run dev` serves the apps with hot reload and sends /api to a server started with `npm run serve`.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: false, manifest: true, chunkSizeWarningLimit: 1500 },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/sanctum': 'http://127.0.0.1:3000',
    },
  },
});
