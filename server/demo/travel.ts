/** Travel insurance: running policies, requests waiting for staff, and last year's ended ones. */
import type { DemoContext, DemoMember } from './context.ts';
import { addDays, at, endOfYear, yearOf } from './dates.ts';
import type { IterationSpec } from './iterations.ts';
import type { Row } from './insert.ts';
import { SUBSCRIPTION_DEFAULTS } from './memberships.ts';
import { priceForRestOfYear } from '../schemas/travel-rules.ts';

export const TRAVEL_PRODUCTS = [
  { id: 1, price: 1290 },
  { id: 2, price: 1890 },
] as const;

export interface TravelPlan {
  subscriptions: Row[];
  iterations: IterationSpec[];
}

type Kind = 'active' | 'pending' | 'ended';

function period(context: DemoContext, member: DemoMember, kind: Kind): { start: string; end: string | null } {
  const { random, today } = context;
  if (kind === 'pending') {
    const start = addDays(today, random.int(0, 21));
    return { start, end: random.chance(0.3) ? addDays(start, random.int(30, 150)) : null };
  }
  if (kind === 'ended') {
    const start = `${yearOf(today) - 1}-0${random.int(1, 6)}-${String(random.int(1, 28)).padStart(2, '0')}`;
    return { start, end: addDays(start, random.int(30, 150)) };
  }
  // A tour policy still running, or a yearly one that renews until stopped.
  if (random.chance(0.3)) return { start: addDays(today, -random.int(5, 120)), end: addDays(today, random.int(10, 150)) };
  const earliest = member.since > addDays(today, -700) ? member.since : addDays(today, -700);
  const days = Math.max(0, Math.floor((Date.parse(addDays(today, -5)) - Date.parse(earliest)) / 86_400_000));
  return { start: addDays(earliest, random.int(0, days)), end: null };
}

export function travelSubscription(context: DemoContext, member: DemoMember, kind: Kind, id: number, plan: TravelPlan): void {
  const { random, today } = context;
  const product = random.chance(0.65) ? TRAVEL_PRODUCTS[0] : TRAVEL_PRODUCTS[1];
  const { start, end } = period(context, member, kind);
  const orderedOn = addDays(start, -random.int(2, 10));
  const ordered = at(orderedOn, random.int(8 * 60, 22 * 60));
  const accepted = at(addDays(orderedOn, random.int(1, 2)), random.int(8 * 60, 16 * 60));
  const staff = random.pick(context.staff);
  const value = yearOf(start) === yearOf(today) ? priceForRestOfYear(product.price, Number(start.slice(5, 7)) - 1) : product.price;
  const handled = kind !== 'pending';
  plan.subscriptions.push({
    ...SUBSCRIPTION_DEFAULTS,
    id,
    member_id: member.id,
    product_id: product.id,
    kind: 'travel',
    state: kind,
    value,
    subscription_start: start,
    subscription_end: end,
    invoiced_for: handled ? (end ?? endOfYear(today)) : null,
    validated_at: handled ? accepted : null,
    validated_by: handled ? staff.id : null,
    created_at: ordered,
    updated_at: kind === 'ended' && end ? at(end, 0) : handled ? accepted : ordered,
  });
  const asOrdered = { state: 'pending', invoiced_for: null, validated_at: null, validated_by: null };
  plan.iterations.push({ id, overrides: handled ? asOrdered : {}, created_at: ordered, created_by: member.id });
  if (kind === 'active') plan.iterations.push({ id, overrides: {}, created_at: accepted, created_by: staff.id });
  if (kind === 'ended' && end) {
    plan.iterations.push({ id, overrides: { state: 'active' }, created_at: accepted, created_by: staff.id });
    plan.iterations.push({ id, overrides: {}, created_at: at(end, 0), created_by: null });
  }
}
