/** Test data for sign-up and Min side: campaigns and sign-up forms. */
import type { Database } from '../../server/db/database.ts';
import { uniqueEmail } from './helpers.ts';

let counter = 0;

export interface CampaignInput {
  code?: string;
  name?: string;
  status?: number;
  /** Days from today; negative is in the past. */
  startsInDays?: number;
  endsInDays?: number | null;
}

export async function createCampaign(db: Database, input: CampaignInput = {}) {
  const code = input.code ?? `KODE${process.pid}X${++counter}`;
  const [row] = await db.query<{ id: number; name: string; code: string }>(
    `INSERT INTO campaigns (name, code, period_start, period_end, product_category_id, status)
     VALUES ($1, $2, current_date + $3::int, CASE WHEN $4::int IS NULL THEN NULL ELSE current_date + $4::int END, 1, $5)
     RETURNING id, name, code`,
    [input.name ?? `Kampanje ${code}`, code, input.startsInDays ?? -30, input.endsInDays === undefined ? 30 : input.endsInDays, input.status ?? 1],
  );
  return row;
}

/** A unique Norwegian mobile number, written with spaces the way people type it. */
export function uniquePhone(): string {
  const digits = String(40000000 + ((process.pid * 1000 + ++counter) % 9999999));
  return `${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5)}`;
}

export function signUpForm(overrides: Record<string, unknown> = {}) {
  return {
    first_name: 'Ingrid',
    last_name: `Bratt${++counter}`,
    phone: uniquePhone(),
    email: uniqueEmail('soker'),
    is_previous_member: 0,
    password: 'hemmelig123',
    ...overrides,
  };
}

/** A distinct client address per test, so the sign-up limit of one test never spills into another. */
export const clientAddress = () => `10.20.${Math.floor(++counter / 250) % 250}.${(counter % 250) + 1}`;

/** Staff accepted the member: an active membership subscription, as the card and other member benefits need. */
export async function acceptMembership(db: Database, memberId: number): Promise<void> {
  await db.query(
    `INSERT INTO subscriptions (member_id, product_id, kind, state, value, subscription_start)
     SELECT $1, id, 'membership', 'active', price, current_date FROM products WHERE kind = 'membership' ORDER BY id LIMIT 1`,
    [memberId],
  );
}
