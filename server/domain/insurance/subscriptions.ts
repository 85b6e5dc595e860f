/** Subscriptions as the apps read them: product, state as a number, who validated or rejected. */
import type { Queryable } from '../../db/database.ts';
import type { Static } from 'typebox';
import type { InstrumentSubscription, InsuredInstrument, Subscription, SubscriptionLine } from '../../schemas/member.ts';
import { personJson } from '../shared/person-json.ts';
import { STATUS_OF_STATE } from './subscription-status.ts';

/** Product ids 1 and 2 are travel insurance. */
export const TRAVEL_PRODUCT_IDS = [1, 2] as const;

export const SUBSCRIPTION_SELECT = `
  SELECT s.id, s.member_id, s.product_id, s.kind,
         json_build_object('id', p.id, 'name', p.name, 'price', p.price, 'remote_id', p.remote_id) AS product,
         s.state, s.value, s.subscription_start, s.subscription_end, s.invoiced_for, s.reason_for_rejection,
         s.created_at, s.updated_at, ${personJson('vb')} AS validated_by_user, ${personJson('rb')} AS rejected_by_user
    FROM subscriptions s
    JOIN products p ON p.id = s.product_id
    LEFT JOIN accounts vb ON vb.id = s.validated_by
    LEFT JOIN accounts rb ON rb.id = s.rejected_by`;

type SubscriptionRow = Omit<Static<typeof Subscription>, 'status'> & { kind: string };

export const withStatus = (row: SubscriptionRow): Static<typeof Subscription> => ({
  ...row,
  status: STATUS_OF_STATE[row.state],
});

// Built once: a prepared statement is found by its text (see members.ts's MEMBER_SQL).
const LINES_SQL = `SELECT l.id, json_build_object('id', p.id, 'name', p.name, 'price', p.price, 'remote_id', p.remote_id) AS product,
            l.quantity, l.value, l.subscription_start, l.subscription_end, l.updated_at, ${personJson('vb')} AS validated_by_user
       FROM subscription_lines l
       JOIN products p ON p.id = l.product_id
       LEFT JOIN accounts vb ON vb.id = l.validated_by
      WHERE l.subscription_id = $1
      ORDER BY l.id`;

async function linesOf(db: Queryable, subscriptionId: number): Promise<Static<typeof SubscriptionLine>[]> {
  return db.query(LINES_SQL, [subscriptionId], { prepare: true });
}

/** The active instruments the subscription insures, named as the summaries show them. */
async function insuredInstruments(db: Queryable, subscriptionId: number): Promise<Static<typeof InsuredInstrument>[]> {
  return db.query(
    `SELECT i.id, c.title AS type, i.make, i.model, i.value, i.insurance_start, i.insurance_end
       FROM instruments i
       JOIN instrument_categories c ON c.id = i.instrument_category
      WHERE i.subscription_id = $1 AND i.state = 'active'
      ORDER BY i.id`,
    [subscriptionId],
    { prepare: true },
  );
}

export interface MemberSubscriptions {
  membership: Static<typeof Subscription> | null;
  instrument: Static<typeof InstrumentSubscription> | null;
  travel: Static<typeof Subscription> | null;
}

/** The subscription columns SUBSCRIPTION_SELECT reads, in its order. */
const SUBSCRIPTION_COLUMNS = [
  'id',
  'member_id',
  'product_id',
  'kind',
  'product',
  'state',
  'value',
  'subscription_start',
  'subscription_end',
  'invoiced_for',
  'reason_for_rejection',
  'created_at',
  'updated_at',
  'validated_by_user',
  'rejected_by_user',
] as const;

/** Prefix of a subscription's columns read beside another row (see MEMBER_SUBSCRIPTIONS_JOIN). */
const PREFIX = 'sub_';
/** Each subscription column and its prefixed name in the joined row, named once rather than per row. */
const PREFIXED = SUBSCRIPTION_COLUMNS.map((column) => [column, `${PREFIX}${column}`] as const);
const PREFIXED_ID = `${PREFIX}id`;

/**
 * A member's subscriptions joined onto a query of that member (`a` the member's account), the
 * one that counts first (active before pending before ended, then the newest): one row per
 * subscription (or one with null subscription columns), each subscription column prefixed. `join` goes after the FROM list,
 * `columns` into the SELECT list and `orderBy` after the WHERE; splitSubscriptionRows reads it.
 * So the member record is one statement (one round trip) rather than two.
 */
export const MEMBER_SUBSCRIPTIONS_JOIN = {
  join: `LEFT JOIN LATERAL (${SUBSCRIPTION_SELECT} WHERE s.member_id = a.id AND s.deleted_at IS NULL) sub ON true`,
  columns: SUBSCRIPTION_COLUMNS.map((column) => `sub.${column} AS ${PREFIX}${column}`).join(', '),
  orderBy: `CASE sub.state WHEN 'active' THEN 0 WHEN 'pending' THEN 1 ELSE 2 END, sub.id DESC`,
};

/** Rows read with MEMBER_SUBSCRIPTIONS_JOIN: the rest of the first row, and the subscriptions. */
export function splitSubscriptionRows<Rest>(rows: Record<string, unknown>[]): { rest: Rest; subscriptions: SubscriptionRow[] } {
  const rest: Record<string, unknown> = {};
  for (const key in rows[0]) if (!key.startsWith(PREFIX)) rest[key] = rows[0][key];
  const subscriptions: SubscriptionRow[] = [];
  for (const row of rows) {
    if (row[PREFIXED_ID] === null) continue;
    const subscription: Record<string, unknown> = {};
    for (const [column, prefixed] of PREFIXED) subscription[column] = row[prefixed];
    subscriptions.push(subscription as SubscriptionRow);
  }
  return { rest: rest as Rest, subscriptions };
}

/** The membership, instrument insurance and travel insurance that count, from the member's subscriptions in preference order. */
export async function pickMemberSubscriptions(db: Queryable, rows: SubscriptionRow[]): Promise<MemberSubscriptions> {
  const membership = rows.find((row) => row.kind === 'membership' && row.state !== 'rejected') ?? null;
  const instrument = rows.find((row) => row.kind === 'instrument' && row.state === 'active') ?? null;
  const travel =
    rows.find((row) => (TRAVEL_PRODUCT_IDS as readonly number[]).includes(row.product_id) && (row.state === 'active' || row.state === 'pending')) ?? null;
  return {
    membership: membership && withStatus(membership),
    instrument: instrument && {
      ...withStatus(instrument),
      subscription_lines: await linesOf(db, instrument.id),
      instruments: await insuredInstruments(db, instrument.id),
    },
    travel: travel && withStatus(travel),
  };
}
