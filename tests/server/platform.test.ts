import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from './helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('platform', () => {
  it('health answers ok when the database answers', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: t.db.kind, indexes: 'unchecked' });
  });

  it('every response carries a request id', async () => {
    const a = await t.app.inject({ url: '/api/health' });
    const b = await t.app.inject({ url: '/api/health' });
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it('unknown API paths answer a Norwegian 404 body', async () => {
    const response = await t.app.inject({ url: '/api/finnes-ikke' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Fant ikke det du lette etter.' });
  });

  it('an unauthenticated call answers 401 Unauthenticated.', async () => {
    const response = await t.app.inject({ url: '/api/member/1' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('bad JSON is a 400 with a message, not a stack trace', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Ugyldig forespørsel.' });
  });

  it('serves an OpenAPI document of every route and a browsable page', async () => {
    const json = await t.app.inject({ url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const paths = Object.keys(json.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/user/login', '/api/member/list', '/api/member/{id}', '/api/health']));
    const page = await t.app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('sets the XSRF-TOKEN cookie on /sanctum/csrf-cookie', async () => {
    const response = await t.app.inject({ url: '/sanctum/csrf-cookie' });
    expect(response.statusCode).toBe(204);
    expect(String(response.headers['set-cookie'])).toMatch(/^XSRF-TOKEN=/);
  });
});

describe('serving the apps', () => {
  it('answers every app path with index.html carrying the support contact, and keeps API 404s as JSON', async () => {
    const { mkdtempSync, writeFileSync, mkdirSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-static-'));
    writeFileSync(
      path.join(dir, 'index.html'),
      `<!doctype html><html><head><title>x</title></head><body>${'<p>Musikerportalen</p>'.repeat(100)}</body></html>`,
    );
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log("Musikerportalen");\n'.repeat(200));
    const served = await buildTestApp({ env: { STATIC_DIR: dir, SUPPORT_EMAIL: 'hjelp@musikere.no', SUPPORT_PHONE: '55 55 55 55' } });
    try {
      for (const url of ['/', '/membership/edit/3', '/profile/12']) {
        const page = await served.app.inject({ url });
        expect(page.statusCode).toBe(200);
        expect(page.headers['content-type']).toContain('text/html');
        expect(page.body).toContain('<meta name="support-email" content="hjelp@musikere.no" />');
        expect(page.body).toContain('<meta name="support-phone" content="55 55 55 55" />');
      }
      const asset = await served.app.inject({ url: '/assets/app-abc123.js' });
      expect(asset.headers['cache-control']).toContain('immutable');
      const compressed = await served.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
      expect(compressed.headers['content-encoding']).toBe('br');
      for (const url of ['/assets/app-gone999.js', '/assets/MemberEdit-old.js?v=1']) {
        const missing = await served.app.inject({ url });
        expect(missing.statusCode).toBe(404);
        expect(missing.headers['content-type']).not.toContain('text/html');
        expect(missing.body).not.toContain('Musikerportalen');
      }
      const api = await served.app.inject({ url: '/api/nothing-here' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toEqual({ message: 'Fant ikke det du lette etter.' });
    } finally {
      await served.close();
    }
  });
});
