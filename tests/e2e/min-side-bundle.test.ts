/**
 * Min side is its own build entry: its pages download only Min side's own chunks (never the
 * staff app's react-admin code, nor React's DOM renderer: Min side renders with preact/compat), and
 * the server preloads the opened page's chunks.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { MEMBER_PAGES } from '../../src/common/member-paths.ts';
import { signIn, usePortal } from './harness.ts';
import { showProfileSections } from './min-side-steps.ts';

const dist = path.resolve(import.meta.dirname, '../../dist');
/** Min side's build: every file its entry can load, by source module. */
const memberManifest = JSON.parse(readFileSync(path.join(dist, '.vite/member-manifest.json'), 'utf8')) as Record<string, { file: string }>;
const memberFiles = new Set(Object.values(memberManifest).map((chunk) => `/${chunk.file}`));

const e2e = usePortal();

// Strings only react-admin's packages carry: its translation keys and its component class names.
const REACT_ADMIN_MARKERS = ['ra.action.', 'RaLayout', 'RaDatagrid', 'ra.notification.'];
/** The property React's DOM renderer keeps on each element it renders, minified or not. */
const REACT_DOM_MARKER = '__reactFiber$';
/** An option name react-hook-form's code carries, minified or not. */
const FORM_LIBRARY_MARKER = 'shouldUnregister';

interface Loaded {
  scripts: { path: string; body: string }[];
  html: string;
}

/** Opens `pathname` as a first visit in `context` and collects the page's HTML and every script it downloads. */
async function firstVisit(context: BrowserContext, pathname: string, inspect?: (page: Page) => Promise<void>): Promise<Loaded> {
  const page = await context.newPage();
  const scripts: Loaded['scripts'] = [];
  // Every body is read before the page closes, so no read is cut off by the close.
  const reads: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    reads.push(response.body().then((body) => void scripts.push({ path: new URL(response.url()).pathname, body: body.toString('utf8') })));
  });
  const answer = await page.goto(`${e2e.portal.baseUrl}${pathname}`);
  const html = (await answer?.text()) ?? '';
  await page.getByRole('heading').first().waitFor();
  await page.waitForLoadState('networkidle');
  await Promise.all(reads);
  await inspect?.(page);
  await page.close();
  return { scripts, html };
}

const formLibraryIn = (loaded: Loaded) => loaded.scripts.filter((script) => script.body.includes(FORM_LIBRARY_MARKER)).map((script) => script.path);

const reactDomIn = (loaded: Loaded) => loaded.scripts.filter((script) => script.body.includes(REACT_DOM_MARKER)).map((script) => script.path);

const reactAdminIn = (loaded: Loaded) =>
  loaded.scripts.filter((script) => REACT_ADMIN_MARKERS.some((marker) => script.body.includes(marker))).map((script) => script.path);

