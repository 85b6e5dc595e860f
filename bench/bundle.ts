/**
 * JavaScript each app loads on first visit, gzipped: the entry chunk, the app's own chunk and
 * everything they import statically (lazy chunks are left out, as the browser leaves them).
 */
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

type Manifest = Record<string, ManifestChunk>;

function staticClosure(manifest: Manifest, start: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const key = queue.pop()!;
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    queue.push(...(manifest[key].imports ?? []));
  }
  return seen;
}

export interface BundleSize {
  app: string;
  files: number;
  gzipKb: number;
}

export function measureBundles(distDir: string): BundleSize[] {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error('dist/.vite/manifest.json mangler: kjør «npm run build» først');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('fant ikke inngangspunktet i manifestet');
  const apps: Record<string, string> = { 'Min side': 'src/min-side/main.tsx', 'Stab (react-admin)': 'src/admin/main.tsx' };
  return Object.entries(apps).map(([app, key]) => {
    const keys = staticClosure(manifest, [entry, key]);
    let bytes = 0;
    for (const chunkKey of keys) {
      bytes += gzipSync(readFileSync(path.join(distDir, manifest[chunkKey].file))).length;
    }
    return { app, files: keys.size, gzipKb: Math.round((bytes / 1024) * 10) / 10 };
  });
}
