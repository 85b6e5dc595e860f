/**
 * Renders the whole staff app at a path against a fake API (msw), signed in as staff unless
 * told otherwise. Any console.error, and any missing translation, fails the test.
 */
import { cleanup, configure, render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { HttpError, localStorageStore } from 'react-admin';
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { App, createQueryClient } from '../../../src/admin/App.tsx';
import { saveSession } from '../../../src/common/session.ts';
import { i18nProvider } from '../../../src/i18n/index.ts';
import { RIGHT_NAMES } from '../../../server/domain/staff/rights.ts';
import { paged } from './fixtures.ts';
import { requestsInFlight } from '../requests-in-flight.ts';

// The first visit of an area loads its lazy module, which takes a while under a cold transform.
configure({ asyncUtilTimeout: 5000 });

export const server = setupServer();

export interface Call {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

/** Every request the app made in this test, in order. */
export const calls: Call[] = [];
/** More calls than this to one address in one test mean a screen keeps reading it again. */
const MOST_CALLS_OF_ONE_ADDRESS = 40;

export const PENDING = { memberships: 4, travel: 2, instruments: 1 };

/** The signed-in staff user's rights (GET /api/user/rights): an administrator's, every right, unless a test gives others. */
export function rightsAnswer(rights: readonly string[] = RIGHT_NAMES, role = { id: 5, name: 'Administrator' }) {
  return HttpResponse.json({ data: { role_id: role.id, role_name: role.name, rights } });
}

/** Signs the test's staff user in with just these rights (a case worker's, say). */
export function withRights(rights: readonly string[]): void {
  server.use(http.get('*/api/user/rights', () => rightsAnswer(rights, { id: 3, name: 'Saksbehandler' })));
}

function defaultHandlers(): RequestHandler[] {
  return [
    http.get('*/api/user/rights', () => rightsAnswer()),
    http.get('*/api/subscription/list/pending-memberships', () => HttpResponse.json(paged([], PENDING.memberships))),
    http.get('*/api/subscription/list/pending-travel', () => HttpResponse.json(paged([], PENDING.travel))),
    http.get('*/api/subscription/list/pending-instruments', () => HttpResponse.json(paged([], PENDING.instruments))),
    http.get('*/api/counters', () =>
      HttpResponse.json({
        data: { 'pending-memberships': PENDING.memberships, 'pending-travel': PENDING.travel, 'pending-instruments': PENDING.instruments },
      }),
    ),
    http.get('*/api/instrument/category/list', () =>
      HttpResponse.json({
        data: [
          { id: 1, title: 'Gitar', use_member: 1, use_insurance: 1 },
          { id: 2, title: 'Bass', use_member: 1, use_insurance: 1 },
        ],
      }),
    ),
    http.get('*/sanctum/csrf-cookie', () => new HttpResponse(null, { status: 204 })),
    // The optional kinds' names as a new installation has them (migration 040).
    http.get('*/api/consent-kinds', () =>
      HttpResponse.json({
        data: [
          { kind: 'newsletter_2', label_nb: 'Nyheter fra organisasjonen', label_en: 'News from the organisation' },
          { kind: 'newsletter_3', label_nb: 'Tilbud fra samarbeidspartnere', label_en: 'Offers from partners' },
        ],
      }),
    ),
    // An instrument's documents (the instrument screens' 'Dokumenter'): none unless a test says otherwise.
    http.get('*/api/instrument/:id/document', () => HttpResponse.json({ data: [] })),
    // The member page's invoices ('Fakturaer'): none unless a test says otherwise.
    http.get('*/api/member/:id/invoice', () => HttpResponse.json(paged([]))),
    http.get('*/api/member/:id/vipps-agreement', () =>
      HttpResponse.json({ data: { available: true, test_checkout: false, price: 145000, agreement: null, charges: [], events: [] } }),
    ),
    // Betaling's aging: nothing outstanding unless a test says otherwise.
    http.get('*/api/invoice/aging', () =>
      HttpResponse.json({
        data: {
          buckets: ['not_due', '1-30', '31-60', '61-90', 'over_90'].map((bucket) => ({ bucket, count: 0, outstanding: 0 })),
          count: 0,
          outstanding: 0,
          year: 2026,
          invoiced: 0,
          paid: 0,
        },
      }),
    ),
  ];
}

let failedRequestsExpected = false;

/**
 * For tests of error states: react-admin logs every failed data-provider call with
 * console.error outside production, so those logs (and only those) are allowed.
 */
export function expectFailedRequests(): void {
  failedRequestsExpected = true;
}

const isHttpErrorLog = (args: unknown[]) => args[0] instanceof HttpError;

/**
 * A read called off because its screen unmounted. react-admin logs every failed call except these,
 * which it knows by `instanceof DOMException`; in the test DOM the error comes from Node's fetch,
 * another realm's DOMException, so that check misses it and the harness leaves it out instead.
 */
const isCalledOffLog = (args: unknown[]) => (args[0] as { name?: unknown } | undefined)?.name === 'AbortError';

export function installFakeApi(): void {
  let consoleError: ReturnType<typeof vi.spyOn>;
  let consoleWarn: ReturnType<typeof vi.spyOn>;
  const inFlight = requestsInFlight(server);
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  beforeEach(async () => {
    localStorage.clear();
    // The translation provider is one for the whole file and keeps the last chosen language.
    await i18nProvider.changeLocale('nb');
    calls.length = 0;
    inFlight.listen();
    server.events.on('request:start', async ({ request }) => {
      const url = new URL(request.url);
      // A JSON body as its value, a multipart one as its FormData (an upload's fields and file).
      const multipart = (request.headers.get('content-type') ?? '').startsWith('multipart/form-data');
      const text = request.method === 'GET' || multipart ? '' : await request.clone().text();
      const body = multipart ? await request.clone().formData() : text ? JSON.parse(text) : undefined;
      calls.push({ method: request.method, path: url.pathname, query: Object.fromEntries(url.searchParams), body });
    });
    server.use(...defaultHandlers());
    consoleError = vi.spyOn(console, 'error');
    consoleWarn = vi.spyOn(console, 'warn');
  });
  afterEach(async () => {
    await inFlight.settle();
    cleanup();
    // Reads still out as the screen unmounted end (answered, or called off and logged) before the checks below.
    await inFlight.settle();
    // A screen that reads the same thing again and again (a read that starts another read) shows
    // as one address asked for far more often than any test's screen needs.
    const asked = new Map<string, number>();
    for (const call of calls) asked.set(`${call.method} ${call.path}`, (asked.get(`${call.method} ${call.path}`) ?? 0) + 1);
    expect([...asked].filter(([, times]) => times > MOST_CALLS_OF_ONE_ADDRESS)).toEqual([]);
    server.resetHandlers();
    server.events.removeAllListeners();
    const errors = consoleError.mock.calls.filter((args: unknown[]) => !isCalledOffLog(args) && !(failedRequestsExpected && isHttpErrorLog(args)));
    failedRequestsExpected = false;
    expect(errors).toEqual([]);
    const missing = consoleWarn.mock.calls.filter((args: unknown[]) => String(args[0]).includes('Missing translation'));
    expect(missing).toEqual([]);
    consoleError.mockRestore();
    consoleWarn.mockRestore();
  });
  afterAll(() => server.close());
}

export function signInAsStaff(): void {
  saveSession({ user_id: 1, registration_completed: 1, access_token: '7|secret', first_name: 'Ingrid', last_name: 'Berg', role: { id: 3 } });
}

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export function renderAdmin(path: string, { signedIn = true } = {}) {
  if (signedIn) signInAsStaff();
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App queryClient={createQueryClient()} store={localStorageStore()} />
      <Location />
    </MemoryRouter>,
  );
}

export const callsTo = (path: string, method = 'GET') => calls.filter((call) => call.path === path && call.method === method);
