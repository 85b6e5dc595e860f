/** Starts the real portal and drives it with Chromium, as a person would use it. */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { chromium, type Browser, type Download, type Locator, type Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { recordAxeRun } from './axe-record.ts';

const root = path.resolve(import.meta.dirname, '../..');

export const STAFF = { email: 'ansatt@example.no', password: 'demo1234' } as const;
export const MEMBER = { email: 'medlem@example.no', password: 'demo1234' } as const;

export interface Portal {
  baseUrl: string;
  /** Its DATA_DIR, where the embedded outbox keeps whole mails (reset links included). */
  dataDir: string;
  /** Stops the server and keeps DATA_DIR, so a test can open the database it left. */
  halt(): Promise<void>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server stopped while starting:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer /api/health within 180 s:\n${output()}`);
}

export interface PortalOptions {
  /**
   * Server environment over the defaults. A function is called as the portal starts, so it may
   * name something a hook before the fixture started (a fake service's address).
   */
  env?: Record<string, string> | (() => Record<string, string>);
  /** Runs on the fresh copy of the demo data before the server opens it: rows no screen can make. */
  seed?: (dataDir: string) => Promise<void>;
}

/** A real server process on its own port with a fresh copy of the demo database. */
export async function startPortal(options: PortalOptions = {}): Promise<Portal> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
  cpSync(inject('demoDataDir'), dataDir, { recursive: true });
  try {
    await options.seed?.(dataDir);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const env = typeof options.env === 'function' ? options.env() : (options.env ?? {});
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(path.join(root, 'node_modules/.bin/node'), [path.join(root, 'server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      BACKUP_DIR: `${dataDir}-backups`,
      // The copy of the demo data is thrown away after the file: a backup at its stop would only cost CPU.
      BACKUP_AT_SHUTDOWN: '0',
      DATABASE_URL: '',
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  await waitForHealth(baseUrl, child, () => log);
  async function halt() {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }
  return {
    baseUrl,
    dataDir,
    halt,
    async stop() {
      await halt();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(`${dataDir}-backups`, { recursive: true, force: true });
    },
  };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

export interface PortalFixture {
  readonly portal: Portal;
  readonly browser: Browser;
}

/**
 * One portal and one Chromium for the tests of the file, or of the describe block, that calls it:
 * both start in a beforeAll and close in an afterAll registered here. With vitest's hook order
 * (sequence.hooks 'stack': before hooks in order, after hooks in reverse), a hook the caller
 * registers after this call runs once both are up and its afterAll before they close; one
 * registered before it (a fake service the server calls) starts before the portal and closes after.
 * Read `portal` and `browser` in tests and hooks, not while the file is collected: they exist only
 * once started.
 */
export function usePortal(options: PortalOptions = {}): PortalFixture {
  let portal: Portal | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    // Both at once: the server's start and Chromium's launch wait on different things.
    const [started, launched] = await Promise.allSettled([startPortal(options), launchBrowser()]);
    if (started.status === 'fulfilled') portal = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    // What did start is kept, so the afterAll below stops it even when the other failed.
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });
  const notYet = (what: string) => new Error(`${what} is not started yet: read it in a test or a hook, after usePortal()`);
  return {
    get portal() {
      if (!portal) throw notYet('the portal');
      return portal;
    },
    get browser() {
      if (!browser) throw notYet('Chromium');
      return browser;
    },
  };
}

type PageOptions = { width?: number; timezoneId?: string };

function contextOptions(options: PageOptions) {
  const width = options.width ?? 1440;
  return {
    viewport: { width, height: width < 600 ? 844 : 900 },
    locale: 'nb-NO',
    timezoneId: options.timezoneId ?? 'Europe/Oslo',
    acceptDownloads: true,
  };
}

/** Waits until the page shows what it is for, then checks its structure (checkPageStructure). */
async function shown(page: Page, pathname: string, width: number): Promise<void> {
  // The apps load lazily: a page is only worth checking, photographing or pressing once it shows real
  // content. Min side's loading frame has the language buttons already, in a main marked busy: a key
  // pressed on them goes nowhere once the page's own frame replaces them.
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return !!root?.querySelector('h1, h2, h3, button, a') && !root.querySelector('[role="progressbar"], main[aria-busy="true"]');
  });
  // Every page a test opens has one title naming it, no repeated id and no dangling reference.
  await checkPageStructure(page, `${pathname} at ${width} px`);
}

/** A new page of its own browser context at `pathname`, once shown; `storageState` starts it with a sign-in kept before. */
async function newPageAt(browser: Browser, portal: Portal, pathname: string, options: PageOptions, storageState?: StorageState): Promise<Page> {
  const context = await browser.newContext({ ...contextOptions(options), storageState });
  const page = await context.newPage();
  await page.goto(`${portal.baseUrl}${pathname}`);
  await shown(page, pathname, options.width ?? 1440);
  return page;
}

export function openPage(browser: Browser, portal: Portal, pathname: string, options: PageOptions = {}): Promise<Page> {
  return newPageAt(browser, portal, pathname, options);
}

type StorageState = Awaited<ReturnType<ReturnType<Page['context']>['storageState']>>;
const signIns = new WeakMap<Portal, Map<string, StorageState>>();

/** The stored sign-in's token, if the server still takes it (a test may have signed out or blocked the account). */
async function stillSignedIn(portal: Portal, state: StorageState): Promise<boolean> {
  const token = state.origins.flatMap((origin) => origin.localStorage).find((item) => item.name === 'token')?.value;
  if (!token) return false;
  const { status, body } = await api(portal, null, 'POST', '/api/token/validate', { token });
  return status === 200 && body.valid === true;
}

/**
 * A new page at `pathname`, signed in as `who`. The file's first page for a person signs in through
 * the form (signIn); the later ones start from what that sign-in left in the browser (its local
 * storage and cookies, Playwright's storageState) while the server still takes its token, as a
 * member coming back to the portal would: no sign-in form and no landing page loaded again.
 * `pathname` '/profile' (Min side's sign-in page) leads a member to their profile.
 */
export async function openSignedIn(browser: Browser, portal: Portal, who: Who, pathname: string, options: PageOptions = {}): Promise<Page> {
  const email = credentialsOf(who).email;
  const saved = signIns.get(portal)?.get(email);
  if (saved && (await stillSignedIn(portal, saved))) return newPageAt(browser, portal, pathname, options, saved);
  const start = signInPath(who);
  const page = await openPage(browser, portal, start, options);
  await signIn(page, portal, who);
  if (!signIns.has(portal)) signIns.set(portal, new Map());
  signIns.get(portal)!.set(email, await page.context().storageState());
  // The sign-in page's own address leads where the sign-in did (a signed-in visitor is sent home).
  if (pathname !== start) {
    await page.goto(`${portal.baseUrl}${pathname}`);
    await shown(page, pathname, options.width ?? 1440);
  }
  return page;
}

/**
 * What axe does not check, as a strict HTML validator would: exactly one <title>, naming the page
 * ('Medlemsoversikt – Musikerportalen', not the bare product name); no id used twice; no
 * aria-controls, aria-labelledby, aria-describedby or label `for` pointing at an id not in the page.
 */
export async function checkPageStructure(page: Page, label: string): Promise<void> {
  // An app names its page as it renders it: give it a moment, then report what is there.
  await page.waitForFunction(() => /^\S.* – Musikerportalen$/.test(document.title), undefined, { timeout: 3000 }).catch(() => undefined);
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    const titles = Array.from(document.querySelectorAll('title')).filter((title) => !title.closest('svg'));
    if (titles.length !== 1) found.push(`${titles.length} <title> elements: ${titles.map((title) => JSON.stringify(title.textContent)).join(', ')}`);
    if (!/^\S.* – Musikerportalen$/.test(document.title)) found.push(`the title does not name the page: ${JSON.stringify(document.title)}`);
    const seen = new Map<string, number>();
    for (const element of Array.from(document.querySelectorAll('[id]'))) seen.set(element.id, (seen.get(element.id) ?? 0) + 1);
    for (const [id, count] of seen) if (count > 1) found.push(`id "${id}" is used ${count} times`);
    const describe = (element: Element) =>
      `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.textContent ? ` "${element.textContent.trim().slice(0, 40)}"` : ''}>`;
    for (const attribute of ['aria-controls', 'aria-labelledby', 'aria-describedby', 'for']) {
      for (const element of Array.from(document.querySelectorAll(`[${attribute}]`))) {
        if (attribute === 'for' && element.tagName !== 'LABEL' && element.tagName !== 'OUTPUT') continue;
        for (const id of (element.getAttribute(attribute) ?? '').split(/\s+/).filter(Boolean)) {
          if (!document.getElementById(id)) found.push(`${attribute}="${id}" on ${describe(element)} points at no element`);
        }
      }
    }
    return found;
  });
  if (problems.length > 0) throw new Error(`the page structure has ${problems.length} problem(s) on ${label}:\n- ${problems.join('\n- ')}`);
}

/**
 * Waits until no CSS transition or finite animation is running: a button turning from disabled
 * to enabled, or a dialog fading in, has colours between the two for a moment, and axe would
 * measure a contrast nobody sees once it has settled. Endless ones (spinners) are left alone.
 */
/** Waits until no transition or animation runs (a dialog has opened, a toast has slid in). */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 5_000 },
  );
}

/** Fails with every axe finding (any impact) on the page as it is now, and with what checkPageStructure finds. */
export async function checkA11y(page: Page, label: string): Promise<void> {
  await settled(page);
  await checkPageStructure(page, label);
  const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
  // Legacy mode: axe.run in the page itself. The default runs each frame apart and merges the
  // results in a blank page of its own, with axe injected again: a second page per check for
  // frames our pages do not have (legacy mode leaves out only cross-origin ones).
  const results = await new AxeBuilder({ page }).withTags(tags).setLegacyMode().analyze();
  // Recorded before judging, so the accessibility statement also knows of a run that failed.
  await recordAxeRun(page, results, tags);
  // Every finding counts, whatever its impact: minor and moderate ones are barriers too.
  const bad = results.violations;
  if (bad.length > 0) {
    const lines = bad.map(
      (v) =>
        `- ${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join('\n    ')}`,
    );
    throw new Error(`axe found ${bad.length} problem(s) on ${label}:\n${lines.join('\n')}`);
  }
}

export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = path.join(root, 'artifacts', 'screenshots');
  mkdirSync(dir, { recursive: true });
  await settled(page);
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

type Who = 'staff' | 'member' | { email: string; password: string };

const credentialsOf = (who: Who) => (who === 'staff' ? STAFF : who === 'member' ? MEMBER : who);
/** Where `who` signs in: the staff app's sign-in page, or Min side's. */
const signInPath = (who: Who) => (who === 'staff' ? '/' : '/profile');

/**
 * Signs in through the real login form and waits until the landing page shows: 'Nøkkeltall' for
 * staff with stats.read (the demo's 'ansatt' is an administrator), else the member overview.
 */
export async function signIn(page: Page, portal: Portal, who: Who): Promise<void> {
  const credentials = credentialsOf(who);
  const isStaff = who === 'staff';
  const start = signInPath(who);
  // A page opened on the sign-in form (openPage(…, '/')) is signed in where it is, not loaded again.
  const current = page.url().startsWith(portal.baseUrl) ? new URL(page.url()).pathname : '';
  if (current !== start) await page.goto(`${portal.baseUrl}${start}`);
  await page
    .getByLabel(/e-post/i)
    .first()
    .fill(credentials.email);
  await page
    .getByLabel(/passord/i)
    .first()
    .fill(credentials.password);
  await page.getByRole('button', { name: /logg inn/i }).click();
  if (isStaff) await page.waitForURL(/\/(membership|stats)$/);
  else await page.waitForURL(/\/(profile\/\d+|new-member\/update)/);
}

export async function api(
  portal: Portal,
  token: string | null,
  method: string,
  pathname: string,
  body?: unknown,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the fields it checks
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${portal.baseUrl}${pathname}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const type = response.headers.get('content-type') ?? '';
  return { status: response.status, body: type.includes('json') ? await response.json() : await response.text() };
}

export async function apiLogin(portal: Portal, email: string, password: string): Promise<string> {
  const { status, body } = await api(portal, null, 'POST', '/api/user/login', { email, password });
  if (status !== 200) throw new Error(`login as ${email} failed: ${status} ${JSON.stringify(body)}`);
  return body.access_token as string;
}

/**
 * Types a date's digits into a staff date field (dd/MM/yyyy in sections) as a person at a keyboard
 * would: what was there is cleared, and the keys go in one at a time once the field has selected
 * its first section (a key arriving before that is lost, as it would be for a person).
 */
export async function typeStaffDate(field: Locator, digits: string): Promise<void> {
  // The field may still be its stand-in, replaced by the picker once used: focus until the picker's
  // field has the focus and a section selected, clear it, and wait for that again.
  const ready = async () => {
    await field.focus();
    return field.evaluate((input: HTMLInputElement) => input === document.activeElement && (input.selectionEnd ?? 0) > (input.selectionStart ?? 0));
  };
  await expect.poll(ready).toBe(true);
  await field.press('Control+a');
  await field.press('Backspace');
  await expect.poll(ready).toBe(true);
  await field.pressSequentially(digits, { delay: 40 });
}

/** A downloaded PDF's text as poppler's pdftotext reads it (the file must start as a PDF). */
export async function pdfTextOf(download: Download): Promise<string> {
  const file = await download.path();
  expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
}
