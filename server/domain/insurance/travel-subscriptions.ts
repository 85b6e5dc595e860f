/**
 * Ordering and changing travel insurance, by a member for themselves or by staff for any member.
 * A member has at most one travel subscription at a time (pending, active or rejected): a second
 * order changes it. A member's order or change waits for staff as a pending request (see
 * travel-requests.ts for accept and reject); a staff order is active at once. The price for the
 * rest of the year is worked out here with the form's own rule and stored as what is invoiced.
 * Every change writes an iteration for the travel log.
 */
import type { Database, Queryable } from '../../db/database.ts';
import { notFound, conflict, validationFailed } from '../../lib/http-errors.ts';
import { invoicedPrice, isTravelProductId, TRAVEL_MESSAGES, travelDateErrors } from '../../schemas/travel-rules.ts';
import { isCalendarDate } from '../../schemas/rules.ts';
import type { TravelOrderBody } from '../../schemas/travel.ts';
import { nextState } from '../requests/request-machine.ts';
import { snapshotSubscription } from './iterations.ts';
import { loadSubscription, type SubscriptionView } from './subscription-view.ts';
import { todayInOslo } from '../shared/oslo-date.ts';
import { TRAVEL_TEXTS } from './travel-texts.ts';

export interface TravelActor {
  id: number;
  staff: boolean;
}

interface TravelRow {
  id: number;
  member_id: number;
  state: string;
  product_id: number;
  subscription_start: string | null;
  subscription_end: string | null;
  accepted_cover: unknown;
}

export const TRAVEL_ENDED = TRAVEL_TEXTS.ended.nb;

const CURRENT_STATES = `('pending', 'active', 'rejected')`;

const TRAVEL_COLUMNS = 'id, member_id, state, product_id, subscription_start, subscription_end, accepted_cover';

/** The last day invoiced for: the end date, or the end of the year the cover is charged from. */
export function invoicedUntil(start: string | null, end: string | null, today: string): string {
  if (end) return end;
  const from = start && start > today ? start : today;
  return `${from.slice(0, 4)}-12-31`;
}

