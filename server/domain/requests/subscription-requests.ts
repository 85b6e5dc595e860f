/**
 * Accepting, rejecting and reopening a subscription request (a membership application or a
 * travel insurance order) by its subscription id, through the one request state machine. The
 * subscription row is locked first, so of two staff acting at once one wins and the other gets
 * 409. The common part (state, who and when, the reason) is done here; what accepting or
 * rejecting means for each kind (a member number, a welcome mail, the rejection mail, …) is in
 * that kind's effects.
 */
import type { Database } from '../../db/database.ts';
import type { Outbox } from '../messages/outbox.ts';
import type { BillingConfig } from '../../config.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import {
  nextState,
  rejectionReason,
  TRANSITION_REFUSED,
  type RequestAction,
  type RequestContext,
  type RequestEffects,
  type RequestRow,
} from './request-machine.ts';
import { loadSubscription, type SubscriptionView } from '../insurance/subscription-view.ts';
import { membershipEffects } from './membership-requests.ts';
import { travelEffects } from './travel-requests.ts';

const EFFECTS: Partial<Record<RequestRow['kind'], RequestEffects>> = {
  membership: membershipEffects,
  travel: travelEffects,
};

export const NOT_A_SUBSCRIPTION_REQUEST = 'Instrumentforsikring behandles per instrument, ikke per abonnement.';

export type SubscriptionRequestAction =
  /** `late`: accepting a rejected request after all (its own page); the queue's accept takes only a pending one. */
  { action: 'accept'; late?: boolean } | { action: 'reopen' } | { action: 'reject'; reason: string; sendEmail: boolean };

const STATE_CHANGE: Record<RequestAction, string> = {
  accept: `state = 'active', validated_at = now(), validated_by = $2,
           rejected_at = NULL, rejected_by = NULL, reason_for_rejection = NULL`,
  reject: `state = 'rejected', rejected_at = now(), rejected_by = $2, reason_for_rejection = $3`,
  reopen: `state = 'pending', rejected_at = NULL, rejected_by = NULL, reason_for_rejection = NULL`,
};

/** Takes the action on subscription `id` and answers the subscription as it now is. */
export function actOnSubscriptionRequest(
  db: Database,
  outbox: Outbox,
  id: number,
  staffId: number,
  request: SubscriptionRequestAction,
  billing: BillingConfig,
): Promise<SubscriptionView> {
  // Checked before the transaction: a blank reason is a 422 whatever the state.
  const reason = request.action === 'reject' ? rejectionReason(request.reason) : null;
  return db.transaction(async (tx) => {
    const [row] = await tx.query<RequestRow>(
      'SELECT id, member_id, kind, state, product_id FROM subscriptions WHERE id = $1 AND deleted_at IS NULL FOR UPDATE',
      [id],
    );
    if (!row) throw notFound();
    const effects = EFFECTS[row.kind];
    if (!effects) throw conflict(NOT_A_SUBSCRIPTION_REQUEST);
    // A queue's accept racing a reject must not turn into a late accept: only the request's page asks for that.
    if (request.action === 'accept' && row.state === 'rejected' && request.late !== true) throw conflict(TRANSITION_REFUSED.accept);
    nextState(row.state, request.action);
    // Reopening names no staff user ($2): it only clears the rejection.
    const params: unknown[] = request.action === 'reopen' ? [id] : [id, staffId];
    if (reason !== null) params.push(reason);
    await tx.query(`UPDATE subscriptions SET ${STATE_CHANGE[request.action]}, updated_at = now() WHERE id = $1`, params);
    const context: RequestContext = { tx, outbox, staffId, row, billing };
    if (request.action === 'reject') await effects.reject({ ...context, reason: reason!, sendEmail: request.sendEmail });
    else await effects[request.action](context);
    return (await loadSubscription(tx, id))!;
  });
}
