/** Hands out travel and instrument insurance among the members, the demo member's own included. */
import type { Queryable } from '../db/database.ts';
import type { DemoContext, DemoMember } from './context.ts';
import { insertRows, idCounter, syncSequence } from './insert.ts';
import { insertInstrumentIterations, insertSubscriptionIterations } from './iterations.ts';
import { changeRequest, memberInstruments, randomInstrument, type InstrumentPlan, type InstrumentSpec } from './instruments.ts';
import { travelSubscription, type TravelPlan } from './travel.ts';
import type { RejectedInstrument } from './messages.ts';

const TRAVEL = { active: 70, pending: 12, ended: 8 };
const INSURED = 45;
const FIRST_REQUESTS = 8;

/** The demo member: three insured instruments, one waiting for approval and one deleted. */
const DEMO_INSTRUMENTS: InstrumentSpec[] = [
  { state: 'active', category: 1, make: 'Fender', model: 'Stratocaster', serial_number: 'US19087342', value: 18500 },
  { state: 'active', category: 2, make: 'Fender', model: 'Jazz Bass', serial_number: 'MX21004417', value: 12000 },
  { state: 'active', category: 4, make: 'Nord', model: 'Stage 4', serial_number: 'NS4-228190', value: 42000 },
  { state: 'requested', category: 1, make: 'Gretsch', model: 'G6120', serial_number: 'JT22093311', value: 27500 },
  { state: 'deleted', category: 8, make: 'Yamaha', model: 'DXR12 høyttaler', serial_number: 'YD1200987', value: 9000 },
];

function instrumentSpecs(context: DemoContext, firstTime: boolean): InstrumentSpec[] {
  const { random } = context;
  if (firstTime) return Array.from({ length: random.int(1, 3) }, () => randomInstrument(context, 'requested'));
  const specs = Array.from({ length: random.int(1, 5) }, () => randomInstrument(context, 'active'));
  if (random.chance(0.2)) specs[0].requested_change = changeRequest(context, specs[0]);
  if (random.chance(0.25)) specs.push(randomInstrument(context, 'requested'));
  if (random.chance(0.15)) specs.push(randomInstrument(context, 'deleted'));
  if (random.chance(0.12)) specs.push(randomInstrument(context, 'rejected'));
  return specs;
}

/** Inserts all insurance; answers the instrument rejections, which were mailed to the members. */
export async function insertInsurance(
  db: Queryable,
  context: DemoContext,
  demoMember: DemoMember,
  members: readonly DemoMember[],
): Promise<RejectedInstrument[]> {
  const { random } = context;
  const nextSubscription = await idCounter(db, 'subscriptions');
  const ids = {
    subscription: nextSubscription,
    line: await idCounter(db, 'subscription_lines'),
    instrument: await idCounter(db, 'instruments'),
  };
  const travel: TravelPlan = { subscriptions: [], iterations: [] };
  const instruments: InstrumentPlan = { subscriptions: [], lines: [], instruments: [], subscriptionIterations: [], instrumentIterations: [] };

  travelSubscription(context, demoMember, 'active', nextSubscription(), travel);
  memberInstruments(context, demoMember, DEMO_INSTRUMENTS, ids, instruments);

  const candidates = random.shuffle(members.filter((member) => member.state === 'member' && member !== demoMember));
  let at = 0;
  for (const [kind, count] of Object.entries(TRAVEL) as ['active' | 'pending' | 'ended', number][]) {
    for (const member of candidates.slice(at, at + count)) travelSubscription(context, member, kind, nextSubscription(), travel);
    at += count;
  }
  // Insurance of both kinds is common, so instruments are handed out over the members afresh.
  const insured = random.shuffle(members.filter((member) => (member.state === 'member' || member.state === 'blocked') && member !== demoMember));
  insured.slice(0, INSURED + FIRST_REQUESTS).forEach((member, index) => {
    memberInstruments(context, member, instrumentSpecs(context, index >= INSURED), ids, instruments);
  });

  await insertRows(db, 'subscriptions', [...travel.subscriptions, ...instruments.subscriptions]);
  // Lines point at their instruments, so the instruments go in first.
  await insertRows(db, 'instruments', instruments.instruments);
  await insertRows(db, 'subscription_lines', instruments.lines);
  for (const table of ['subscriptions', 'subscription_lines', 'instruments']) await syncSequence(db, table);
  await insertSubscriptionIterations(db, [...travel.iterations, ...instruments.subscriptionIterations]);
  await insertInstrumentIterations(db, instruments.instrumentIterations);

  return instruments.instruments
    .filter((row) => row.state === 'rejected')
    .map((row) => ({
      member_id: row.member_id as number,
      rejected_at: row.rejected_at as string,
      rejected_by: row.rejected_by as number,
      reason: row.reason_for_rejection as string,
    }));
}
