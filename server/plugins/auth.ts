/**
 * Authentication and the role guard for the whole /api subtree, in one hook.
 * A route says who may call it with `config.access`; a route that says nothing is staff-only,
 * so forgetting the setting never opens a route. Blocked members may only use routes that set
 * `config.allowBlocked`.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findTokenOwner, type TokenOwner } from '../lib/tokens.ts';
import { forbidden, MESSAGES, notFound, unauthenticated } from '../lib/http-errors.ts';

/** public: anyone; member: roles 1, 2; staff: roles 3-5; signed-in: any signed-in account. */
export type Access = 'public' | 'member' | 'staff' | 'signed-in';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    allowBlocked?: boolean;
  }
  interface FastifyRequest {
    account: TokenOwner | null;
  }
}

export const isStaff = (account: Pick<TokenOwner, 'role_id'>): boolean => account.role_id >= 3;
export const isMember = (account: Pick<TokenOwner, 'role_id'>): boolean => account.role_id === 1 || account.role_id === 2;

/** The signed-in account; routes behind the guard always have one. */
export function accountOf(request: FastifyRequest): TokenOwner {
  if (!request.account) throw unauthenticated();
  return request.account;
}

/**
 * Object-level check: staff reach every member, a member only their own id.
 * Another member's id answers the same 404 as a missing one.
 */
export function assertOwnMember(request: FastifyRequest, memberId: number): TokenOwner {
  const account = accountOf(request);
  if (!isStaff(account) && account.id !== memberId) throw notFound();
  return account;
}

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match ? match[1].trim() : null;
}

async function auth(app: FastifyInstance) {
  app.decorateRequest('account', null);

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    // Only routes registered under /api carry the guard; 404s and static files pass through.
    const url = request.routeOptions.url ?? '';
    if (!url.startsWith('/api/') || url.startsWith('/api/docs')) return;
    const access: Access = config.access ?? 'staff';
    const bearer = bearerOf(request);
    if (bearer) request.account = await findTokenOwner(app.services.db, bearer);
    if (access === 'public') return;
    const account = request.account;
    if (!account) throw unauthenticated();
    if (access === 'staff' && !isStaff(account)) throw forbidden();
    if (access === 'member' && !isMember(account)) throw forbidden();
    if (isMember(account) && account.blocked_access && !config.allowBlocked) throw forbidden(MESSAGES.blocked);
  });
}

export default fp(auth, { name: 'auth', dependencies: ['services'] });
