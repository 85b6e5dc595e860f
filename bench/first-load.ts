/**
 * JavaScript a browser really downloads on a first visit, gzipped: Chromium opens the page on
 * a server serving the production build and every script it fetches is counted.
 */
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { openPglite } from '../server/db/pglite.ts';
import { migrate } from '../server/db/migrate.ts';
import { seedDemoData, DEMO_PASSWORD } from '../server/demo/index.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { createServices } from '../server/plugins/services.ts';

export interface FirstLoad {
  page: string;
  scripts: number;
  gzipKb: number;
}

export async function measureFirstLoads(distDir: string): Promise<FirstLoad[]> {
  const db = await openPglite();
  await migrate(db);
  await seedDemoData(db);
  const config = loadConfig({ STATIC_DIR: path.resolve(distDir), PUBLIC_URL: 'http://127.0.0.1' });
  const app = await buildApp(createServices(config, db));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const results: FirstLoad[] = [];
  try {
    const visit = async (label: string, pathname: string, before?: (page: import('playwright-core').Page) => Promise<void>) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      if (before) await before(page);
      // Every script body is read before counting and closing, so none is missed or cut off.
      const reads: Promise<Buffer>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') reads.push(response.body());
      });
      await page.goto(`${base}${pathname}`, { waitUntil: 'load' });
      await page.waitForLoadState('networkidle');
      const bodies = await Promise.all(reads);
      const bytes = bodies.reduce((sum, body) => sum + gzipSync(body).length, 0);
      results.push({ page: label, scripts: bodies.length, gzipKb: Math.round((bytes / 1024) * 10) / 10 });
      await context.close();
    };
    await visit('Min side: innlogging (/profile)', '/profile');
    await visit('Innmelding (/new-member)', '/new-member');
    await visit('Stab: innlogging (/)', '/');
    const staffToken = await app.inject({ method: 'POST', url: '/api/user/login', payload: { email: 'ansatt@example.no', password: DEMO_PASSWORD } });
    const session = staffToken.json();
    await visit('Stab: medlemsoversikt (/membership), innlogget', '/membership', async (page) => {
      await page.addInitScript((answer) => {
        localStorage.setItem('token', answer.access_token);
        localStorage.setItem('userId', String(answer.user_id));
        localStorage.setItem('userRole', String(answer.role.id));
        localStorage.setItem('isLoggedIn', 'true');
        localStorage.setItem('firstName', answer.first_name);
        localStorage.setItem('lastName', answer.last_name);
        localStorage.setItem('registrationCompleted', String(answer.registration_completed));
      }, session);
    });
  } finally {
    await browser.close();
    await app.close();
    await db.close();
  }
  return results;
}
