/**
 * Every HTML page the server sends has a title that names something (WCAG 2.4.2): both apps'
 * pages (the loading frame a browser shows before the app's code runs) for every path they
 * serve, an unknown address, the API's documentation, and the error page a browser gets for an
 * address the server refuses itself, which is a page rather than the API's JSON.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generatePath } from 'react-router-dom';
import { MEMBER_PAGES } from '../../src/common/member-paths.ts';
import { crumbsOf, STAFF_AREAS } from '../../src/common/staff-areas/registry.ts';
import { buildTestApp, type TestContext } from './helpers.ts';

const root = path.resolve(import.meta.dirname, '../..');
const BROWSER = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

let t: TestContext;
beforeAll(async () => {
  // The apps' own pages as the build copies them (its scripts are not needed to read the head).
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-titles-'));
  mkdirSync(path.join(dir, '.vite'));
  for (const page of ['index.html', 'member.html']) copyFileSync(path.join(root, page), path.join(dir, page));
  writeFileSync(path.join(dir, '.vite', 'member-manifest.json'), '{}');
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), '{}');
  t = await buildTestApp({ env: { STATIC_DIR: dir } });
});
afterAll(async () => t?.close());

const titleOf = (html: string) => /<title>([^<]*)<\/title>/i.exec(html)?.[1]?.trim() ?? '';
const withIds = (pattern: string) =>
  generatePath(pattern.replace(/\/\*$/, ''), { memberId: '12', id: '3', token: 'abc', instrumentId: '4', claimId: '5' } as never);

const PAGE_PATHS = [
  ...Object.values(MEMBER_PAGES).map((page) => withIds(page.path)),
  ...STAFF_AREAS.flatMap((area) => crumbsOf(area).map((crumb) => withIds(crumb.pattern))),
  '/',
  '/reset-password',
  '/profile/card',
  '/nowhere/at/all',
  '/vipps-thanks?x=1',
];

describe('page titles from the server', () => {
  it('every path of both apps answers a page with a title', async () => {
    expect(PAGE_PATHS.length).toBeGreaterThan(40);
    for (const url of PAGE_PATHS) {
      const answer = await t.app.inject({ url, headers: BROWSER });
      expect(answer.headers['content-type'], url).toMatch(/^text\/html/);
      expect(titleOf(answer.body), url).toBe('Musikerportalen');
    }
  });

  it('an address the server refuses itself gives a browser a titled page in Norwegian, and the API its JSON', async () => {
    for (const url of ['/%E0%A4%A', '/membership/%', '/profile/%zz']) {
      const answer = await t.app.inject({ url, headers: BROWSER });
      expect(answer.statusCode, url).toBe(400);
      expect(answer.headers['content-type'], url).toMatch(/^text\/html/);
      expect(titleOf(answer.body), url).toBe('Ugyldig forespørsel – Musikerportalen');
      expect(answer.body).toContain('<html lang="nb">');
      expect(answer.body).toContain('<a href="/">Til forsiden</a>');
    }
    const api = await t.app.inject({ url: '/api/member/%E0', headers: BROWSER });
    expect(api.statusCode).toBe(400);
    expect(api.json()).toEqual({ message: 'Ugyldig forespørsel.' });
    const script = await t.app.inject({ url: '/%E0%A4%A', headers: { accept: 'application/json' } });
    expect(script.json()).toEqual({ message: 'Ugyldig forespørsel.' });
  });

  it('no HTML answer the server sends is without a title', async () => {
    const urls = [...PAGE_PATHS, '/%E0%A4%A', '/api/docs', '/api/docs/', '/assets/gone.js', '/sw.js', '/medlemskort.webmanifest'];
    let pages = 0;
    for (const url of urls) {
      const answer = await t.app.inject({ url, headers: BROWSER });
      if (!String(answer.headers['content-type']).startsWith('text/html')) continue;
      pages += 1;
      expect(titleOf(answer.body), url).not.toBe('');
    }
    expect(pages).toBeGreaterThan(40);
  });
});