describe('Min side first load', () => {
  it.each(['/profile', '/new-member', '/profile/reset-password', '/vipps-thanks'])(
    '%s loads only Min side’s own chunks, no react-admin code',
    async (pathname) => {
      const context = await e2e.browser.newContext();
      const loaded = await firstVisit(context, pathname);
      expect(loaded.scripts.length).toBeGreaterThan(0);
      expect(loaded.scripts.map((script) => script.path).filter((file) => !memberFiles.has(file))).toEqual([]);
      expect(reactAdminIn(loaded)).toEqual([]);
      // Min side renders with preact/compat (tools/vite/member-renderer.ts), not React's DOM renderer.
      expect(reactDomIn(loaded)).toEqual([]);
      await context.close();
    },
  );

  it.each(['/profile', '/new-member', '/profile/reset-password'])('%s, a form a visitor opens first, loads no form library', async (pathname) => {
    const context = await e2e.browser.newContext();
    expect(formLibraryIn(await firstVisit(context, pathname))).toEqual([]);
    await context.close();
  });

  it('a signed-in member’s /profile/{id} gets its page’s chunk preloaded with the HTML, and loads only Min side’s chunks', async () => {
    const context = await e2e.browser.newContext();
    const login = await context.newPage();
    await signIn(login, e2e.portal, 'member');
    const own = new URL(login.url()).pathname;
    expect(own).toMatch(/^\/profile\/\d+$/);
    await login.close();

    const loaded = await firstVisit(context, own);
    const profileChunk = `/${memberManifest[MEMBER_PAGES.profile.module].file}`;
    expect(loaded.html).toContain(`<link rel="modulepreload" crossorigin href="${profileChunk}">`);
    expect(loaded.scripts.map((script) => script.path)).toContain(profileChunk);
    expect(loaded.scripts.map((script) => script.path).filter((file) => !memberFiles.has(file))).toEqual([]);
    expect(reactAdminIn(loaded)).toEqual([]);
    // Its forms are light ones, and the sections below them (the two-factor card's form among them) load when scrolled to.
    expect(formLibraryIn(loaded)).toEqual([]);
    await context.close();
  });

  it.each(['/profile/edit/travel-insurane/{id}', '/profile/edit/instrument-insurance/{id}'])(
    'a signed-in member’s %s loads no form library until a form is opened',
    async (route) => {
      const context = await e2e.browser.newContext();
      const login = await context.newPage();
      await signIn(login, e2e.portal, 'member');
      const id = /\/profile\/(\d+)$/.exec(login.url())![1];
      await login.close();
      expect(formLibraryIn(await firstVisit(context, route.replace('{id}', id)))).toEqual([]);
      await context.close();
    },
  );

  it('opening the upload form does load react-hook-form, so the form library checks above can tell', async () => {
    const context = await e2e.browser.newContext();
    const login = await context.newPage();
    await signIn(login, e2e.portal, 'member');
    const id = /\/profile\/(\d+)$/.exec(login.url())![1];
    await login.close();
    // A page of its own, so no script of the sign-in (left by its navigation) is read.
    const page = await context.newPage();
    const bodies: string[] = [];
    const reads: Promise<void>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      reads.push(response.body().then((body) => void bodies.push(body.toString('utf8'))));
    });
    await page.goto(`${e2e.portal.baseUrl}/profile/edit/instrument-insurance/${id}?tab=active`);
    await page.getByRole('button', { name: 'Legg til dokument' }).first().click();
    await page.getByRole('button', { name: 'Last opp' }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await Promise.all(reads);
    expect(bodies.some((body) => body.includes(FORM_LIBRARY_MARKER))).toBe(true);
    await context.close();
  });

  it('shows the partners’ offers as rich text through the browser’s own sanitiser, with no sanitiser downloaded', async () => {
    const context = await e2e.browser.newContext();
    const login = await context.newPage();
    await signIn(login, e2e.portal, 'member');
    const own = new URL(login.url()).pathname;
    await login.close();
    const loaded = await firstVisit(context, own, async (page) => {
      await showProfileSections(page);
      const offer = page.locator('.rich-text strong', { hasText: '15 % rabatt' });
      await offer.waitFor({ state: 'attached' });
      expect(await offer.count()).toBe(1);
    });
    expect(loaded.scripts.filter((script) => script.body.includes('DOMPurify')).map((script) => script.path)).toEqual([]);
    await context.close();
  });

  it('shows the page’s top bar with the portal’s name before any script has run, and the page replaces it with its own', async () => {
    // No script arrives: what a phone shows while the code is still on its way.
    const bare = await e2e.browser.newContext();
    await bare.route('**/assets/*.js', (route) => route.abort());
    const before = await bare.newPage();
    await before.goto(`${e2e.portal.baseUrl}/profile`);
    expect(await before.getByRole('banner').isVisible()).toBe(true);
    expect((await before.getByRole('banner').innerText()).trim()).toBe('Musikerportalen Min side');
    await bare.close();

    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${e2e.portal.baseUrl}/profile`);
    await page.getByRole('heading', { name: 'Logg inn på Min side' }).waitFor();
    expect(await page.getByRole('banner').count()).toBe(1);
    expect(await page.locator('main').count()).toBe(1);
    await context.close();
  });

  it('builds every page App.tsx routes as a chunk of Min side’s entry', () => {
    for (const { module } of Object.values(MEMBER_PAGES)) expect(memberManifest[module], module).toBeDefined();
  });

  it('the staff app does load react-admin and React’s DOM renderer, so the checks above can tell', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    const bodies: string[] = [];
    const reads: Promise<void>[] = [];
    const read = (response: Response) => {
      if (response.request().resourceType() !== 'script') return;
      reads.push(response.body().then((body) => void bodies.push(body.toString('utf8'))));
    };
    page.on('response', read);
    await signIn(page, e2e.portal, 'staff');
    await page.waitForLoadState('networkidle');
    // A script that comes after this could not be read once the page closes: those read are awaited.
    page.off('response', read);
    await Promise.all(reads);
    expect(bodies.some((body) => REACT_ADMIN_MARKERS.some((marker) => body.includes(marker)))).toBe(true);
    expect(bodies.some((body) => body.includes(REACT_DOM_MARKER))).toBe(true);
    await context.close();
  });
});
