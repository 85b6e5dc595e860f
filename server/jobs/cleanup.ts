/**
 * The hourly clean-up: rate-limit windows that have ended, expired sign-in tokens and reset links, expired two-factor
 * challenges, and the secrets of mails not sent while their link was alive.
 */
import type { Queryable } from '../db/database.ts';
import { RESET_LIFETIME_MINUTES } from '../domain/accounts/accounts.ts';
import { AGING_BUCKETS } from '../domain/billing/aging.ts';
import { OSLO_TODAY } from '../domain/billing/invoices.ts';

export const CLEANUP_QUEUE = 'cleanup';

export interface Cleaned {
  rateLimits: number;
  accessTokens: number;
  passwordResets: number;
  signInChallenges: number;
  enrolmentLinks: number;
  messageSecrets: number;
}

const deleted = async (db: Queryable, sql: string, params: unknown[] = []) => (await db.query(`${sql} RETURNING 1`, params)).length;

export async function cleanUp(db: Queryable): Promise<Cleaned> {
  return {
    // An ended window counts nothing: the next hit starts a new one.
    rateLimits: await deleted(db, 'DELETE FROM rate_limits WHERE window_ends < now()'),
    accessTokens: await deleted(db, 'DELETE FROM access_tokens WHERE expires_at < now()'),
    passwordResets: await deleted(db, 'DELETE FROM password_resets WHERE created_at < now() - make_interval(mins => lifetime_minutes)'),
    signInChallenges: await deleted(db, 'DELETE FROM sign_in_challenges WHERE expires_at < now()'),
    enrolmentLinks: await deleted(db, 'DELETE FROM two_factor_enrolment_links WHERE expires_at < now()'),
    // A link in a mail lives as long as a reset link at most: a mail still unsent by then never goes with it.
    messageSecrets: await deleted(db, 'DELETE FROM message_secrets WHERE created_at < now() - make_interval(mins => $1)', [RESET_LIFETIME_MINUTES]),
  };
}

/**
 * Folds the message log's counter deltas (migration 017) into its counter, in one statement, so a
 * total never sums more than an hour's worth of them. Answers how many were folded.
 */
export async function foldListCountDeltas(db: Queryable): Promise<number> {
  const [row] = await db.query<{ folded: number }>(
    `WITH folded AS (DELETE FROM list_count_deltas RETURNING list, n),
          sums AS (SELECT list, sum(n) AS n, count(*) AS deltas FROM folded GROUP BY list),
          moved AS (UPDATE list_counts c SET total = c.total + s.n FROM sums s WHERE c.list = s.list RETURNING 1)
     SELECT coalesce(sum(deltas), 0)::int AS folded FROM sums`,
  );
  return row.folded;
}

/**
 * Folds the invoice totals (migration 056) to one row per year, state and channel and one per due
 * date, each in one statement; deltas written meanwhile stay for the next fold. Due dates more
 * than 90 days past are in aging's last bucket for good, so they fold into one row (dated
 * -infinity, which every later day puts there too): the rows aging reads stay some hundred
 * whatever the years of invoices. Answers how many rows were folded.
 */
/** The first day count of aging's last bucket (over 90 days past due): a constant of ours in the SQL. */
const AGING_LAST_FROM = AGING_BUCKETS.at(-1)!.from!;

export async function foldInvoiceTotals(db: Queryable): Promise<number> {
  const [totals] = await db.query<{ folded: number }>(
    `WITH folded AS (DELETE FROM invoice_total_deltas RETURNING year, state, channel, invoices, invoiced, paid, credited, outstanding),
          kept AS (INSERT INTO invoice_total_deltas (year, state, channel, invoices, invoiced, paid, credited, outstanding)
                   SELECT year, state, channel, sum(invoices), sum(invoiced), sum(paid), sum(credited), sum(outstanding) FROM folded
                    GROUP BY year, state, channel
                   HAVING sum(invoices) <> 0 OR sum(invoiced) <> 0 OR sum(paid) <> 0 OR sum(credited) <> 0)
     SELECT count(*)::int AS folded FROM folded`,
  );
  const [open] = await db.query<{ folded: number }>(
    `WITH folded AS (DELETE FROM invoice_open_deltas RETURNING due_date, invoices, owed),
          kept AS (INSERT INTO invoice_open_deltas (due_date, invoices, owed)
                   SELECT CASE WHEN due_date <= ${OSLO_TODAY} - ${AGING_LAST_FROM} THEN '-infinity'::date ELSE due_date END,
                          sum(invoices), sum(owed)
                     FROM folded GROUP BY 1
                   HAVING sum(invoices) <> 0 OR sum(owed) <> 0)
     SELECT count(*)::int AS folded FROM folded`,
  );
  return totals.folded + open.folded;
}
