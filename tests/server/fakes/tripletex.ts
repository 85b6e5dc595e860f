/**
 * A fake Tripletex API v2 on loopback: session tokens, customers and orders kept in memory,
 * Basic auth with user 0 and the session token checked on every call, and hooks for the
 * failures a test wants (an error answer, or an order created whose answer never arrives).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeCustomer {
  id: number;
  customerNumber: number;
  name: string;
  email?: string;
  version: number;
}

export interface FakeOrder {
  id: number;
  customerId: number;
  reference: string;
  orderDate: string;
  orderLines: { description: string; count: number; unitPriceIncludingVatCurrency: number }[];
}

export interface FakeTripletex {
  url: string;
  customers: FakeCustomer[];
  orders: FakeOrder[];
  calls: string[];
  /** Answer the calls this picks with an error (status and Tripletex's error envelope). */
  failWhen: ((method: string, path: string) => { status: number; message: string } | null) | null;
  /** Create the order, then drop the connection before answering (a run cut off half-way). */
  dropAfterCreatingOrder: ((count: number) => boolean) | null;
  close(): Promise<void>;
}

export async function startFakeTripletex(consumerToken = 'consumer', employeeToken = 'employee'): Promise<FakeTripletex> {
  const tokens = new Set<string>();
  let nextId = 1000;
  const state = {
    customers: [] as FakeCustomer[],
    orders: [] as FakeOrder[],
    calls: [] as string[],
    failWhen: null as FakeTripletex['failWhen'],
    dropAfterCreatingOrder: null as FakeTripletex['dropAfterCreatingOrder'],
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://tripletex.test');
      const method = req.method ?? 'GET';
      const path = url.pathname.replace(/^\/v2/, '');
      state.calls.push(`${method} ${path}`);
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const error = (status: number, message: string) =>
        send(status, { status, code: status * 10, message, developerMessage: null, validationMessages: [], requestId: 'fake' });
      const failure = state.failWhen?.(method, path);
      if (failure) return error(failure.status, failure.message);
      const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : null;

      if (method === 'PUT' && path === '/token/session/:create') {
        if (url.searchParams.get('consumerToken') !== consumerToken || url.searchParams.get('employeeToken') !== employeeToken) {
          return error(403, 'Invalid tokens');
        }
        const token = `session-${++nextId}`;
        tokens.add(token);
        return send(200, { value: { id: nextId, token, expirationDate: url.searchParams.get('expirationDate') } });
      }
      const auth = req.headers.authorization ?? '';
      const [user, token] = Buffer.from(auth.replace(/^Basic /, ''), 'base64').toString('utf8').split(':');
      if (user !== '0' || !tokens.has(token)) return error(401, 'Unauthorized');

      if (method === 'GET' && path === '/customer') {
        const number = Number(url.searchParams.get('customerAccountNumber'));
        const values = state.customers.filter((customer) => customer.customerNumber === number);
        return send(200, { from: 0, count: values.length, versionDigest: null, values });
      }
      if (method === 'POST' && path === '/customer') {
        if (!body?.name) return send(422, { status: 422, message: 'Validering feilet.', validationMessages: [{ field: 'name', message: 'Feltet må fylles ut.' }] });
        const customer = { id: ++nextId, version: 0, ...body };
        state.customers.push(customer);
        return send(201, { value: customer });
      }
      const customerMatch = /^\/customer\/(\d+)$/.exec(path);
      if (method === 'PUT' && customerMatch) {
        const customer = state.customers.find((c) => c.id === Number(customerMatch[1]));
        if (!customer) return error(404, 'Not found');
        Object.assign(customer, body, { version: customer.version + 1 });
        return send(200, { value: customer });
      }
      if (method === 'GET' && path === '/order') {
        if (!url.searchParams.get('orderDateFrom') || !url.searchParams.get('orderDateTo')) return error(422, 'orderDateFrom and orderDateTo are required');
        const customerId = Number(url.searchParams.get('customerId'));
        const values = state.orders.filter((order) => order.customerId === customerId);
        return send(200, { from: 0, count: values.length, versionDigest: null, values });
      }
      if (method === 'POST' && path === '/order') {
        const order: FakeOrder = {
          id: ++nextId,
          customerId: body.customer.id,
          reference: body.reference,
          orderDate: body.orderDate,
          orderLines: body.orderLines,
        };
        state.orders.push(order);
        if (state.dropAfterCreatingOrder?.(state.orders.length)) {
          res.socket?.destroy();
          return;
        }
        return send(201, { value: order });
      }
      return error(404, `No route ${method} ${path}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}/v2`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
