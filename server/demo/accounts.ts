/** Staff, the demo member and some 330 members spread over every state a member can be in. */
import type { Queryable } from '../db/database.ts';
import type { DemoContext, DemoMember, MemberState, Staff } from './context.ts';
import { addDays, at } from './dates.ts';
import { insertRows, idCounter, syncSequence, type Row } from './insert.ts';
import { makePerson, postalPicker, type Person, type PostalCode } from './people.ts';

export const DEMO_STAFF = [
  { email: 'ansatt@example.no', first_name: 'Ingrid', last_name: 'Berg', role_id: 5 },
  { email: 'thomas.lie@example.no', first_name: 'Thomas', last_name: 'Lie', role_id: 3 },
  { email: 'leder@example.no', first_name: 'Siri', last_name: 'Haugland', role_id: 4 },
  { email: 'admin@example.no', first_name: 'Erik', last_name: 'Solheim', role_id: 5 },
] as const;

export const DEMO_MEMBER_EMAIL = 'medlem@example.no';

const DEMO_MEMBER: Person = {
  first_name: 'Ola',
  last_name: 'Nordmann',
  gender: 1,
  email: DEMO_MEMBER_EMAIL,
  phone: '91234567',
  address: 'Storgata 12',
  postal_code: '0155',
  postal_area: 'OSLO',
  birthdate: '1988-04-17',
  artist_name: 'Ola og Nordlysorkesteret',
  primary_instrument_type: 1,
  invoice_method: 'EFAKTURA',
  invoice_email: null,
  newsletter_2: true,
  newsletter_3: false,
};

const STATE_COUNTS: Record<MemberState, number> = {
  member: 250,
  blocked: 10,
  applicant: 30,
  rejected: 20,
  incomplete: 15,
};

const DUPLICATES = 4;

export const isMember = (member: Pick<DemoMember, 'state'>) => member.state === 'member' || member.state === 'blocked';

export const REJECTION_REASONS = [
  'Søkeren driver ikke med musikk som yrke eller fast bigeskjeft.',
  'Søkeren er allerede medlem med en annen e-postadresse.',
  'Vi mangler dokumentasjon på musikkvirksomheten.',
  'Søknaden mangler adresse og fødselsdato.',
];

const ACCOUNT_DEFAULTS = {
  remote_id: null,
  status: '1',
  blocked_access: false,
  registration_completed: 1,
  is_previous_member: false,
  campaign_id: null,
  possible_duplicate_of: null,
  reason_for_rejection: null,
  rejected_at: null,
  rejected_by: null,
  validated_at: null,
  validated_by: null,
  membership_start_date: null,
};

export async function insertStaff(db: Queryable, today: string, passwordHash: string): Promise<Staff[]> {
  const nextId = await idCounter(db, 'accounts');
  const staff = DEMO_STAFF.map((person) => ({ ...person, id: nextId() }));
  await insertRows(
    db,
    'accounts',
    staff.map((person) => ({
      ...ACCOUNT_DEFAULTS,
      ...person,
      password_hash: passwordHash,
      created_at: at(addDays(today, -900), 540),
      updated_at: at(addDays(today, -900), 540),
    })),
  );
  await syncSequence(db, 'accounts');
  return staff;
}

/** How long ago someone in this state joined or applied. */
function sinceFor(context: DemoContext, state: MemberState): string {
  const { random, today } = context;
  if (state === 'member' || state === 'blocked') return addDays(today, -random.int(3, 15 * 365));
  if (state === 'rejected') return addDays(today, -random.int(10, 400));
  return addDays(today, -random.int(0, 30));
}

interface Planned {
  state: MemberState;
  person: Person;
  since: string;
  duplicateOf: number | null;
}

function plan(context: DemoContext, postalCodes: readonly PostalCode[]): Planned[] {
  const { random, today } = context;
  const pickPostal = postalPicker(random, postalCodes);
  const states = random.shuffle((Object.entries(STATE_COUNTS) as [MemberState, number][]).flatMap(([state, count]) => Array<MemberState>(count).fill(state)));
  const planned: Planned[] = [{ state: 'member', person: DEMO_MEMBER, since: addDays(today, -4 * 365 - 37), duplicateOf: null }];
  states.forEach((state, index) => {
    const person = makePerson(random, index + 1, pickPostal, today);
    // An applicant who has not reached step two has given no artist name yet.
    if (state === 'incomplete') person.artist_name = null;
    planned.push({ state, person, since: sinceFor(context, state), duplicateOf: null });
  });
  // Someone applying again under a new e-mail: same name and birthdate as an existing member.
  for (let i = 0; i < DUPLICATES; i++) {
    const original = 1 + random.int(0, planned.length - 2);
    const person = { ...planned[original].person, email: `${planned[original].person.email.split('@')[0]}.ny@example.org` };
    if (i % 2 === 1) person.phone = makePerson(random, 0, pickPostal, today).phone;
    planned.push({ state: 'applicant', person, since: addDays(today, -random.int(0, 14)), duplicateOf: original });
  }
  return planned;
}

