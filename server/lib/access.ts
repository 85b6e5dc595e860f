/** Who the signed-in account is and what it may reach, as routes ask it of a request. */
import type { FastifyRequest } from 'fastify';
import type { TokenOwner } from './tokens.ts';
import { notFound, unauthenticated } from './http-errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth plugin from the bearer token. */
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
