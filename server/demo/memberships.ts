/** The membership subscription behind each member's state. */
import type { Queryable } from '../db/database.ts';
import type { DemoContext, DemoMember } from './context.ts';
import { isMember } from './accounts.ts';
import { endOfYear } from './dates.ts';
import { insertRows, idCounter, syncSequence, type Row } from './insert.ts';

const MEMBERSHIP_PRODUCT = { id: 3, price: 1450 };

export const SUBSCRIPTION_DEFAULTS = {
  value: null,
  subscription_start: null,
  subscription_end: null,
  invoiced_for: null,
  reason_for_rejection: null,
  validated_at: null,
  validated_by: null,
  rejected_at: null,
  rejected_by: null,
  cancelled_at: null,
  cancelled_by: null,
  deleted_at: null,
};

function membershipRow(context: DemoContext, member: DemoMember, id: number): Row {
  const row: Row = {
    ...SUBSCRIPTION_DEFAULTS,
    id,
    member_id: member.id,
    product_id: MEMBERSHIP_PRODUCT.id,
    kind: 'membership',
    value: MEMBERSHIP_PRODUCT.price,
    state: 'pending',
    created_at: member.applied_at,
    updated_at: member.handled_at ?? member.applied_at,
  };
  if (isMember(member)) {
    // Those who joined this autumn are invoiced with next year's fee.
    const invoiced = member.since < `${context.today.slice(0, 4)}-10-01`;
    return {
      ...row,
      state: 'active',
      subscription_start: member.since,
      invoiced_for: invoiced ? endOfYear(context.today) : null,
      validated_at: member.handled_at,
      validated_by: member.handled_by?.id ?? null,
    };
  }
  if (member.state === 'rejected') {
    return {
      ...row,
      state: 'rejected',
      reason_for_rejection: member.reason_for_rejection,
      rejected_at: member.handled_at,
      rejected_by: member.handled_by?.id ?? null,
    };
  }
  return row;
}

export async function insertMemberships(db: Queryable, context: DemoContext, members: readonly DemoMember[]): Promise<void> {
  const nextId = await idCounter(db, 'subscriptions');
  await insertRows(
    db,
    'subscriptions',
    members.map((member) => membershipRow(context, member, nextId())),
  );
  await syncSequence(db, 'subscriptions');
}
