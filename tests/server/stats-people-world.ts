/**
 * The register's history for the 'Nøkkeltall' members and requests tests: applications accepted
 * and rejected through the real request machine, lapses through the real lapse, erasure through
 * the real erasure, and then the dates moved into the past by SQL where the real path can only
 * write today.
 */
import type { TestContext } from './helpers.ts';
import { createAccount } from './helpers.ts';
import { PRODUCTS, GUITAR } from './factories-member-admin.ts';
import { actOnSubscriptionRequest } from '../../server/domain/requests/subscription-requests.ts';
import { actOnInstruments } from '../../server/domain/requests/instrument-requests.ts';
import { createInstrument } from '../../server/domain/insurance/instrument-changes.ts';
import { lapseInvoice } from '../../server/domain/billing/reminders.ts';
import { eraseMember } from '../../server/domain/privacy/privacy.ts';
import { todayInOslo } from '../../server/domain/shared/oslo-date.ts';

/** Noon in Oslo on a day, as a timestamp: far from midnight, so its Oslo day is the day. */
export const noon = (day: string) => `${day} 12:00:00 Europe/Oslo`;

export const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** A seeded random source (mulberry32), so a failing run can be run again. */
export function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)],
  };
}

export class World {
  readonly today = todayInOslo();
  private invoices = 0;

  readonly t: TestContext;
  readonly staffId: number;

  constructor(t: TestContext, staffId: number) {
    this.t = t;
    this.staffId = staffId;
  }

  private act(id: number, action: Parameters<typeof actOnSubscriptionRequest>[4]) {
    return actOnSubscriptionRequest(this.t.db, this.t.services.outbox, id, this.staffId, action, this.t.config.billing);
  }

  /** A finished registration with its pending application, received on `day`; answers the ids. */
  async apply(day: string, person: { birthdate?: string | null; instrument?: number; news2?: boolean; news3?: boolean } = {}) {
    const account = await createAccount(this.t.db, { role_id: 1, birthdate: person.birthdate ?? null, remote_id: null });
    await this.t.db.query('UPDATE accounts SET primary_instrument_type = $2, newsletter_2 = $3, newsletter_3 = $4 WHERE id = $1', [
      account.id,
      person.instrument ?? 1,
      person.news2 ?? false,
      person.news3 ?? false,
    ]);
    const subscription = await this.newApplication(account.id, day);
    return { memberId: account.id, subscriptionId: subscription };
  }

  /** Another application of an existing account (a rejoin), received on `day`. */
  async newApplication(memberId: number, day: string): Promise<number> {
    const [row] = await this.t.db.query<{ id: number }>(
      `INSERT INTO subscriptions (member_id, product_id, kind, state, value, created_at)
       VALUES ($1, $2, 'membership', 'pending', 0, $3::timestamptz) RETURNING id`,
      [memberId, PRODUCTS.membership, noon(day)],
    );
    return row.id;
  }

  /** Staff accept on `day` (the real accept today, then its day moved back); the membership starts that day. */
  async accept(subscriptionId: number, day: string) {
    await this.act(subscriptionId, { action: 'accept', late: true });
    await this.t.db.query(
      `UPDATE subscriptions SET validated_at = $2::timestamptz,
              subscription_start = CASE WHEN kind = 'membership' THEN $3::date ELSE subscription_start END WHERE id = $1`,
      [subscriptionId, noon(day), day],
    );
  }

  async reject(subscriptionId: number, day: string) {
    await this.act(subscriptionId, { action: 'reject', reason: '<p>Mangler opplysninger</p>', sendEmail: false });
    await this.t.db.query('UPDATE subscriptions SET rejected_at = $2::timestamptz WHERE id = $1', [subscriptionId, noon(day)]);
  }

  /** Applied on `applied`, accepted on `joined`: a member from that day. */
  async member(applied: string, joined: string, person: Parameters<World['apply']>[1] = {}) {
    const request = await this.apply(applied, person);
    await this.accept(request.subscriptionId, joined);
    return request;
  }

  /** A member the import made ('Medlem fra', and 'Medlem til' when given), never a request. */
  async imported(start: string, end: string | null = null, birthdate: string | null = null) {
    const account = await createAccount(this.t.db, { role_id: 2, birthdate, remote_id: null });
    await this.t.db.query(
      `INSERT INTO subscriptions (member_id, product_id, kind, state, subscription_start, subscription_end, validated_at, validated_by)
       VALUES ($1, $2, 'membership', CASE WHEN $4::date < $5::date THEN 'ended' ELSE 'active' END, $3, $4, now(), $6)`,
      [account.id, PRODUCTS.membership, start, end, this.today, this.staffId],
    );
    await this.t.db.query('UPDATE accounts SET membership_start_date = $2 WHERE id = $1', [account.id, start]);
    return account.id;
  }

