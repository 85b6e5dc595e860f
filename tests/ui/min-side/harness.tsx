/**
 * Renders the member app at a path with fake API answers (msw). Any console.error fails the test.
 */
import { cleanup, render } from '@testing-library/react';
import { memoryLocation } from 'wouter/memory-location';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { App } from '../../../src/min-side/App.tsx';
import { LocaleProvider } from '../../../src/min-side/locale.tsx';
import { SessionProvider } from '../../../src/min-side/session.tsx';
import { ToastProvider } from '../../../src/min-side/toasts.tsx';
import { saveSession } from '../../../src/common/session.ts';
import type { Member } from '../../../src/min-side/api.ts';
import { requestsInFlight } from '../requests-in-flight.ts';
import { NavigationStateSource, Router, usePathAndQuery, usePathname } from '../../../src/min-side/router.tsx';

export const server = setupServer();

/** Wires msw and the console guard into the calling test file. */
export function installFakeApi(): void {
  let consoleError: ReturnType<typeof vi.spyOn>;
  const inFlight = requestsInFlight(server);
  beforeAll(() => {
    server.listen({ onUnhandledFrame: 'error' });
    inFlight.listen();
  });
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    server.use(...contentHandlers());
    consoleError = vi.spyOn(console, 'error');
  });
  afterEach(async () => {
    await inFlight.settle();
    cleanup();
    // A section that mounted as the test ended (the profile's lower sections load their code when shown)
    // may have started its read after the wait above; unmounted, nothing starts another, so this wait is the last.
    await inFlight.settle();
    server.resetHandlers();
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
  });
  afterAll(() => {
    server.events.removeAllListeners();
    server.close();
  });
}

function Location() {
  return <output data-testid="location">{usePathAndQuery()}</output>;
}

export function renderApp(path: string) {
  const memory = memoryLocation({ path });
  // A navigation's state, read where the browser's history would keep it (a new path renders this).
  const useMemoryState = () => {
    usePathname();
    return memory.state;
  };
  return render(
    <LocaleProvider>
      <Router hook={memory.hook}>
        <NavigationStateSource value={useMemoryState}>
          <SessionProvider>
            <ToastProvider>
              <App />
              <Location />
            </ToastProvider>
          </SessionProvider>
        </NavigationStateSource>
      </Router>
    </LocaleProvider>,
  );
}

export function signInAs(member: Pick<Member, 'id' | 'first_name' | 'last_name' | 'registration_completed'>, role = 2): void {
  saveSession({
    user_id: member.id,
    registration_completed: member.registration_completed,
    access_token: 'token-1',
    first_name: member.first_name,
    last_name: member.last_name,
    role: { id: role },
  });
}

export function makeMember(overrides: Partial<Member> = {}): Member {
  return {
    id: 7,
    email: 'kari@example.no',
    first_name: 'Kari',
    last_name: 'Nordmann',
    phone: '91234567',
    address: 'Storgata 1',
    postal_code: '0155',
    postal_area: 'Oslo',
    birthdate: '1990-04-01',
    gender: 2,
    artist_name: 'Kari & bandet',
    primary_instrument_type: 1,
    invoice_method: 'EFAKTURA',
    invoice_email: null,
    blocked_access: false,
    registration_completed: 1,
    campaign_code: null,
    remote_id: 10007,
    role_id: 2,
    invoice_name: null,
    invoice_phone: null,
    invoice_address: null,
    invoice_postal_code: null,
    invoice_postal_area: null,
    newsletter_1: true,
    newsletter_2: false,
    newsletter_3: false,
    status: '1',
    is_previous_member: false,
    possible_duplicate_of: null,
    reason_for_rejection: null,
    rejected_at: null,
    rejected_by: null,
    validated_at: null,
    validated_by: null,
    membership_start_date: null,
    membership_end_date: null,
    created_at: '2026-01-01T09:00:00.000Z',
    updated_at: '2026-01-01T09:00:00.000Z',
    erased_at: null,
    subscription_membership: null,
    subscription_travel_insurance: null,
    subscription_instrument_insurance: null,
    ...overrides,
  };
}

type Subscription = NonNullable<Member['subscription_travel_insurance']>;
type SubscriptionLine = NonNullable<Member['subscription_instrument_insurance']>['subscription_lines'][number];

const product = (name: string, price: number) => ({ id: 1, name, price, remote_id: null });

/** An active subscription of the product, as the server answers it. */
export function makeSubscription(productName: string, price: number, overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: 1,
    member_id: 7,
    product_id: 1,
    product: product(productName, price),
    state: 'active',
    status: 1,
    value: null,
    subscription_start: '2026-01-01',
    subscription_end: '2026-12-31',
    invoiced_for: null,
    reason_for_rejection: null,
    created_at: '2026-01-01T09:00:00.000Z',
    updated_at: '2026-01-01T09:00:00.000Z',
    validated_by_user: null,
    rejected_by_user: null,
    ...overrides,
  };
}

