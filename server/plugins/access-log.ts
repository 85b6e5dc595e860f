/**
 * Records member-data access for routes from their `config.accessLog`, after the answer has
 * gone (so the request never waits for it): on a 2xx answer to a signed-in staff user, one entry
 * through domain/accounts/access-log.ts's `recordAccess`.
 *
 * A route that answers with rows (a list, a search, a log) names its members from the answer
 * itself (`members`), never from how its filter was spelled: `filter[member_id]=7,8`, ` 7` or no
 * filter at all log what was actually shown. An answer holding one member is an entry about that
 * member; one holding several is ONE entry naming the list, how many members and which (so each of
 * them sees it in their own log); one holding none records nothing.
 *
 * Every /api route under /member, /instrument, /subscription, /emails, /invoice, /payment-file, /claim and /document must say `accessLog`
 * (a rule, or `false` when it shows no member's data): a route that says nothing stops the server
 * at start-up, so a new member route cannot forget it.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordAccess, type AccessKind } from '../domain/accounts/access-log.ts';

/** Which member a request is about; null when it names none. May look it up (after the answer). */
export type MemberOf = (request: FastifyRequest) => number | null | undefined | Promise<number | null | undefined>;

/** The members whose data an answer holds, read from the answer's body (before it is serialised). */
export type MembersOf = (answer: unknown) => Iterable<unknown>;

export interface AccessLogRule {
  kind: AccessKind;
  /**
   * A few Norwegian words on what was seen; shown to the member. An export's format is added
   * from what was sent ('Medlemsoversikten' → 'Medlemsoversikten (xlsx)'), so it is not written here.
   */
  detail: string;
  /** Defaults to the path's `:id`. `null`: an export of many members (then `countRows` counts them). */
  member?: MemberOf | null;
  /** Instead of `member`: the members the answer holds (a list's rows); see the top of this file. With `member: null`, one entry is always recorded, naming them. */
  members?: MembersOf;
  /** What an entry for several members calls the list ('Meldingsloggen'); defaults to `detail`. */
  list?: string;
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
    /** The members the answer held (by a rule's `members`, or an export's rows), distinct. */
    accessMembers: Set<number> | null;
  }
  interface FastifyInstance {
    /** Every /api route with its accessLog setting, as registered (the tests list them). */
    accessLogRoutes: { method: string; url: string; accessLog: AccessLogRule | false | undefined }[];
  }
}

/** Routes that must state accessLog. */
export const MEMBER_DATA_ROUTE = /^\/api\/(member|instrument(?!\/category)|subscription|emails|invoice|payment-file|claim|document)(\/|$)/;

/** An export's format as people name it, from the answer's content type. */
const FORMATS: [RegExp, string][] = [
  [/spreadsheetml/, 'xlsx'],
  [/text\/csv/, 'CSV'],
  [/application\/pdf/, 'PDF'],
  [/application\/zip/, 'zip'],
];
export const formatOf = (contentType: string | null): string | null =>
  FORMATS.find(([pattern]) => contentType !== null && pattern.test(contentType))?.[1] ?? null;

export const memberFromPath: MemberOf = (request) => (request.params as { id?: number }).id ?? null;

export const memberFromBody: MemberOf = (request) => {
  const value = (request.body as { member_id?: unknown } | undefined)?.member_id;
  return typeof value === 'number' ? value : null;
};

/**
 * The member ids at `paths` ('member_id', or 'possible_duplicate.id' for a nested object) of each
 * row of the answer's `data` (a page's rows, or one object).
 */
export const membersInRows = (...paths: string[]): MembersOf => {
  // Split once, not per row of every answer.
  const keys = paths.map((path) => path.split('.'));
  const at = (row: unknown, path: string[]) => {
    let value = row;
    for (const key of path) value = (value as Record<string, unknown> | null | undefined)?.[key];
    return value;
  };
  return (answer) => {
    const data = (answer as { data?: unknown } | null)?.data;
    const rows: unknown[] = Array.isArray(data) ? data : data ? [data] : [];
    const members: unknown[] = [];
    for (const row of rows) for (const path of keys) members.push(at(row, path));
    return members;
  };
};

function addMembers(request: FastifyRequest, ids: Iterable<unknown>): void {
  const members = (request.accessMembers ??= new Set());
  for (const id of ids) if (typeof id === 'number' && Number.isInteger(id)) members.add(id);
}

