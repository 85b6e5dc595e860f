/**
 * Authentication and the role guard for the whole /api subtree, in one hook.
 * A route says who may call it with `config.access`; a route that says nothing is staff-only,
 * so forgetting the setting never opens a route. Blocked members may only use routes that set
 * `config.allowBlocked`. Every route staff may call declares the staff right it needs
 * (`config.right`, domain/staff/rights.ts; `false`: any staff user) or the server does not
 * start; a staff user without it gets 403 naming the right.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findTokenOwner } from '../lib/tokens.ts';
import { forbidden, HttpError, MESSAGES, unauthenticated } from '../lib/http-errors.ts';

export const TWO_FACTOR_SETUP_REQUIRED = ACCOUNT_MESSAGES.twoFactorSetupRequired;
import { isMember, isStaff } from '../lib/access.ts';
import { ACCOUNT_MESSAGES } from '../domain/accounts/account-texts.ts';
import { isRight, missingRight, type Right } from '../domain/staff/rights.ts';

/**
 * public: anyone; member: roles 1, 2; staff: roles 3-5; signed-in: any signed-in account;
 * member-or-staff: members with a membership (role 2) and staff, not applicants (role 1).
 */
export type Access = 'public' | 'member' | 'staff' | 'signed-in' | 'member-or-staff';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    allowBlocked?: boolean;
    /** Reachable by staff who must enrol in two-factor sign-in and have not yet (enrolment, logout). */
    allowWithoutTwoFactor?: boolean;
    /** The right a staff caller needs; false: any staff user. Required on every route staff may call. */
    right?: Right | false;
  }
}

/** Whether staff may call a route of this access at all (then it must declare its right). */
const staffMayCall = (access: Access) => access !== 'public' && access !== 'member';

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match ? match[1].trim() : null;
}

async function auth(app: FastifyInstance) {
  app.decorateRequest('account', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const access: Access = route.config?.access ?? 'staff';
    const right = route.config?.right;
    const methods = [route.method].flat().join(',');
    if (right !== undefined && right !== false && !isRight(right)) throw new Error(`${methods} ${route.url}: unknown right '${String(right)}'`);
    if (staffMayCall(access) && right === undefined) throw new Error(`${methods} ${route.url}: a route staff may call must declare config.right`);
  });

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    // Only routes registered under /api carry the guard; 404s and static files pass through.
    const url = request.routeOptions.url ?? '';
    if (!url.startsWith('/api/') || url.startsWith('/api/docs')) return;
    const access: Access = config.access ?? 'staff';
    const bearer = bearerOf(request);
    if (bearer) request.account = await findTokenOwner(app.services.db, bearer, app.services.sessions);
    if (access === 'public') return;
    const account = request.account;
    if (!account) throw unauthenticated();
    // With STAFF_2FA_REQUIRED, staff without two-factor sign-in reach nothing but enrolment.
    if (isStaff(account) && !account.two_factor && app.services.config.staffTwoFactorRequired && !config.allowWithoutTwoFactor) {
      throw new HttpError(403, { message: TWO_FACTOR_SETUP_REQUIRED, two_factor_setup_required: true });
    }
    if (access === 'staff' && !isStaff(account)) throw forbidden();
    const right = config.right;
    if (isStaff(account) && right && !account.rights.includes(right)) throw new HttpError(403, { message: missingRight(right), right });
    if (access === 'member' && !isMember(account)) throw forbidden();
    if (access === 'member-or-staff' && !isStaff(account) && account.role_id !== 2) throw forbidden();
    if (isMember(account) && account.blocked_access && !config.allowBlocked) throw forbidden(MESSAGES.blocked);
  });
}

export default fp(auth, { name: 'auth', dependencies: ['services'] });
