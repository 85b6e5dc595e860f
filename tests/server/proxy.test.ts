/** Behind a proxy or not: which client address the limits see, and the https-only headers. */
import path from 'node:path';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../server/app.ts';
import { createServices } from '../../server/plugins/services.ts';
import { outboxTransport } from '../../server/adapters/mail.ts';
import { freshDatabase, testConfig, type TestDatabase } from './helpers.ts';
import { startServer } from './server-process.ts';

let database: TestDatabase;
const apps: App[] = [];
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.drop();
});

async function appWithEnv(env: Record<string, string>): Promise<App> {
  const app = await buildApp(createServices(testConfig(env), database.db, { mail: outboxTransport(path.join(tmpdir(), 'portal-test-outbox')) }));
  apps.push(app);
  return app;
}

const appWith = appWithEnv;

describe('client address behind a proxy', () => {
  it('the server refuses to start with TRUST_PROXY=true and says why, in Norwegian', async () => {
    await expect(startServer({ TRUST_PROXY: 'true' })).rejects.toThrow(/Ugyldig innstilling TRUST_PROXY: «true» ville stole på X-Forwarded-For/);
  });

  it('takes the address the trusted proxy saw, not one the client wrote into X-Forwarded-For', async () => {
    const app = await appWith({ TRUST_PROXY: '1', LOGIN_ATTEMPTS_PER_IP_PER_MINUTE: '3' });
    const attempt = (n: number) =>
      app.inject({
        method: 'POST',
        url: '/api/user/login',
        remoteAddress: '10.0.0.5',
        headers: { 'x-forwarded-for': `192.0.2.${n}, 198.51.100.20` },
        payload: { email: `proxy${n}@example.no`, password: 'feil-passord' },
      });
    for (let n = 1; n <= 3; n++) expect((await attempt(n)).statusCode).toBe(401);
    expect((await attempt(4)).statusCode).toBe(429);
  });

  it('with a list of proxy addresses, X-Forwarded-For counts only when a listed proxy sent it', async () => {
    const app = await appWith({ TRUST_PROXY: '10.0.0.0/24', LOGIN_ATTEMPTS_PER_IP_PER_MINUTE: '2' });
    const attempt = (from: string, n: number) =>
      app.inject({
        method: 'POST',
        url: '/api/user/login',
        remoteAddress: from,
        headers: { 'x-forwarded-for': `192.0.2.${n}` },
        payload: { email: `list${n}@example.no`, password: 'feil-passord' },
      });
    // Straight from the internet: the header is ignored, so every try is the same client.
    for (let n = 1; n <= 2; n++) expect((await attempt('203.0.113.9', n)).statusCode).toBe(401);
    expect((await attempt('203.0.113.9', 3)).statusCode).toBe(429);
    // Through the proxy: each forwarded client has its own count.
    for (let n = 4; n <= 6; n++) expect((await attempt('10.0.0.7', n)).statusCode).toBe(401);
  });
});

describe('https-only headers', () => {
  // A page: the CSP and HSTS matter where a browser renders HTML.
  const staticDir = mkdtempSync(path.join(tmpdir(), 'portal-https-'));
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><html lang="nb"><head><title>x</title></head><body></body></html>');
  const appWith = (env: Record<string, string>) => appWithEnv({ STATIC_DIR: staticDir, ...env });
  const headersOf = async (app: App, headers: Record<string, string> = {}) =>
    (await app.inject({ url: '/membership', remoteAddress: '10.0.0.5', headers })).headers;

  it('over plain http the CSP does not upgrade requests and there is no HSTS', async () => {
    const app = await appWith({ PUBLIC_URL: 'http://192.168.1.20:3000' });
    const headers = await headersOf(app);
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(headers['strict-transport-security']).toBeUndefined();
  });

  it('with an https PUBLIC_URL both are sent', async () => {
    const app = await appWith({ PUBLIC_URL: 'https://portal.example.no' });
    const headers = await headersOf(app);
    expect(headers['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it("follows the trusted proxy's forwarded protocol, and ignores it from anyone else", async () => {
    const proxied = await appWith({ PUBLIC_URL: 'http://portal.lan', TRUST_PROXY: '10.0.0.5' });
    const viaProxy = await headersOf(proxied, { 'x-forwarded-proto': 'https' });
    expect(viaProxy['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(viaProxy['strict-transport-security']).toMatch(/max-age=\d+/);
    const direct = await appWith({ PUBLIC_URL: 'http://portal.lan' });
    const spoofed = await headersOf(direct, { 'x-forwarded-proto': 'https' });
    expect(spoofed['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(spoofed['strict-transport-security']).toBeUndefined();
  });
});