  /** The member resigned: the membership cancelled on `day`. */
  async cancel(memberId: number, day: string) {
    await this.t.db.query(
      `UPDATE subscriptions SET state = 'cancelled', cancelled_at = $2::timestamptz, cancelled_by = $3, updated_at = now()
        WHERE member_id = $1 AND kind = 'membership' AND state = 'active'`,
      [memberId, noon(day), this.staffId],
    );
  }

  /** The membership ended on `day` (staff ended it, or its end date came). */
  async end(memberId: number, day: string, state: 'ended' | 'active' = 'ended') {
    await this.t.db.query(
      `UPDATE subscriptions SET state = $3, subscription_end = greatest($2::date, subscription_start), updated_at = now()
        WHERE member_id = $1 AND kind = 'membership' AND state = 'active'`,
      [memberId, day, state],
    );
  }

  /** Lapsed for non-payment through the real lapse of an open invoice, then moved to `day`. */
  async lapse(memberId: number, day: string = this.today) {
    const [invoice] = await this.t.db.query<{ id: number }>(
      `INSERT INTO invoices (number, member_id, member_number, year, kind, total_ore, invoice_date, due_date, kid, channel, state)
       SELECT 5000000 + $3::int, a.id, coalesce(a.remote_id, a.id), 2026, 'cover', 50000, $2::date - 60, $2::date - 30,
              lpad((800000000 + $3::int)::text, 15, '0'), 'EMAIL', 'sent'
         FROM accounts a WHERE a.id = $1 RETURNING id`,
      [memberId, this.today, ++this.invoices],
    );
    if (!(await lapseInvoice(this.t.db, this.t.services.outbox, invoice.id))) throw new Error('not lapsed');
    if (day !== this.today) {
      await this.t.db.query("UPDATE invoice_events SET at = $2::timestamptz WHERE invoice_id = $1 AND to_state = 'lapsed'", [invoice.id, noon(day)]);
      await this.t.db.query(
        `UPDATE subscriptions SET subscription_end = greatest($2::date, subscription_start)
          WHERE member_id = $1 AND kind = 'membership' AND subscription_end = $3::date`,
        [memberId, day, this.today],
      );
    }
  }

  /** Erased through the real erasure (today), then moved to `day`. */
  async erase(memberId: number, day: string = this.today) {
    const [{ number }] = await this.t.db.query<{ number: number }>('SELECT coalesce(remote_id, id) AS number FROM accounts WHERE id = $1', [memberId]);
    await eraseMember(this.t.db, memberId, number, this.staffId);
    if (day !== this.today) {
      await this.t.db.query(
        `UPDATE subscriptions SET subscription_end = greatest($2::date, subscription_start)
          WHERE member_id = $1 AND kind = 'membership' AND subscription_end = $3::date`,
        [memberId, day, this.today],
      );
      await this.t.db.query('UPDATE accounts SET erased_at = $2::timestamptz WHERE id = $1', [memberId, noon(day)]);
    }
  }

  /** A travel insurance order of a member, received on `day`; answers the subscription id. */
  async travelOrder(memberId: number, day: string) {
    const [row] = await this.t.db.query<{ id: number }>(
      `INSERT INTO subscriptions (member_id, product_id, kind, state, value, subscription_start, created_at)
       VALUES ($1, $2, 'travel', 'pending', 0, $3, $4::timestamptz) RETURNING id`,
      [memberId, PRODUCTS.travel, day, noon(day)],
    );
    return row.id;
  }

  /** An instrument the member asked to insure (the real request, from Min side), received on `day`. */
  async instrumentRequest(memberId: number, day: string) {
    const instrument = await createInstrument(
      this.t.db,
      { id: memberId, staff: false },
      {
        member_id: memberId,
        instrument_category: GUITAR,
        make: 'Fender',
        model: 'Stratocaster',
        value: 12000,
      },
    );
    await this.t.db.query('UPDATE instruments SET created_at = $2::timestamptz WHERE id = $1', [instrument.id, noon(day)]);
    // The instrument queue keeps each member's oldest request time (migration 017); no real write moves created_at.
    await this.t.db.query('SELECT refresh_list_counts(ARRAY[$1::int])', [memberId]);
    return instrument.id;
  }

  async decideInstrument(id: number, action: 'accept' | 'reject', day: string) {
    const request = action === 'accept' ? ({ action } as const) : ({ action, reason: '<p>Verdien mangler takst</p>', sendEmail: false } as const);
    await actOnInstruments(this.t.db, this.t.services.outbox, this.staffId, { ids: [id] }, request, this.t.config.billing);
    const column = action === 'accept' ? 'validated_at' : 'rejected_at';
    await this.t.db.query(`UPDATE instruments SET ${column} = $2::timestamptz WHERE id = $1`, [id, noon(day)]);
  }
}
