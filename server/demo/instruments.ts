/** Instruments in every state, with the instrument-insurance subscription and its lines. */
import type { DemoContext, DemoMember, Staff } from './context.ts';
import { addDays, at, endOfYear } from './dates.ts';
import type { IterationSpec } from './iterations.ts';
import type { Row } from './insert.ts';
import { SUBSCRIPTION_DEFAULTS } from './memberships.ts';
import { INSTRUMENTS } from './names.ts';

const INSTRUMENT_PRODUCT = { id: 4, price: 995 };

/** Typical insured values in kroner, by category. */
const VALUE_RANGES: Record<number, readonly [number, number]> = {
  1: [6000, 45000],
  2: [7000, 35000],
  3: [8000, 60000],
  4: [12000, 90000],
  5: [10000, 150000],
  6: [9000, 70000],
  8: [10000, 80000],
  9: [5000, 40000],
  10: [4000, 30000],
};

export const INSTRUMENT_REJECTION_REASONS = [
  'Vi mangler kvittering eller takst for instrumentet.',
  'Serienummeret mangler.',
  'Verdien er høyere enn det vi kan forsikre uten takst.',
];

export type InstrumentState = 'active' | 'requested' | 'rejected' | 'deleted';

export interface InstrumentSpec {
  state: InstrumentState;
  category: number;
  make: string;
  model: string;
  serial_number: string | null;
  value: number;
  /** Set on an active instrument the member has asked to change. */
  requested_change?: Record<string, unknown>;
}

export interface InstrumentPlan {
  subscriptions: Row[];
  lines: Row[];
  instruments: Row[];
  subscriptionIterations: IterationSpec[];
  instrumentIterations: IterationSpec[];
}

export interface Ids {
  subscription(): number;
  line(): number;
  instrument(): number;
}

const INSTRUMENT_DEFAULTS = {
  insurance_end: null,
  requested_change: null,
  reason_for_rejection: null,
  rejected_at: null,
  rejected_by: null,
  validated_at: null,
  validated_by: null,
  deleted_at: null,
};

const daysBetween = (from: string, to: string) => Math.floor((Date.parse(to) - Date.parse(from)) / 86_400_000);

const round = (value: number) => Math.round(value / 500) * 500;

export function randomInstrument(context: DemoContext, state: InstrumentState): InstrumentSpec {
  const { random } = context;
  const category = random.pick(Object.keys(INSTRUMENTS).map(Number));
  const [make, model] = random.pick(INSTRUMENTS[category]);
  const [low, high] = VALUE_RANGES[category];
  const serial = random.chance(0.9) ? `${make.slice(0, 2).toUpperCase()}${random.int(10, 99)}${String(random.int(0, 999999)).padStart(6, '0')}` : null;
  return { state, category, make, model, serial_number: serial, value: round(random.int(low, high)), requested_change: undefined };
}

/** A member's change to an active instrument, waiting for staff: a new valuation or a corrected serial number. */
export function changeRequest(context: DemoContext, spec: InstrumentSpec): Record<string, unknown> {
  const revalued = context.random.chance(0.6);
  return {
    instrument_category: spec.category,
    make: spec.make,
    model: spec.model,
    serial_number: revalued || !spec.serial_number ? spec.serial_number : `${spec.serial_number}-B`,
    value: revalued ? round(spec.value * 1.25) : spec.value,
  };
}

/**
 * The instruments of one member. With active ones the member has an active subscription with
 * one line per insured instrument; with only requested ones the subscription waits for staff.
 */
