/**
 * JavaScript a browser really downloads on a first visit, gzipped, and how much the layout
 * shifts while the page arrives: Chromium opens the page on a server serving the production
 * build, every script it fetches is counted, and layout shifts are summed as CLS counts them.
 */
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { openPglite } from '../server/db/pglite.ts';
import { migrate } from '../server/db/migrate.ts';
import { seedDemoData, DEMO_PASSWORD } from '../server/demo/index.ts';
import { DEMO_MEMBER_EMAIL } from '../server/demo/accounts.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { createServices } from '../server/plugins/services.ts';
import type { LoginResponse } from '../server/schemas/auth.ts';
import { crumbsOf, STAFF_AREAS } from '../src/common/staff-areas/registry.ts';

export interface FirstLoad {
  page: string;
  /** The page's route as the budgets name it, e.g. '/profile/{id}'. */
  route: string;
  scripts: number;
  /** JavaScript and CSS together, gzip. */
  gzipKb: number;
  /** Of which CSS. */
  cssKb: number;
  /** Cumulative layout shift of the visit (shifts right after input do not count). */
  cls: number;
  /**
   * Min side's pages: what the page paints before any script has run (member.html's frame), and
   * the HTML and CSS (gzip) that paint needs. Null where the page paints nothing without scripts.
   */
  beforeScripts?: { text: string; gzipKb: number } | null;
  /** The same pages on a phone's slow line (Chromium's network emulation, 1.6 Mbit/s and 150 ms): first paint and the page's own heading, ms. */
  slowLine?: { firstPaintMs: number; headingMs: number };
}

/** A phone on a slow mobile line, as Lighthouse's mobile runs assume one: 1.6 Mbit/s down, 750 kbit/s up, 150 ms. */
const SLOW_LINE = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

/**
 * The page's layout shifts, summed from the start of the load (runs before any page script;
 * a string, since this file is typed for Node, not the browser).
 */
