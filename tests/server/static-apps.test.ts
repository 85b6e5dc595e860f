/**
 * Which page the server answers for an app path, and the preload links of a Min side page:
 * a build with both apps' pages and Min side's manifest, laid out as `npm run build` lays it out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MEMBER_PAGES } from '../../src/common/member-paths.ts';
import { buildTestApp, type TestContext } from './helpers.ts';

const root = path.resolve(import.meta.dirname, '../..');
const page = (script: string, links = '') =>
  `<!doctype html><html><head><title>x</title><script type="module" crossorigin src="/assets/${script}"></script>${links}</head><body><div id="root"></div></body></html>`;

/** Min side's manifest: the entry with a shared chunk, the profile page with two chunks of its own and a stylesheet. */
const manifest = {
  'member.html': { file: 'assets/member-e1.js', isEntry: true, imports: ['_react-r1.js'], css: ['assets/member-e1.css'] },
  '_react-r1.js': { file: 'assets/react-r1.js' },
  '_fields-f1.js': { file: 'assets/fields-f1.js', imports: ['_react-r1.js'] },
  '_format-x1.js': { file: 'assets/format-x1.js' },
  [MEMBER_PAGES.profile.module]: {
    file: 'assets/ProfilePage-p1.js',
    isDynamicEntry: true,
    imports: ['member.html', '_fields-f1.js', '_format-x1.js'],
    css: ['assets/ProfilePage-p1.css'],
  },
  [MEMBER_PAGES.login.module]: { file: 'assets/LoginPage-l1.js', isDynamicEntry: true, imports: ['member.html', '_fields-f1.js'] },
  [MEMBER_PAGES.resetPassword.module]: { file: 'assets/ResetPasswordPage-q1.js', isDynamicEntry: true, imports: ['member.html'] },
};

let t: TestContext;
beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-apps-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(path.join(dir, 'index.html'), page('staff-s1.js'));
  writeFileSync(path.join(dir, 'member.html'), page('member-e1.js', '<link rel="modulepreload" crossorigin href="/assets/react-r1.js">'));
  writeFileSync(path.join(dir, '.vite', 'member-manifest.json'), JSON.stringify(manifest));
  for (const chunk of Object.values(manifest)) {
    writeFileSync(path.join(dir, chunk.file), 'export {};\n');
    for (const css of 'css' in chunk ? chunk.css : []) writeFileSync(path.join(dir, css), 'p{}\n');
  }
  t = await buildTestApp({ env: { STATIC_DIR: dir, SUPPORT_EMAIL: 'hjelp@musikere.no' } });
});
afterAll(async () => t.close());

const preloads = (html: string) => [...html.matchAll(/<link rel="(?:modulepreload|stylesheet)" crossorigin href="([^"]+)">/g)].map((match) => match[1]);

describe('the apps’ pages', () => {
  it('answers member paths with Min side’s page and every other path with the staff app’s, both with the settings', async () => {
    for (const url of [
      '/profile',
      '/profile/12',
      '/new-member',
      '/new-member/update/12',
      '/password/change',
      '/vipps-thanks?x=1',
      '/vipps-error',
      '/unsubscribe/7.2.12.AbCdEfGhIjKlMnOpQrStUv',
    ]) {
      const answer = await t.app.inject({ url });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.body, url).toContain('/assets/member-e1.js');
      expect(answer.body, url).toContain('<meta name="support-email" content="hjelp@musikere.no" />');
    }
    for (const url of ['/', '/membership', '/membership/edit/3', '/reset-password', '/settings/templates', '/nowhere', '/profiles']) {
      const answer = await t.app.inject({ url });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.body, url).toContain('/assets/staff-s1.js');
      expect(answer.body, url).not.toContain('member-e1');
      expect(answer.body, url).toContain('<meta name="support-email" content="hjelp@musikere.no" />');
    }
  });

  it('GET /profile/12 preloads the profile page’s chunks and stylesheet beside the entry, and those files exist', async () => {
    const answer = await t.app.inject({ url: '/profile/12' });
    const links = preloads(answer.body);
    expect(links).toEqual(expect.arrayContaining(['/assets/ProfilePage-p1.js', '/assets/fields-f1.js', '/assets/format-x1.js', '/assets/ProfilePage-p1.css']));
    // The entry's own files are in the page already, once.
    expect(answer.body.match(/react-r1\.js/g)).toHaveLength(1);
    expect(links).not.toContain('/assets/member-e1.js');
    expect(links).not.toContain('/assets/LoginPage-l1.js');
    for (const href of links) {
      const file = await t.app.inject({ url: href });
      expect(file.statusCode, href).toBe(200);
      expect(file.headers['cache-control'], href).toContain('immutable');
    }
    // No inline script: the policy stays strict.
    expect(answer.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('preloads each page’s own module: the login, and the reset page rather than a member id', async () => {
    const login = preloads((await t.app.inject({ url: '/profile' })).body);
    expect(login).toContain('/assets/LoginPage-l1.js');
    expect(login).not.toContain('/assets/ProfilePage-p1.js');
    const reset = preloads((await t.app.inject({ url: '/profile/reset-password' })).body);
    expect(reset).toContain('/assets/ResetPasswordPage-q1.js');
    expect(reset).not.toContain('/assets/ProfilePage-p1.js');
    expect(preloads((await t.app.inject({ url: '/membership' })).body)).toEqual([]);
  });

  it('sends the page headers (CSP, frames, referrer) with HTML only; a script or JSON gets only its own', async () => {
    const html = (await t.app.inject({ url: '/membership' })).headers;
    expect(html['content-security-policy']).toContain("script-src 'self'");
    expect(html['x-frame-options']).toBe('SAMEORIGIN');
    const script = (await t.app.inject({ url: '/assets/member-e1.js' })).headers;
    expect(script['x-content-type-options']).toBe('nosniff');
    expect(script['content-security-policy']).toBeUndefined();
    expect(script['x-frame-options']).toBeUndefined();
    expect(script['cross-origin-opener-policy']).toBeUndefined();
    const json = (await t.app.inject({ url: '/api/health' })).headers;
    expect(json['x-content-type-options']).toBe('nosniff');
    expect(json['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(json['x-frame-options']).toBeUndefined();
  });

  it('names only modules that exist in the source', () => {
    for (const { module } of Object.values(MEMBER_PAGES)) expect(existsSync(path.join(root, module)), module).toBe(true);
  });
});
