/**
 * The request page's route parameter is a query-like string (spec section 2):
 * 'subscription_id={s}&member_id={m}'. Anything else is refused, not guessed at.
 */
export interface RequestLink {
  subscriptionId: number;
  memberId: number;
}

const LINK = /^subscription_id=([1-9]\d{0,8})&member_id=([1-9]\d{0,8})$/;

export function parseRequestLink(param: string | undefined): RequestLink | null {
  const match = LINK.exec(param ?? '');
  if (!match) return null;
  return { subscriptionId: Number(match[1]), memberId: Number(match[2]) };
}
