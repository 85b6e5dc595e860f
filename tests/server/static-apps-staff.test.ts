/**
 * The staff app's preload links: a staff page's HTML names the staff app's chunks and those of
 * the module the registry names for that page, and only those; the sign-in page and unknown
 * paths get none. A build laid out as `npm run build` lays it out, with the staff manifest.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crumbsOf, STAFF_AREAS, staffPageModule } from '../../src/common/staff-areas/registry.ts';
import { buildTestApp, type TestContext } from './helpers.ts';

const root = path.resolve(import.meta.dirname, '../..');
const page = (script: string, links = '') =>
  `<!doctype html><html><head><title>x</title><script type="module" crossorigin src="/assets/${script}"></script>${links}</head><body><div id="root"></div></body></html>`;

/** The staff manifest: the entry, the staff app (a dynamic import with a shared chunk) and three pages. */
const manifest = {
  'index.html': { file: 'assets/index-i1.js', isEntry: true, imports: ['_common-c1.js'] },
  '_common-c1.js': { file: 'assets/common-c1.js' },
  '_react-r1.js': { file: 'assets/react-r1.js', imports: ['_common-c1.js'] },
  '_table-t1.js': { file: 'assets/table-t1.js', imports: ['_react-r1.js'] },
  'src/admin/main.tsx': { file: 'assets/main-m1.js', isDynamicEntry: true, imports: ['index.html', '_react-r1.js'], css: ['assets/main-m1.css'] },
  'src/admin/members/MemberList.tsx': { file: 'assets/MemberList-l1.js', isDynamicEntry: true, imports: ['_table-t1.js', '_react-r1.js'] },
  'src/admin/members/MemberEdit.tsx': { file: 'assets/MemberEdit-e1.js', isDynamicEntry: true, imports: ['_react-r1.js'] },
  'src/admin/instrument-insurance/MemberInstrumentsPage.tsx': { file: 'assets/MemberInstrumentsPage-n1.js', isDynamicEntry: true, imports: ['_table-t1.js'] },
};

let t: TestContext;
beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-staff-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(path.join(dir, 'index.html'), page('index-i1.js', '<link rel="modulepreload" crossorigin href="/assets/common-c1.js">'));
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  for (const chunk of Object.values(manifest)) {
    writeFileSync(path.join(dir, chunk.file), 'export {};\n');
    for (const css of 'css' in chunk ? chunk.css : []) writeFileSync(path.join(dir, css), 'p{}\n');
  }
  t = await buildTestApp({ env: { STATIC_DIR: dir } });
});
afterAll(async () => t.close());

/** The preload links the server added (the entry's own, Vite's, are in every staff page). */
const preloads = (html: string) =>
  [...html.matchAll(/<link rel="(?:modulepreload|stylesheet)" crossorigin href="([^"]+)">/g)]
    .map((match) => match[1])
    .filter((href) => href !== '/assets/common-c1.js');

describe('the staff app’s pages', () => {
  it('GET /membership preloads the staff app’s chunks and the member list’s, not the entry’s, and those files exist', async () => {
    const answer = await t.app.inject({ url: '/membership' });
    const links = preloads(answer.body);
    expect(links.sort()).toEqual(['/assets/MemberList-l1.js', '/assets/main-m1.css', '/assets/main-m1.js', '/assets/react-r1.js', '/assets/table-t1.js']);
    expect(answer.body.match(/common-c1\.js/g)).toHaveLength(1);
    for (const href of links) expect((await t.app.inject({ url: href })).statusCode, href).toBe(200);
    expect(answer.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it('preloads the module of the most literal page: a member, and a member’s instruments rather than a member id', async () => {
    const edit = preloads((await t.app.inject({ url: '/membership/edit/12' })).body);
    expect(edit).toContain('/assets/MemberEdit-e1.js');
    expect(edit).not.toContain('/assets/MemberList-l1.js');
    const instruments = preloads((await t.app.inject({ url: '/membership/edit/instrument-insurance/12' })).body);
    expect(instruments).toContain('/assets/MemberInstrumentsPage-n1.js');
    expect(instruments).not.toContain('/assets/MemberEdit-e1.js');
    expect(preloads((await t.app.inject({ url: '/membership/?page=2' })).body)).toContain('/assets/MemberList-l1.js');
  });

  it('gives the sign-in page and paths of no page no preloads', async () => {
    for (const url of ['/', '/reset-password', '/nowhere', '/membership/edit']) {
      expect(preloads((await t.app.inject({ url })).body), url).toEqual([]);
    }
  });
});

describe('the registry’s page modules', () => {
  it('names only modules that exist in the source', () => {
    const modules = STAFF_AREAS.flatMap((area) => Object.values(area.pages).flatMap((page) => page.module ?? []));
    expect(modules.length).toBeGreaterThan(20);
    for (const module of modules) expect(existsSync(path.join(root, module)), module).toBe(true);
  });

  it('finds a page for every staff route the bench measures', () => {
    const patterns = STAFF_AREAS.flatMap((area) => [area.path, ...crumbsOf(area).map((crumb) => crumb.pattern)]).filter((pattern) => !pattern.endsWith('*'));
    for (const pattern of patterns) expect(staffPageModule(pattern.replace(/:\w+/g, '7')), pattern).toBeDefined();
  });
});