/**
 * Passes an export's batches on and counts their rows for the entry; with `memberOf`, also
 * gathers the members the rows belong to, so each of them finds the export in their own log.
 */
export async function* countRows<Row>(
  request: FastifyRequest,
  batches: AsyncIterable<readonly Row[]>,
  memberOf?: (row: Row) => number,
): AsyncGenerator<readonly Row[]> {
  request.accessRowCount = 0;
  for await (const rows of batches) {
    request.accessRowCount += rows.length;
    if (memberOf) addMembers(request, rows.map(memberOf));
    yield rows;
  }
}

async function accessLog(app: FastifyInstance) {
  app.decorateRequest('accessRowCount', null);
  app.decorateRequest('accessMembers', null);
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

  const logged = (request: FastifyRequest, statusCode: number): AccessLogRule | null => {
    const rule = request.routeOptions.config.accessLog;
    const account = request.account;
    if (!rule || !account || statusCode >= 300 || (account.role_id < 3 && !rule.evenForSelf)) return null;
    return rule;
  };

  // The answer's members are read from its body before serialisation (which may drop fields).
  app.addHook('preSerialization', (request, reply, payload, done) => {
    const rule = logged(request, reply.statusCode);
    if (rule?.members) {
      try {
        addMembers(request, rule.members(payload));
      } catch (error) {
        request.log.error({ err: error }, 'access log: the answer could not be read for its members');
      }
    }
    done(null, payload);
  });

  // Most answers record nothing, and most that do know their members by now (from the answer, the
  // path or an export's rows): both leave at once, without a promise. Only an entry whose member is
  // looked up waits; those still looking when the app closes are waited for, then written.
  const recording = new Set<Promise<void>>();
  app.addHook('onResponse', (request, reply, done) => {
    const rule = logged(request, reply.statusCode);
    const account = request.account;
    if (!rule || !account) return done();
    const lookup = record(request, account, rule, String(reply.getHeader('content-type') ?? '') || null);
    if (!lookup) return done();
    const entry = lookup.finally(() => {
      recording.delete(entry);
      done();
    });
    recording.add(entry);
    app.services.accessLog.track(entry);
  });
  app.addHook('onClose', async () => {
    await Promise.all(recording);
    await app.services.accessLog.flush();
  });

  /** Takes the request's entry, or answers the lookup of its member that the entry waits for. */
  function record(request: FastifyRequest, account: NonNullable<FastifyRequest['account']>, rule: AccessLogRule, sent: string | null): Promise<void> | null {
    const notRecorded = (error: unknown) => request.log.error({ err: error }, 'access log entry not recorded');
    try {
      const format = rule.kind === 'export' ? formatOf(sent) : null;
      const log = (memberId: number | null, extra: { detail?: string; memberIds?: number[]; rowCount?: number | null } = {}) => {
        const detail = extra.detail ?? rule.detail;
        recordAccess(
          app.services.accessLog,
          account,
          {
            memberId,
            kind: rule.kind,
            detail: format ? `${detail} (${format})` : detail,
            rowCount: extra.rowCount !== undefined ? extra.rowCount : request.accessRowCount,
            memberIds: extra.memberIds ?? null,
            ip: request.ip,
          },
          { evenForSelf: rule.evenForSelf },
        );
      };
      const members = [...(request.accessMembers ?? [])].sort((a, b) => a - b);
      // An action on many (an export, a bank file read in): always one entry, naming the members it touched.
      if (rule.member === null && rule.members) {
        log(null, { memberIds: members.length > 0 ? members : undefined, rowCount: members.length });
        return null;
      }
      if (rule.members) {
        if (members.length === 1) log(members[0], { rowCount: null });
        else if (members.length > 1) log(null, { detail: rule.list ?? rule.detail, memberIds: members, rowCount: members.length });
        return null;
      }
      if (rule.member === null) {
        log(null, { memberIds: members.length > 0 ? members : undefined });
        return null;
      }
      const take = (memberId: number | null | undefined) => {
        if (memberId !== null && memberId !== undefined) log(memberId);
      };
      const found = (rule.member ?? memberFromPath)(request);
      if (found instanceof Promise) return found.then(take).catch(notRecorded);
      take(found);
      return null;
    } catch (error) {
      notRecorded(error);
      return null;
    }
  }
}

export default fp(accessLog, { name: 'access-log', dependencies: ['services', 'auth'] });
