/** One subscription as the apps read it; instrument insurance comes with its lines. */
import type { Static } from 'typebox';
import type { Queryable } from '../../db/database.ts';
import type { Subscription, SubscriptionLine } from '../../schemas/member.ts';
import { SUBSCRIPTION_SELECT, withStatus } from './subscriptions.ts';
import { personJson } from '../shared/person-json.ts';

export type SubscriptionView = Static<typeof Subscription> & { subscription_lines?: Static<typeof SubscriptionLine>[] };

type Row = Parameters<typeof withStatus>[0];

const LINES = `
  SELECT l.id, json_build_object('id', p.id, 'name', p.name, 'price', p.price, 'remote_id', p.remote_id) AS product,
         l.quantity, l.value, l.subscription_start, l.subscription_end, l.updated_at,
         ${personJson('vb')} AS validated_by_user
    FROM subscription_lines l
    JOIN products p ON p.id = l.product_id
    LEFT JOIN accounts vb ON vb.id = l.validated_by
   WHERE l.subscription_id = $1
   ORDER BY l.id`;

export async function loadSubscription(db: Queryable, id: number): Promise<SubscriptionView | null> {
  const [row] = await db.query<Row>(`${SUBSCRIPTION_SELECT} WHERE s.id = $1`, [id]);
  if (!row) return null;
  const { kind, ...rest } = row;
  const subscription = withStatus({ ...rest, kind });
  if (kind !== 'instrument') return subscription;
  return { ...subscription, subscription_lines: await db.query<Static<typeof SubscriptionLine>>(LINES, [id]) };
}