export function makeLine(id: number, productName: string, value: number): SubscriptionLine {
  return {
    id,
    product: product(productName, 995),
    quantity: 1,
    value,
    subscription_start: '2026-02-01',
    subscription_end: null,
    updated_at: '2026-02-01T09:00:00.000Z',
    validated_by_user: null,
  };
}

export const loginAnswer = (member: Member, role = 2) => ({
  user_id: member.id,
  registration_completed: member.registration_completed,
  access_token: 'token-2',
  first_name: member.first_name,
  last_name: member.last_name,
  role: { id: role },
  blocked_access: member.blocked_access,
});

function contentHandlers(): RequestHandler[] {
  return [
    http.get('*/api/content/page/:slug', ({ params }) =>
      HttpResponse.json({ data: { title: `Tekst ${String(params.slug)}`, content: `<p>Innhold for ${String(params.slug)}</p><script>alert(1)</script>` } }),
    ),
    http.get('*/api/content/discount-codes', () =>
      HttpResponse.json({ data: [{ code: 'MUSIKK10', description: '<p>10 % hos <strong>Musikkbutikken</strong></p>' }] }),
    ),
    http.get('*/api/member/:id/access-log', () =>
      HttpResponse.json({
        data: [
          { id: 1, at: '2026-11-02T09:15:00.000Z', staff: { first_name: 'Siri', last_name: 'Saksbehandler' }, kind: 'read', detail: 'Medlemsopplysninger' },
        ],
        total: 1,
      }),
    ),
    http.get('*/api/user/2fa', () => HttpResponse.json({ data: { enabled: false, required: false } })),
    // The profile's invoices ('Mine fakturaer'): none unless a test serves some; Vipps usable.
    http.get('*/api/member/:id/invoice', () => HttpResponse.json({ data: [], total: 0 })),
    // An insured instrument's documents ('Dokumenter'): none unless a test serves some.
    http.get('*/api/instrument/:id/document', () => HttpResponse.json({ data: [] })),
    // The member's claims ('Skademeldinger'): none unless a test serves some.
    http.get('*/api/member/:id/claim', () => HttpResponse.json({ data: [] })),
    http.get('*/api/vipps_registration/offer', () => HttpResponse.json({ data: { name: 'Medlemskap', price: 1450, available: true, test_checkout: false } })),
    http.get('*/api/instrument/category/list', () =>
      HttpResponse.json({
        data: [
          { id: 1, title: 'Gitar', use_member: 1 },
          { id: 2, title: 'Piano', use_member: 1 },
          { id: 3, title: 'Lydanlegg', use_member: 0 },
        ],
      }),
    ),
    http.get('*/api/postal-code/:code', ({ params }) =>
      params.code === '5003'
        ? HttpResponse.json({ data: { code: '5003', area: 'Bergen' } })
        : HttpResponse.json({ message: 'Ukjent postnummer' }, { status: 404 }),
    ),
    http.get('*/sanctum/csrf-cookie', () => new HttpResponse(null, { status: 204 })),
    http.post('*/api/user/logout', () => HttpResponse.json({ message: 'Du er logget ut.' })),
  ];
}

/** Serves one member for GET and answers PATCH with the merged member; returns the PATCH bodies. */
export function memberApi(member: Member, patchStatus = 200) {
  const patches: Record<string, unknown>[] = [];
  let current = member;
  server.use(
    http.get(`*/api/member/${member.id}`, () => HttpResponse.json({ data: current })),
    http.get(`*/api/member/${member.id}/card`, () =>
      current.remote_id === null
        ? HttpResponse.json({ message: 'Medlemskortet er klart når medlemskapet ditt er godkjent og du har fått medlemsnummer.' }, { status: 404 })
        : HttpResponse.json({
            data: {
              token: 'AQcAAAAB',
              verify_url: 'http://localhost/verify/AQcAAAAB',
              member_number: current.remote_id,
              valid_until: '2026-12-31',
              first_name: current.first_name,
              last_name: current.last_name,
              organisation: 'Musikerportalen',
            },
          }),
    ),
    // The Vipps agreement card stays out of the way unless a test serves it (vipps-agreement-card.test.tsx).
    http.get(`*/api/member/${member.id}/vipps-agreement`, () => HttpResponse.json({ message: 'Ikke i denne testen.' }, { status: 404 })),
    http.patch(`*/api/member/${member.id}`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      patches.push(body);
      if (patchStatus !== 200) return HttpResponse.json({ message: 'Feil', errors: {} }, { status: patchStatus });
      current = { ...current, ...(body as Partial<Member>) };
      return HttpResponse.json({ data: current });
    }),
  );
  return patches;
}