const RECORD_LAYOUT_SHIFTS = `
  window.__cls = 0;
  window.__shifts = [];
  const describe = (node) => !node ? '?' : node.nodeType !== 1 ? node.nodeName : node.tagName.toLowerCase() + (node.id ? '#' + node.id : '') + (node.className && typeof node.className === 'string' ? '.' + node.className.split(' ').slice(0, 2).join('.') : '');
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      window.__cls += entry.value;
      window.__shifts.push(entry.value.toFixed(3) + ' ' + entry.sources.map((source) => describe(source.node)).join(', '));
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;
/** Shifts are reported after the frame that caused them: two frames settle the last one. */
const AFTER_TWO_FRAMES = 'new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))';

/**
 * Every staff page the registry names (its areas' paths and their breadcrumb patterns), with a
 * member's id where the path takes one. Pages of one record the demo has none of (a declined
 * request, an import) would measure a not-found page, so they are left out.
 */
export function staffRoutes(memberId: number): { route: string; pathname: string }[] {
  const patterns = new Set(STAFF_AREAS.flatMap((area) => [area.path, ...crumbsOf(area).map((crumb) => crumb.pattern)]));
  return [...patterns]
    .filter((pattern) => !pattern.endsWith('*') && !['/membership-request/edit/:id', '/member-import/:id'].includes(pattern))
    .map((pattern) => ({ route: pattern.replace(/:(id|memberId)\b/, '{id}'), pathname: pattern.replace(/:(id|memberId)\b/, String(memberId)) }));
}

/** Signs the browser in as the login answer says, the way both apps keep a session. */
function signIn(page: Page, answer: LoginResponse) {
  return page.addInitScript((session) => {
    localStorage.setItem('token', session.access_token);
    localStorage.setItem('userId', String(session.user_id));
    localStorage.setItem('userRole', String(session.role.id));
    localStorage.setItem('isLoggedIn', 'true');
    localStorage.setItem('firstName', session.first_name);
    localStorage.setItem('lastName', session.last_name);
    localStorage.setItem('registrationCompleted', String(session.registration_completed));
  }, answer);
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
  const login = async (email: string) => {
    const answer = await app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password: DEMO_PASSWORD } });
    return answer.json<LoginResponse>();
  };
  const results: FirstLoad[] = [];
  try {
    /** A Min side page opened with no script arriving, then on a slow line: what shows before its code does, and when. */
    const early = async (pathname: string, session?: LoginResponse): Promise<Pick<FirstLoad, 'beforeScripts' | 'slowLine'>> => {
      const bare = await browser.newContext();
      await bare.route('**/*.js', (route) => route.abort());
      const page = await bare.newPage();
      if (session) await signIn(page, session);
      const reads: Promise<Buffer>[] = [];
      page.on('response', (response) => {
        const type = response.request().resourceType();
        if (type === 'document' || type === 'stylesheet') reads.push(response.body());
      });
      await page.goto(`${base}${pathname}`, { waitUntil: 'load' });
      // The paint's entry comes a frame or more after the paint: waited for, a page that never paints gives up after 5 s.
      // A function, not a string: Playwright polls a string by eval in the page, which the pages' CSP refuses.
      const painted = await page
        .waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, { timeout: 5000 })
        .then(() => true)
        .catch(() => false);
      const text = (await page.locator('body').innerText()).replace(/\s+/g, ' ').trim();
      const bytes = (await Promise.all(reads)).reduce((sum, body) => sum + gzipSync(body).length, 0);
      await bare.close();

      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const slow = await context.newPage();
      if (session) await signIn(slow, session);
      const cdp = await context.newCDPSession(slow);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW_LINE);
      await slow.goto(`${base}${pathname}`);
      await slow.getByRole('heading', { level: 1 }).first().waitFor();
      const headingMs = Number(await slow.evaluate('performance.now()'));
      const firstPaintMs = Number(await slow.evaluate(`performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN`));
      await context.close();
      return {
        beforeScripts: painted && text ? { text, gzipKb: Math.round((bytes / 1024) * 10) / 10 } : null,
        slowLine: { firstPaintMs: Math.round(firstPaintMs), headingMs: Math.round(headingMs) },
      };
    };
    const visit = async (label: string, route: string, pathname: string, session?: LoginResponse) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.addInitScript(RECORD_LAYOUT_SHIFTS);
      if (session) await signIn(page, session);
      // Every script and style sheet is read before counting and closing, so none is missed or cut off.
      const reads: Promise<{ css: boolean; body: Buffer; url: string }>[] = [];
      page.on('response', (response) => {
        const type = response.request().resourceType();
        if (type === 'script' || type === 'stylesheet') reads.push(response.body().then((body) => ({ css: type === 'stylesheet', body, url: response.url() })));
      });
      await page.goto(`${base}${pathname}`, { waitUntil: 'load' });
      await page.waitForLoadState('networkidle');
      await page.evaluate(AFTER_TWO_FRAMES);
      const cls = Number(await page.evaluate('window.__cls'));
      const files = await Promise.all(reads);
      // FIRST_LOAD_FILES=1 prints each page's layout shifts (what moved) and files, largest first: what to fix when a page is over.
      if (process.env.FIRST_LOAD_FILES) {
        for (const shift of (await page.evaluate('window.__shifts')) as string[]) console.log(`${label}: layout shift ${shift}`);
        for (const file of [...files].sort((a, b) => b.body.length - a.body.length))
          console.log(`${label}: ${(gzipSync(file.body).length / 1024).toFixed(1)} KB ${new URL(file.url).pathname}`);
      }
      const kb = (wanted: (css: boolean) => boolean) =>
        Math.round((files.filter((file) => wanted(file.css)).reduce((sum, file) => sum + gzipSync(file.body).length, 0) / 1024) * 10) / 10;
      results.push({
        page: label,
        route,
        scripts: files.filter((file) => !file.css).length,
        gzipKb: kb(() => true),
        cssKb: kb((css) => css),
        cls: Math.round(cls * 1000) / 1000,
      });
      await context.close();
      if (!label.startsWith('Stab')) Object.assign(results.at(-1)!, await early(pathname, session));
    };
    const member = await login(DEMO_MEMBER_EMAIL);
    const id = member.user_id;
    await visit('Min side: innlogging', '/profile', '/profile');
    await visit('Min side: glemt passord', '/profile/reset-password', '/profile/reset-password');
    await visit('Innmelding', '/new-member', '/new-member');
    await visit('Innmelding: takk for betalingen', '/vipps-thanks', '/vipps-thanks');
    await visit('Tilgjengelighetserklæring', '/tilgjengelighet', '/tilgjengelighet');
    await visit('Min side: medlemsside, innlogget', '/profile/{id}', `/profile/${id}`, member);
    await visit('Min side: reiseforsikring, innlogget', '/profile/edit/travel-insurane/{id}', `/profile/edit/travel-insurane/${id}`, member);
    await visit('Min side: instrumentforsikring, innlogget', '/profile/edit/instrument-insurance/{id}', `/profile/edit/instrument-insurance/${id}`, member);
    await visit('Min side: medlemskort, innlogget', '/profile/card/{id}', `/profile/card/${id}`, member);
    await visit('Min side: skademeldinger, innlogget', '/profile/claims/{id}', `/profile/claims/${id}`, member);
    await visit('Stab: innlogging', '/', '/');
    const staff = await login('ansatt@example.no');
    // FIRST_LOAD_ROUTES (a regular expression) measures only the staff routes it matches, e.g. while tuning one page.
    const wanted = new RegExp(process.env.FIRST_LOAD_ROUTES ?? '');
    for (const { route, pathname } of staffRoutes(id).filter((page) => wanted.test(page.route))) {
      await visit(`Stab: ${route}`, route, pathname, staff);
    }
  } finally {
    await browser.close();
    await app.close();
    await db.close();
  }
  return results;
}