function checkOrder(order: TravelOrderBody): void {
  const errors: Record<string, string[]> = {};
  if (!isTravelProductId(order.product_id)) errors.product_id = [TRAVEL_MESSAGES.productNotTravel];
  const start = order.subscription_start ?? null;
  const end = order.subscription_end ?? null;
  if (start && !isCalendarDate(start)) errors.subscription_start = [TRAVEL_MESSAGES.invalidDate];
  if (end && !isCalendarDate(end)) errors.subscription_end = [TRAVEL_MESSAGES.invalidDate];
  else if (start && end && end < start) errors.subscription_end = [TRAVEL_MESSAGES.endBeforeStart];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

/** The dates against today (travelDateErrors, the rule the member's form shows before 'Bestill'). */
function checkDates(actor: TravelActor, row: TravelRow | null, order: TravelOrderBody, today: string): void {
  const found = travelDateErrors(order.subscription_start ?? null, order.subscription_end ?? null, today, row?.subscription_start ?? null, actor.staff);
  const errors = Object.fromEntries(Object.entries(found).map(([name, message]) => [name, [message]]));
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

async function lockTravelRow(tx: Queryable, memberId: number, subscriptionId: number | undefined): Promise<TravelRow | null> {
  if (subscriptionId === undefined) {
    const [current] = await tx.query<TravelRow>(
      `SELECT ${TRAVEL_COLUMNS} FROM subscriptions
        WHERE member_id = $1 AND kind = 'travel' AND state IN ${CURRENT_STATES} AND deleted_at IS NULL
        ORDER BY CASE state WHEN 'active' THEN 0 WHEN 'pending' THEN 1 ELSE 2 END, id DESC
        LIMIT 1 FOR UPDATE`,
      [memberId],
    );
    return current ?? null;
  }
  const [row] = await tx.query<TravelRow>(`SELECT ${TRAVEL_COLUMNS} FROM subscriptions WHERE id = $1 AND kind = 'travel' AND deleted_at IS NULL FOR UPDATE`, [
    subscriptionId,
  ]);
  if (!row || row.member_id !== memberId) throw notFound();
  if (!['pending', 'active', 'rejected'].includes(row.state)) throw conflict(TRAVEL_ENDED);
  return row;
}

const unchanged = (row: TravelRow, order: TravelOrderBody): boolean =>
  row.product_id === order.product_id &&
  row.subscription_start === (order.subscription_start ?? null) &&
  row.subscription_end === (order.subscription_end ?? null);

/**
 * Saves a travel order: a new subscription when the member has none (`subscriptionId`
 * undefined), otherwise a change of it. Answers the subscription as it now is.
 */
export function saveTravelOrder(db: Database, actor: TravelActor, order: TravelOrderBody, subscriptionId?: number): Promise<SubscriptionView> {
  // Another member's id answers as if it did not exist.
  if (!actor.staff && order.member_id !== actor.id) throw notFound();
  if (subscriptionId !== undefined && order.id !== undefined && order.id !== subscriptionId) throw notFound();
  checkOrder(order);
  return db.transaction(async (tx) => {
    // Locking the member serialises two orders at once, so they never make twins.
    const [member] = await tx.query('SELECT id FROM accounts WHERE id = $1 AND role_id IN (1, 2) FOR UPDATE', [order.member_id]);
    if (!member) throw notFound();
    const row = await lockTravelRow(tx, order.member_id, subscriptionId);
    if (row && unchanged(row, order)) return (await loadSubscription(tx, row.id))!;
    const today = todayInOslo();
    checkDates(actor, row, order, today);
    const start = order.subscription_start ?? null;
    const end = order.subscription_end ?? null;
    const [{ price }] = await tx.query<{ price: number }>('SELECT price FROM products WHERE id = $1', [order.product_id]);
    const value = invoicedPrice(price, start, today);
    const id = row ? await change(tx, actor, row, { ...order, value, start, end, today }) : await create(tx, actor, { ...order, value, start, end, today });
    await snapshotSubscription(tx, id, actor.id);
    return (await loadSubscription(tx, id))!;
  });
}

interface Values {
  member_id: number;
  product_id: number;
  value: number;
  start: string | null;
  end: string | null;
  today: string;
}

async function create(tx: Queryable, actor: TravelActor, values: Values): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO subscriptions (member_id, product_id, kind, state, value, subscription_start, subscription_end,
                                invoiced_for, validated_at, validated_by)
     VALUES ($1, $2, 'travel', $3, $4, $5, $6, $7, CASE WHEN $8::int IS NULL THEN NULL ELSE now() END, $8)
     RETURNING id`,
    [
      values.member_id,
      values.product_id,
      actor.staff ? 'active' : 'pending',
      values.value,
      values.start,
      values.end,
      actor.staff ? invoicedUntil(values.start, values.end, values.today) : null,
      actor.staff ? actor.id : null,
    ],
  );
  return row.id;
}

const SET_VALUES = 'product_id = $2, value = $3, subscription_start = $4, subscription_end = $5, updated_at = now()';

async function change(tx: Queryable, actor: TravelActor, row: TravelRow, values: Values): Promise<number> {
  const params = [row.id, values.product_id, values.value, values.start, values.end];
  if (actor.staff) {
    // Staff change what is there; a request keeps waiting for its accept or reject.
    const invoiced = row.state === 'active' ? invoicedUntil(values.start, values.end, values.today) : null;
    await tx.query(`UPDATE subscriptions SET ${SET_VALUES}, invoiced_for = coalesce($6, invoiced_for) WHERE id = $1`, [...params, invoiced]);
    return row.id;
  }
  if (row.state === 'rejected') nextState(row.state, 'reopen');
  // A change of an active cover is a new request; the cover is kept so a rejection restores it.
  const keepCover =
    row.state === 'active'
      ? `jsonb_build_object('product_id', product_id, 'value', value, 'subscription_start', subscription_start,
                          'subscription_end', subscription_end, 'invoiced_for', invoiced_for)`
      : 'accepted_cover';
  await tx.query(
    `UPDATE subscriptions
        SET accepted_cover = ${keepCover}, ${SET_VALUES}, state = 'pending',
            rejected_at = NULL, rejected_by = NULL, reason_for_rejection = NULL
      WHERE id = $1`,
    params,
  );
  return row.id;
}