function accountRow(context: DemoContext, member: DemoMember, duplicateOf: number | null, campaignId: number | null, passwordHash: string): Row {
  const joined = isMember(member);
  const rejected = member.state === 'rejected';
  return {
    ...ACCOUNT_DEFAULTS,
    id: member.id,
    role_id: joined ? 2 : 1,
    password_hash: passwordHash,
    remote_id: member.remote_id,
    status: rejected ? '2' : '1',
    blocked_access: member.state === 'blocked',
    registration_completed: member.state === 'incomplete' ? 0 : 1,
    is_previous_member: context.random.chance(0.05),
    campaign_id: campaignId,
    possible_duplicate_of: duplicateOf,
    reason_for_rejection: member.reason_for_rejection,
    rejected_at: rejected ? member.handled_at : null,
    rejected_by: rejected ? (member.handled_by?.id ?? null) : null,
    validated_at: joined ? member.handled_at : null,
    validated_by: joined ? (member.handled_by?.id ?? null) : null,
    membership_start_date: joined ? member.since : null,
    created_at: member.applied_at,
    updated_at: member.handled_at ?? member.applied_at,
  };
}

/** When the application was sent, and when and by whom it was handled. */
function handling(context: DemoContext, state: MemberState, since: string) {
  const { random, staff } = context;
  const minute = random.int(7 * 60, 23 * 60);
  if (state === 'applicant' || state === 'incomplete') {
    return { applied_at: at(since, minute), handled_at: null, handled_by: null, reason_for_rejection: null };
  }
  const handler = random.pick(staff);
  if (state === 'rejected') {
    return {
      applied_at: at(since, minute),
      handled_at: at(addDays(since, random.int(1, 9)), random.int(8 * 60, 16 * 60)),
      handled_by: handler,
      reason_for_rejection: random.pick(REJECTION_REASONS),
    };
  }
  return {
    applied_at: at(addDays(since, -random.int(1, 6)), minute),
    handled_at: at(since, random.int(8 * 60, 16 * 60)),
    handled_by: handler,
    reason_for_rejection: null,
  };
}

/** Inserts every member; member numbers follow seniority, as they would have been handed out. */
export async function insertMembers(
  db: Queryable,
  context: DemoContext,
  postalCodes: readonly PostalCode[],
  campaignIdOf: (code: string) => number,
  pickCampaign: (member: DemoMember) => string | null,
  passwordHash: string,
): Promise<DemoMember[]> {
  const planned = plan(context, postalCodes);
  const nextId = await idCounter(db, 'accounts');
  const members: DemoMember[] = planned.map((entry) => ({
    id: nextId(),
    state: entry.state,
    email: entry.person.email,
    first_name: entry.person.first_name,
    last_name: entry.person.last_name,
    phone: entry.person.phone,
    since: entry.since,
    ...handling(context, entry.state, entry.since),
    campaign_code: null,
    remote_id: null,
  }));
  const numbered = members.filter(isMember);
  const numbers = await db.query<{ n: number }>("SELECT nextval('member_number_seq')::int AS n FROM generate_series(1, $1::int)", [numbered.length]);
  [...numbered].sort((a, b) => a.since.localeCompare(b.since) || a.id - b.id).forEach((member, index) => (member.remote_id = numbers[index].n));
  members.slice(1).forEach((member) => (member.campaign_code = pickCampaign(member)));

  const rows = members.map((member, index) => {
    const { person, duplicateOf } = planned[index];
    const campaignId = member.campaign_code ? campaignIdOf(member.campaign_code) : null;
    return {
      ...person,
      ...accountRow(context, member, duplicateOf === null ? null : members[duplicateOf].id, campaignId, passwordHash),
    };
  });
  await insertRows(db, 'accounts', rows);
  await syncSequence(db, 'accounts');
  return members;
}