export function memberInstruments(context: DemoContext, member: DemoMember, specs: readonly InstrumentSpec[], ids: Ids, plan: InstrumentPlan): void {
  const { random, today } = context;
  const insured = specs.some((spec) => spec.state !== 'requested');
  const handler = random.pick(context.staff);
  const since = insured ? addDays(today, -random.int(60, 1500)) : addDays(today, -random.int(0, 20));
  const subscriptionId = ids.subscription();
  const opened = at(since, random.int(8 * 60, 16 * 60));
  plan.subscriptions.push({
    ...SUBSCRIPTION_DEFAULTS,
    id: subscriptionId,
    member_id: member.id,
    product_id: INSTRUMENT_PRODUCT.id,
    kind: 'instrument',
    state: insured ? 'active' : 'pending',
    value: INSTRUMENT_PRODUCT.price,
    subscription_start: since,
    invoiced_for: insured ? endOfYear(today) : null,
    validated_at: insured ? opened : null,
    validated_by: insured ? handler.id : null,
    created_at: opened,
    updated_at: opened,
  });
  plan.subscriptionIterations.push({ id: subscriptionId, overrides: {}, created_at: opened, created_by: insured ? handler.id : member.id });
  for (const spec of specs) addInstrument(context, member, spec, { subscriptionId, since, handler }, ids, plan);
}

interface Owner {
  subscriptionId: number;
  since: string;
  handler: Staff;
}

function addInstrument(context: DemoContext, member: DemoMember, spec: InstrumentSpec, owner: Owner, ids: Ids, plan: InstrumentPlan): void {
  const { random, today } = context;
  const id = ids.instrument();
  const staff = owner.handler.id;
  const waiting = spec.state === 'requested';
  const daysInsured = Math.max(0, daysBetween(owner.since, today) - 10);
  const recent = addDays(today, -random.int(0, 14));
  const start = waiting ? (recent > owner.since ? recent : owner.since) : addDays(owner.since, random.int(0, daysInsured));
  const created = at(start, random.int(8 * 60, 15 * 60));
  const handled = at(addDays(start, random.int(1, 3)), random.int(9 * 60, 16 * 60));
  const deleted = spec.state === 'deleted' ? addDays(start, random.int(4, daysBetween(start, today) - 1)) : null;
  const row: Row = {
    ...INSTRUMENT_DEFAULTS,
    id,
    member_id: member.id,
    subscription_id: owner.subscriptionId,
    instrument_category: spec.category,
    make: spec.make,
    model: spec.model,
    serial_number: spec.serial_number,
    value: spec.value,
    insurance_start: start,
    state: spec.state,
    created_at: created,
    updated_at: waiting ? created : handled,
  };
  const asRequested = {
    state: 'requested',
    validated_at: null,
    validated_by: null,
    requested_change: null,
    reason_for_rejection: null,
    rejected_at: null,
    rejected_by: null,
    insurance_end: null,
    deleted_at: null,
  };
  plan.instrumentIterations.push({ id, overrides: waiting ? {} : asRequested, created_at: created, created_by: staff });
  if (spec.state === 'rejected') {
    Object.assign(row, { reason_for_rejection: random.pick(INSTRUMENT_REJECTION_REASONS), rejected_at: handled, rejected_by: staff });
    plan.instrumentIterations.push({ id, overrides: {}, created_at: handled, created_by: staff });
  }
  if (spec.state === 'active' || spec.state === 'deleted') {
    Object.assign(row, { validated_at: handled, validated_by: staff, requested_change: spec.requested_change ?? null });
    const asAccepted = { state: 'active', insurance_end: null, deleted_at: null, requested_change: null };
    plan.instrumentIterations.push({ id, overrides: asAccepted, created_at: handled, created_by: staff });
  }
  if (deleted) {
    Object.assign(row, { insurance_end: deleted, deleted_at: at(deleted, 600), updated_at: at(deleted, 600) });
    plan.instrumentIterations.push({ id, overrides: {}, created_at: at(deleted, 600), created_by: staff });
  }
  if (spec.state === 'active') {
    plan.lines.push({
      id: ids.line(),
      subscription_id: owner.subscriptionId,
      instrument_id: id,
      product_id: INSTRUMENT_PRODUCT.id,
      quantity: 1,
      value: spec.value,
      subscription_start: start,
      subscription_end: null,
      validated_by: staff,
      created_at: handled,
      updated_at: handled,
    });
  }
  plan.instruments.push(row);
}
