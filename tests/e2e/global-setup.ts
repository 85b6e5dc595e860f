/**
 * Builds the front end when it is missing or older than the sources, and makes one demo
 * database that every test file copies, so each file starts from the same fresh data.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    demoDataDir: string;
  }
}

const root = path.resolve(import.meta.dirname, '../..');

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function buildIfStale() {
  const built = path.join(root, 'dist', 'index.html');
  const stale =
    !existsSync(built) ||
    statSync(built).mtimeMs <
      Math.max(
        newestSource(path.join(root, 'src')),
        newestSource(path.join(root, 'tools')),
        ...['index.html', 'member.html', 'vite.config.ts'].map((file) => statSync(path.join(root, file)).mtimeMs),
      );
  // vitest sets NODE_ENV=test, which Vite would carry into the bundle (React's development build).
  if (stale) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}

export default async function setup(project: TestProject) {
  buildIfStale();
  // artifacts/axe (axe-record.ts) holds this run's axe results only: the accessibility statement is checked against them.
  rmSync(path.join(root, 'artifacts', 'axe'), { recursive: true, force: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-demo-'));
  execFileSync(path.join(root, 'node_modules/.bin/node'), [path.join(root, 'server/scripts/demo-reset.ts')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: 'inherit',
  });
  project.provide('demoDataDir', dataDir);
  return () => rmSync(dataDir, { recursive: true, force: true });
}
