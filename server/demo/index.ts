/**
 * The Norwegian demo data set: staff, the demo member and some 330 made-up members in every
 * state, with insurance, campaigns, discount codes, this year's first invoices and their
 * payments, and a message log. Seeded, so every run
 * gives the same data for the same day.
 */
import type { Database, Queryable } from '../db/database.ts';
import { hashPassword } from '../lib/passwords.ts';
import { insertMembers, insertStaff, DEMO_MEMBER_EMAIL } from './accounts.ts';
import { insertCampaigns, insertDiscountCodes } from './campaigns.ts';
import type { DemoContext, DemoMember } from './context.ts';
import { addDays, at, todayInOslo } from './dates.ts';
import { insertInsurance } from './insurance.ts';
import { insertMemberships } from './memberships.ts';
import { insertInvoices } from './invoices.ts';
import { logMemberMessages, MessageLog } from './messages.ts';
import type { PostalCode } from './people.ts';
import { seededRandom } from './random.ts';

export { seedBulkMembers } from './bulk.ts';

export const DEMO_PASSWORD = 'demo1234';
export const DEMO_LOGINS = [
  { label: 'Ansatt', email: 'ansatt@example.no', path: '/' },
  { label: 'Medlem', email: DEMO_MEMBER_EMAIL, path: '/profile' },
] as const;

const SEED = 20_261_122;
const CAMPAIGN_CODES = ['SOMMER', 'STUDENT', 'BYLARM'];

export interface SeedOptions {
  /** The day the data is built around (YYYY-MM-DD); today in Oslo when absent. */
  today?: string;
}

function demoMemberMessages(context: DemoContext, log: MessageLog, member: DemoMember): void {
  const staff = context.staff[0];
  log.custom(
    member,
    'Instrumentforsikringen din er oppdatert',
    `<p>Hei ${member.first_name},</p>\n<p>Vi har lagt inn instrumentene du meldte inn, og forsikringen gjelder fra i dag. Du finner oversikten på Min side.</p>\n<p>Med vennlig hilsen<br>${staff.first_name} ${staff.last_name}</p>`,
    at(addDays(context.today, -40), 10 * 60 + 12),
    staff,
  );
  log.custom(
    member,
    'Reiseforsikringen din er godkjent',
    `<p>Hei ${member.first_name},</p>\n<p>Reiseforsikringen din er godkjent. God tur!</p>\n<p>Med vennlig hilsen<br>${staff.first_name} ${staff.last_name}</p>`,
    at(addDays(context.today, -12), 14 * 60 + 3),
    staff,
  );
}

async function seed(db: Queryable, options: SeedOptions, passwordHash: string): Promise<void> {
  const today = options.today ?? todayInOslo();
  const random = seededRandom(SEED);
  const staff = await insertStaff(db, today, passwordHash);
  const context: DemoContext = { random, today, staff };
  const postalCodes = await db.query<PostalCode>('SELECT code::text AS code, area FROM postal_codes ORDER BY code');
  if (postalCodes.length === 0) throw new Error('Postnummerregisteret er tomt; kjør migreringene først');
  const campaigns = await insertCampaigns(db, context);
  const codes = [...campaigns.keys()].filter((code) => CAMPAIGN_CODES.some((prefix) => code.startsWith(prefix)));
  const members = await insertMembers(
    db,
    context,
    postalCodes,
    (code) => campaigns.get(code)!,
    (member) => (member.state !== 'incomplete' && random.chance(0.2) ? random.pick(codes) : null),
    passwordHash,
  );
  await insertDiscountCodes(db);
  await insertMemberships(db, context, members);
  const demoMember = members.find((member) => member.email === DEMO_MEMBER_EMAIL)!;
  const rejectedInstruments = await insertInsurance(db, context, demoMember, members);
  await insertInvoices(db, context, members);
  const log = await MessageLog.open(db, context);
  logMemberMessages(context, log, members, rejectedInstruments);
  demoMemberMessages(context, log, demoMember);
  await log.save(db);
}

/** Loads the demo data set in one transaction. */
export async function seedDemoData(db: Database, options: SeedOptions = {}): Promise<void> {
  // Hashed once: argon2 is slow on purpose, and every demo account shares the password.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction((tx) => seed(tx, options, passwordHash));
}

/** Loads the demo data only into a database without any accounts; answers whether it did. */
export async function seedDemoDataIfEmpty(db: Database, options: SeedOptions = {}): Promise<boolean> {
  const [{ empty }] = await db.query<{ empty: boolean }>('SELECT NOT EXISTS (SELECT 1 FROM accounts) AS empty');
  if (!empty) return false;
  await seedDemoData(db, options);
  return true;
}
