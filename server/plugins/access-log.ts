/**
 * Records member-data access for routes from their `config.accessLog`, after the answer has
 * gone (so the request never waits for it): on a 2xx answer to a signed-in staff user, one entry
 * through domain/accounts/access-log.ts's `recordAccess`.
 *
 * Every /api route under /member, /instrument, /subscription and /emails/logs must say
 * `accessLog` (a rule, or `false` when it shows no one member's data): a route that says nothing
 * stops the server at start-up, so a new member route cannot forget it.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordAccess, type AccessKind } from '../domain/accounts/access-log.ts';

/** Which member a request is about; null when it names none. May look it up (after the answer). */
export type MemberOf = (request: FastifyRequest) => number | null | undefined | Promise<number | null | undefined>;

export interface AccessLogRule {
  kind: AccessKind;
  /** A few Norwegian words on what was seen; shown to the member. */
  detail: string;
  /** Defaults to the path's `:id`. `null`: an export of many members (then `countRows` counts them). */
  member?: MemberOf | null;
  /** Also record when a member does this to their own data (their own export). */
  evenForSelf?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    accessLog?: AccessLogRule | false;
  }
  interface FastifyRequest {
    /** Rows an export has sent so far (set by countRows). */
    accessRowCount: number | null;
  }
  interface FastifyInstance {
    /** Every /api route with its accessLog setting, as registered (the tests list them). */
    accessLogRoutes: { method: string; url: string; accessLog: AccessLogRule | false | undefined }[];
  }
}

/** Routes that must state accessLog. */
export const MEMBER_DATA_ROUTE = /^\/api\/(member|instrument(?!\/category)|subscription|emails\/logs)(\/|$)/;

export const memberFromPath: MemberOf = (request) => (request.params as { id?: number }).id ?? null;

/** `filter[member_id]=7` naming exactly one member. */
export const memberFromFilter: MemberOf = (request) => {
  const value = (request.query as Record<string, unknown>)['filter[member_id]'];
  return typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : null;
};

export const memberFromBody: MemberOf = (request) => {
  const value = (request.body as { member_id?: unknown } | undefined)?.member_id;
  return typeof value === 'number' ? value : null;
};

/** Passes an export's batches on and counts their rows for the entry. */
export async function* countRows<Row>(request: FastifyRequest, batches: AsyncIterable<readonly Row[]>): AsyncGenerator<readonly Row[]> {
  request.accessRowCount = 0;
  for await (const rows of batches) {
    request.accessRowCount += rows.length;
    yield rows;
  }
}

async function accessLog(app: FastifyInstance) {
  app.decorateRequest('accessRowCount', null);
  app.decorate('accessLogRoutes', []);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const accessLog = route.config?.accessLog;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      app.accessLogRoutes.push({ method, url: route.url, accessLog });
      if (accessLog === undefined && MEMBER_DATA_ROUTE.test(route.url)) {
        throw new Error(`${method} ${route.url}: config.accessLog mangler (en regel, eller false når ruten ikke viser ett medlems data)`);
      }
    }
  });

  // Most answers record nothing: they leave at once, without a promise; the rest after the entry.
  app.addHook('onResponse', (request, reply, done) => {
    const rule = request.routeOptions.config.accessLog;
    const account = request.account;
    if (!rule || !account || reply.statusCode >= 300 || (account.role_id < 3 && !rule.evenForSelf)) return done();
    void record(request, account, rule).finally(() => done());
  });

  async function record(request: FastifyRequest, account: NonNullable<FastifyRequest['account']>, rule: AccessLogRule) {
    try {
      const memberId = rule.member === null ? null : ((await (rule.member ?? memberFromPath)(request)) ?? null);
      if (memberId === null && rule.member !== null) return;
      recordAccess(app.services.accessLog, account, {
        memberId,
        kind: rule.kind,
        detail: rule.detail,
        rowCount: request.accessRowCount,
        ip: request.ip,
      }, { evenForSelf: rule.evenForSelf });
    } catch (error) {
      request.log.error({ err: error }, 'access log entry not recorded');
    }
  }
}

export default fp(accessLog, { name: 'access-log', dependencies: ['services', 'auth'] });
