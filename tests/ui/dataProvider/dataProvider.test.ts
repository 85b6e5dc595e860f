/** The staff data provider at the HTTP boundary: the exact URL, method, headers and body of each call. */
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { HttpError } from 'react-admin';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dataProvider } from '../../../src/dataProvider/index.ts';
import { saveSession } from '../../../src/common/session.ts';

interface Seen {
  method: string;
  url: URL;
  auth: string | null;
  body: unknown;
}

const server = setupServer();
let seen: Seen[] = [];

function answer(status: number, body: unknown) {
  server.use(
    http.all('*', async ({ request }) => {
      const text = await request.text();
      seen.push({
        method: request.method,
        url: new URL(request.url),
        auth: request.headers.get('authorization'),
        body: text ? JSON.parse(text) : undefined,
      });
      return HttpResponse.json(body as never, { status });
    }),
  );
}

const page = (data: unknown[], extra: Record<string, unknown> = {}) => ({ data, total: data.length, current_page: 1, last_page: 1, per_page: 25, ...extra });
const query = (entry: Seen) => Object.fromEntries(entry.url.searchParams);

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
beforeEach(() => {
  seen = [];
  localStorage.clear();
  saveSession({ user_id: 1, registration_completed: 1, access_token: '7|secret', first_name: 'Ingrid', last_name: 'Berg', role: { id: 3 } });
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('base provider', () => {
  it('asks for a member page with 1-based page, per_page, filters and a descending sort', async () => {
    answer(200, page([{ id: 9 }], { total: 40 }));
    const result = await dataProvider.getList('membership', {
      pagination: { page: 2, perPage: 50 },
      sort: { field: 'last_name', order: 'DESC' },
      filter: { name: 'ola', status: ['1', '2'] },
    });
    expect(seen).toHaveLength(1);
    expect(seen[0].method).toBe('GET');
    expect(seen[0].url.pathname).toBe('/api/member/list');
    expect(query(seen[0])).toEqual({ page: '2', per_page: '50', 'filter[name]': 'ola', 'filter[status]': '1,2', sort: '-last_name' });
    expect(seen[0].auth).toBe('Bearer 7|secret');
    expect(result).toEqual({ data: [{ id: 9 }], total: 40, meta: { totalAtLeast: false } });
  });

  it("passes the invoice list's totals through in meta, and its filters as filter[x]", async () => {
    const totals = { count: 2, invoiced: 258000, paid: 129050, outstanding: 128950 };
    answer(200, page([{ id: 7 }], { totals }));
    const result = await dataProvider.getList('invoices', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'number', order: 'DESC' },
      filter: { year: '2027', state: 'overdue', overdue: '1', q: 'Ola' },
    });
    expect(seen[0].url.pathname).toBe('/api/invoice/list');
    expect(query(seen[0])).toEqual({
      page: '1',
      per_page: '25',
      sort: '-number',
      'filter[year]': '2027',
      'filter[state]': 'overdue',
      'filter[overdue]': '1',
      'filter[q]': 'Ola',
    });
    expect(result.meta).toEqual({ totalAtLeast: false, totals });
  });

  it('sends a payment in øre to POST /api/invoice/{id}/payment and answers the invoice as it now is', async () => {
    answer(201, { data: { id: 7, state: 'paid' } });
    const invoice = await dataProvider.invoicePayment(7, { amount: 129050, paid_on: '2026-11-27', method: 'bank' });
    expect(seen[0].method).toBe('POST');
    expect(seen[0].url.pathname).toBe('/api/invoice/7/payment');
    expect(seen[0].body).toEqual({ amount: 129050, paid_on: '2026-11-27', method: 'bank' });
    expect(invoice).toEqual({ id: 7, state: 'paid' });
  });

  it('sorts ascending without a minus and leaves out empty filters', async () => {
    answer(200, page([]));
    await dataProvider.getList('membership', { pagination: { page: 1, perPage: 25 }, sort: { field: 'birthdate', order: 'ASC' }, filter: { name: '' } });
    expect(query(seen[0])).toEqual({ page: '1', per_page: '25', sort: 'birthdate' });
  });

  it('reads one member from data', async () => {
    answer(200, { data: { id: 5, first_name: 'Ola' } });
    const result = await dataProvider.getOne('membership', { id: 5 });
    expect(seen[0].method).toBe('GET');
    expect(seen[0].url.pathname).toBe('/api/member/5');
    expect(result.data).toEqual({ id: 5, first_name: 'Ola' });
  });

  it('creates with POST /api/member/new and the form values as body', async () => {
    answer(201, { data: { id: 12, first_name: 'Kari' } });
    const result = await dataProvider.create('membership', { data: { first_name: 'Kari', role_id: 2 } });
    expect(seen[0].method).toBe('POST');
    expect(seen[0].url.pathname).toBe('/api/member/new');
    expect(seen[0].body).toEqual({ first_name: 'Kari', role_id: 2 });
    expect(result.data.id).toBe(12);
  });

  it('updates with PATCH /api/member/{id}', async () => {
    answer(200, { data: { id: 5, phone: '12345' } });
    await dataProvider.update('membership', { id: 5, data: { phone: '12345' }, previousData: { id: 5 } });
    expect(seen[0].method).toBe('PATCH');
    expect(seen[0].url.pathname).toBe('/api/member/5');
    expect(seen[0].body).toEqual({ phone: '12345' });
  });

  it('counts an unpaged reference list by its length', async () => {
    answer(200, {
      data: [
        { id: 1, title: 'Gitar' },
        { id: 2, title: 'Bass' },
      ],
    });
    const result = await dataProvider.getList('instrument-categories', {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(seen[0].url.pathname).toBe('/api/instrument/category/list');
    expect(result.total).toBe(2);
  });

  it("saves a staff table's instrument rows one call each: POST /api/instrument/new, PATCH and DELETE /api/instrument/{id}", async () => {
    answer(200, { data: { id: 51, make: 'Yamaha' } });
    const row = { instrument_category: 1, make: 'Yamaha', model: 'P-45', serial_number: null, value: 5000, insurance_start: '2026-11-01', insurance_end: null };
    const created = await dataProvider.create('instruments', { data: { ...row, member_id: 5, status: 1 } });
    await dataProvider.update('instruments', { id: 51, data: row, previousData: { id: 51 } });
    await dataProvider.delete('instruments', { id: 51 });
    expect(seen.map((entry) => `${entry.method} ${entry.url.pathname}`)).toEqual([
      'POST /api/instrument/new',
      'PATCH /api/instrument/51',
      'DELETE /api/instrument/51',
    ]);
    expect(seen.map((entry) => entry.body)).toEqual([{ ...row, member_id: 5, status: 1 }, row, undefined]);
    expect(created.data.id).toBe(51);
  });

  it('throws an HttpError carrying the status and body, for react-admin and our forms', async () => {
    const body = { message: 'E-posten er i bruk.', errors: { email: ['E-posten er i bruk.'] }, data: { error: { email: ['E-posten er i bruk.'] } } };
    answer(422, body);
    const failure = await dataProvider.create('membership', { data: { email: 'x@example.no' } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ status: 422, message: 'E-posten er i bruk.', body });
  });

  it('passes on a read called off by its signal as an abort, not as a lost connection (a page left mid-read shows no error)', async () => {
    server.use(http.get('*/api/member/5', () => delay('infinite')));
    const leaving = new AbortController();
    const reading = dataProvider.getOne('membership', { id: 5, signal: leaving.signal }).catch((error: unknown) => error);
    leaving.abort();
    const failure = await reading;
    expect(failure).not.toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ name: 'AbortError' });
  });

  it('reports a server it cannot reach as a lost connection, in Norwegian', async () => {
    server.use(http.get('*/api/member/5', () => HttpResponse.error()));
    const failure = await dataProvider.getOne('membership', { id: 5 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ status: 0, message: 'Får ikke kontakt med serveren. Sjekk nettforbindelsen og prøv igjen.' });
  });

  it('refuses a resource that is not in the table instead of guessing a path', async () => {
    await expect(dataProvider.getList('unknown', { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' }, filter: {} })).rejects.toThrow(
      'Ukjent ressurs: unknown',
    );
    expect(seen).toHaveLength(0);
  });
});

describe('custom methods', () => {
  it('blocks and unblocks with a PATCH carrying only blocked_access', async () => {
    answer(200, { data: { id: 5, blocked_access: true } });
    await dataProvider.update('membership', { id: 5, data: { blocked_access: true }, previousData: { id: 5 } });
    await dataProvider.update('membership', { id: 5, data: { blocked_access: false }, previousData: { id: 5 } });
    expect(seen.map((entry) => [entry.method, entry.url.pathname, entry.body])).toEqual([
      ['PATCH', '/api/member/5', { blocked_access: true }],
      ['PATCH', '/api/member/5', { blocked_access: false }],
    ]);
  });

  it('cancels a subscription with POST /api/subscription/cancel/{id} and no body', async () => {
    answer(200, { message: 'ok' });
    await dataProvider.cancelSubscription(77);
    expect(seen[0].method).toBe('POST');
    expect(seen[0].url.pathname).toBe('/api/subscription/cancel/77');
    expect(seen[0].body).toBeUndefined();
  });

  it("reads the change history one page at a time from the member's own path", async () => {
    answer(200, page([{ id: 1, changed_at: '2026-01-01T10:00:00Z', changed_by: null, changes: [] }], { total: 30 }));
    const result = await dataProvider.getManyReference('member-changes', {
      target: 'member_id',
      id: 5,
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'id', order: 'DESC' },
      filter: {},
    });
    expect(seen[0].url.pathname).toBe('/api/member/5/changes');
    expect(query(seen[0])).toEqual({ page: '2', per_page: '25', sort: '-id' });
    expect(result.total).toBe(30);
  });

  it('resends a failed message with POST /api/emails/logs/{id}/resend and no body', async () => {
    answer(202, { data: { id: 12, status: 'queued', attempts: 3, error: null } });
    const entry = await dataProvider.resendMessage(12);
    expect(seen.map((call) => [call.method, call.url.pathname, call.body])).toEqual([['POST', '/api/emails/logs/12/resend', undefined]]);
    expect(entry).toMatchObject({ id: 12, status: 'queued' });
  });

  it("passes on the server's reason when a message cannot be resent", async () => {
    answer(409, { message: 'Meldingen er ikke feilet og kan ikke sendes på nytt.' });
    await expect(dataProvider.resendMessage(12)).rejects.toMatchObject({ status: 409, message: 'Meldingen er ikke feilet og kan ikke sendes på nytt.' });
  });

  it("reads one page of a member's log, filtered on the member, in the order asked for", async () => {
    answer(200, { data: [{ id: 9 }], total: 30, current_page: 2, last_page: 2, per_page: 25 });
    const result = await dataProvider.getManyReference('email-logs', {
      target: 'member_id',
      id: 5,
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'time', order: 'ASC' },
      filter: {},
    });
    expect(result).toMatchObject({ data: [{ id: 9 }], total: 30 });
    expect(seen.map(query)).toEqual([{ sort: 'time', page: '2', per_page: '25', 'filter[member_id]': '5' }]);
  });

  it('reads the instrument and travel logs from their own paths', async () => {
    answer(200, page([]));
    const byMember = { target: 'member_id', id: 5, pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'DESC' }, filter: {} } as const;
    await dataProvider.getManyReference('instrument-logs', byMember);
    await dataProvider.getManyReference('travel-logs', byMember);
    expect(seen.map((entry) => entry.url.pathname)).toEqual(['/api/instrument/logs/list', '/api/subscription/logs/list']);
  });

  it('exports the whole filtered member list, not one page', async () => {
    server.use(
      http.get('*/api/member/list/export', ({ request }) => {
        seen.push({ method: 'GET', url: new URL(request.url), auth: request.headers.get('authorization'), body: undefined });
        return new HttpResponse('\uFEFFID;MEDLEM\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } });
      }),
    );
    const saved: string[] = [];
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function save(this: HTMLAnchorElement) {
      saved.push(this.download);
    };
    URL.createObjectURL = () => 'blob:csv';
    URL.revokeObjectURL = () => undefined;
    try {
      await dataProvider.exportList('membership', { name: 'berg' });
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
    expect(query(seen[0])).toEqual({ 'filter[name]': 'berg' });
    expect(seen[0].auth).toBe('Bearer 7|secret');
    expect(saved).toEqual(['medlemsoversikt.csv']);
  });
});
