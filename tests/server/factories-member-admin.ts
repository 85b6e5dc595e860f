/** Test data for the staff member, request and log routes: products, subscriptions, instruments, messages. */
import type { Database } from '../../server/db/database.ts';
import type { App } from '../../server/app.ts';
import { createAccount, login, type AccountInput } from './helpers.ts';

export async function signedIn(app: App, db: Database, input: AccountInput = {}) {
  const account = await createAccount(db, input);
  const token = await login(app, account.email, account.password);
  return { ...account, token };
}

export const signedInStaff = (app: App, db: Database, input: AccountInput = {}) =>
  signedIn(app, db, { role_id: 5, first_name: 'Siri', last_name: 'Saksbehandler', ...input });

/** Product ids of the reference data every installation has (migration 002). */
export const PRODUCTS = { travel: 1, travelWorld: 2, membership: 3, instrument: 4 } as const;

/** Instrument category 1 of the reference data. */
export const GUITAR = 1;

export async function createSubscription(
  db: Database,
  input: {
    member_id: number;
    product_id: number;
    kind: 'membership' | 'travel' | 'instrument';
    state?: string;
    subscription_start?: string | null;
    created_at?: string;
    value?: number | null;
  },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO subscriptions (member_id, product_id, kind, state, subscription_start, value, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, coalesce($7::timestamptz, now())) RETURNING id`,
    [input.member_id, input.product_id, input.kind, input.state ?? 'pending', input.subscription_start ?? null, input.value ?? null, input.created_at ?? null],
  );
  return row.id;
}

export async function createInstrument(
  db: Database,
  input: {
    member_id: number;
    instrument_category: number;
    subscription_id?: number | null;
    state?: string;
    make?: string;
    model?: string;
    value?: number;
    insurance_start?: string;
    requested_change?: Record<string, unknown> | null;
  },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO instruments (member_id, instrument_category, subscription_id, state, make, model, serial_number, value,
                              insurance_start, requested_change)
     VALUES ($1, $2, $3, $4, $5, $6, 'SN-1', $7, $8, $9) RETURNING id`,
    [
      input.member_id,
      input.instrument_category,
      input.subscription_id ?? null,
      input.state ?? 'active',
      input.make ?? 'Fender',
      input.model ?? 'Stratocaster',
      input.value ?? 15000,
      input.insurance_start ?? '2025-01-01',
      input.requested_change ? JSON.stringify(input.requested_change) : null,
    ],
  );
  return row.id;
}

export async function logMessage(
  db: Database,
  input: { member_id: number | null; subject: string; content?: string; sender_id?: number | null; email_to?: string },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO message_log (member_id, channel, subject, email_from, from_name, email_to, content, sender_id, delivery)
     VALUES ($1, 'email', $2, 'post@example.no', 'Musikerportalen', $3, $4, $5, 'outbox') RETURNING id`,
    [input.member_id, input.subject, input.email_to ?? 'kari@example.no', input.content ?? '<p>Hei</p>', input.sender_id ?? null],
  );
  return row.id;
}
