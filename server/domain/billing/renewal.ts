/**
 * The renewal run ('Fornyelse {year}'): each member who stays a member gets one invoice for the
 * year, with the membership and every active travel and instrument cover at that year's prices.
 *
 * Who renews is decided in SQL, the same statement for the preview and the run: a member (role 1
 * or 2) whose latest membership subscription is active and reaches into the year. The others are
 * left out with a reason, in this order: erased, blocked, rejected, ended (cancelled, lapsed or an
 * end date before the year), pending (an application not yet decided, or no member number: its
 * first invoice comes with the acceptance), invoiced (a renewal invoice for the year exists, or
 * the membership is already invoiced to the year's end).
 *
 * A line runs from the later of 1 January and the cover's start to the earlier of 31 December and
 * its end; a cover starting later in the year is priced by quarter as everywhere
 * (price × (1 − 0.25 × quarter number)), so a whole year is the year's price. Prices are whole
 * kroner, so every amount is a whole number of øre without rounding.
 *
 * The run is a job on the queue: it invoices members in id order, a step at a time, each step one
 * transaction, after which the requests waiting go first (server/db/step-aside.ts), and exactly one renewal invoice per member and year is
 * the database's (invoices_one_renewal): a second run, a run started again after the process was
 * killed, or two servers running at once find the members already invoiced left out, and a step
 * that meets another run's invoice is rolled back and taken again without them.
 */
import { inSteps } from '../../db/step-aside.ts';
import type { Database, Queryable } from '../../db/database.ts';
import type { BillingConfig } from '../../config.ts';
import type { JobSender, Outbox } from '../messages/outbox.ts';
import { parseListQuery, type ListDefinition } from '../../lib/list.ts';
import { rowsKnowingTotal, type Page } from '../../lib/paged-query.ts';
import { conflict, validationFailed } from '../../lib/http-errors.ts';
import type { InvoiceChannel, RenewalPreviewRow, RenewalRun, RenewalSummary } from '../../schemas/billing.ts';
import { todayInOslo } from '../shared/oslo-date.ts';
import { createInvoices, ERASED_NAME, type NewInvoice, type NewLine } from './invoices.ts';
import { billingDays } from './settings.ts';
import { currentYear } from './prices.ts';
import { activeAgreements, drawnLines, planCharges } from './vipps-charges.ts';

export const RENEWAL_QUEUE = 'renewal';

export const RENEWAL_YEAR_REFUSED = 'Fornyelsen kan bare kjøres for i år eller neste år.';
export const RENEWAL_RUNNING = (year: number) => `Fornyelsen for ${year} kjører allerede.`;

/** Members invoiced per step; on PGlite a step holds the session every request shares. */
const RENEWAL_STEP = { postgres: 500, pglite: 25 };

const yearStart = (p: string) => `make_date(${p}, 1, 1)`;
const yearEnd = (p: string) => `make_date(${p}, 12, 31)`;

/**
 * The accounts a step of the run reads: the next $3 members after id $2, whether they renew or
 * not, so that a step reads its own members and no more. (Filtered after the lateral join, the
 * planner saw all the members after $2, hashed every renewal invoice of the year once per step
 * and compiled the statement as a large one: at 41 000 invoices a step's read took 195 ms instead
 * of a few, and the run grew with the square of the register.)
 */
const NEXT_MEMBERS = '(SELECT * FROM accounts WHERE role_id IN (1, 2) AND id > $2 ORDER BY id LIMIT $3) a';

/**
 * Every member with their latest membership and why they are left out (null: they renew), for the
 * year in parameter $1; `step` reads a step's members only (NEXT_MEMBERS), those without a
 * membership too ('no_membership': the step goes on after them), each looked up in the invoices
 * by its own index entry (OFFSET 0 keeps the lookup from being made a hash of them all).
 */
function membersSql({ step = false } = {}): string {
  return `SELECT a.id, a.remote_id, a.first_name, a.last_name, a.erased_at, a.invoice_method, m.id AS membership_id,
            CASE
              WHEN m.id IS NULL THEN 'no_membership'
              WHEN a.erased_at IS NOT NULL THEN 'erased'
              WHEN a.blocked_access THEN 'blocked'
              WHEN m.state = 'rejected' THEN 'rejected'
              WHEN m.state IN ('ended', 'cancelled') OR m.subscription_end < ${yearStart('$1')} THEN 'ended'
              WHEN m.state = 'pending' OR a.remote_id IS NULL OR m.subscription_start > ${yearEnd('$1')} THEN 'pending'
              WHEN m.invoiced_for >= ${yearEnd('$1')}
                OR EXISTS (SELECT 1 FROM invoices i WHERE i.member_id = a.id AND i.year = $1 AND i.kind = 'renewal'${step ? ' OFFSET 0' : ''}) THEN 'invoiced'
            END AS left_out
       FROM ${step ? NEXT_MEMBERS : 'accounts a'}
       ${step ? 'LEFT' : 'CROSS'} JOIN LATERAL (
         SELECT s.id, s.state, s.subscription_start, s.subscription_end, s.invoiced_for
           FROM subscriptions s
          WHERE s.member_id = a.id AND s.kind = 'membership' AND s.deleted_at IS NULL
          ORDER BY s.id DESC LIMIT 1
       ) m ${step ? 'ON TRUE' : ''}
      WHERE a.role_id IN (1, 2)`;
}

/**
 * The lines of the renewing members in `members` (a SELECT of id and membership_id), for the
 * year in $1: the membership and each active cover reaching into the year and not yet invoiced
 * to its end, at the year's price.
 */
function linesSql(members: string): string {
  return `SELECT s.member_id, s.id AS subscription_id, s.product_id, p.name AS product_name, s.kind,
            greatest(${yearStart('$1')}, coalesce(s.subscription_start, ${yearStart('$1')}))::text AS period_from,
            least(${yearEnd('$1')}, coalesce(s.subscription_end, ${yearEnd('$1')}))::text AS period_to,
            (coalesce((SELECT pp.price FROM product_prices pp WHERE pp.product_id = p.id AND pp.year <= $1 ORDER BY pp.year DESC LIMIT 1), p.price)
              * 25 * (4 - (extract(month FROM greatest(${yearStart('$1')}, coalesce(s.subscription_start, ${yearStart('$1')}))) - 1)::int / 3))::int AS amount_ore
       FROM (${members}) r
       JOIN subscriptions s ON s.member_id = r.id
       JOIN products p ON p.id = s.product_id
      WHERE s.deleted_at IS NULL
        AND (s.id = r.membership_id OR (s.kind IN ('travel', 'instrument') AND s.state = 'active'))
        AND (s.subscription_end IS NULL OR s.subscription_end >= ${yearStart('$1')})
        AND (s.subscription_start IS NULL OR s.subscription_start <= ${yearEnd('$1')})
        AND (s.invoiced_for IS NULL OR s.invoiced_for < ${yearEnd('$1')})`;
}

const channelSql = (alias: string) => `CASE ${alias}.invoice_method WHEN 'EFAKTURA' THEN 'EFAKTURA' WHEN 'AVTALEGIRO' THEN 'AVTALEGIRO' ELSE 'EMAIL' END`;

/** The run's table: one row per renewing member, by member number. */
const previewList: ListDefinition = {
  filters: {},
  sorts: { member_number: 'r.member_number' },
  defaultSort: 'member_number',
  tieBreaker: 'r.member_id',
};

const PREVIEW_FROM = `FROM (
  SELECT m.id AS member_id, m.remote_id AS member_number,
         CASE WHEN m.erased_at IS NOT NULL THEN '${ERASED_NAME}' ELSE trim(m.first_name || ' ' || m.last_name) END AS member_name,
         ${channelSql('m')} AS channel
    FROM (${membersSql()}) m WHERE m.left_out IS NULL
) r WHERE TRUE`;

const PREVIEW_COLUMNS = `r.member_id, r.member_number, r.member_name, r.channel,
  coalesce((SELECT json_agg(json_build_object('product_id', l.product_id, 'description', l.product_name || ' ' || $1, 'amount', l.amount_ore)
                             ORDER BY CASE l.kind WHEN 'membership' THEN 0 WHEN 'travel' THEN 1 ELSE 2 END, l.subscription_id)
              FROM (${linesSql(`SELECT r.member_id AS id, (${membershipOf('r.member_id')}) AS membership_id`)}) l), '[]'::json) AS lines`;

function membershipOf(member: string): string {
  return `SELECT s.id FROM subscriptions s WHERE s.member_id = ${member} AND s.kind = 'membership' AND s.deleted_at IS NULL ORDER BY s.id DESC LIMIT 1`;
}

/** What the run for `year` would do, and one page of the invoices it would make. Writes nothing. */
export async function renewalPreview(
  db: Queryable,
  year: number,
  query: Record<string, unknown>,
): Promise<Page<RenewalPreviewRow> & { summary: RenewalSummary }> {
  // One pass: who renews and why not, then the renewing members' lines, each worked out once.
  const [{ reasons, products, channels }] = await db.query<{
    reasons: { reason: string | null; count: number }[];
    products: { product_id: number; name: string; count: number; amount: number }[];
    channels: { channel: InvoiceChannel; count: number; amount: number }[];
  }>(
    `WITH m AS MATERIALIZED (${membersSql()}),
          l AS MATERIALIZED (${linesSql('SELECT id, membership_id FROM m WHERE left_out IS NULL')}),
          per_member AS (SELECT l.member_id, sum(l.amount_ore) AS amount FROM l GROUP BY l.member_id)
     SELECT
       (SELECT coalesce(json_agg(r), '[]') FROM (SELECT left_out AS reason, count(*)::int AS count FROM m GROUP BY left_out) r) AS reasons,
       (SELECT coalesce(json_agg(p ORDER BY p.product_id), '[]') FROM (
          SELECT l.product_id, min(l.product_name) AS name, count(*)::int AS count, sum(l.amount_ore)::bigint AS amount FROM l GROUP BY l.product_id) p) AS products,
       (SELECT coalesce(json_agg(c ORDER BY c.channel), '[]') FROM (
          SELECT ${channelSql('m')} AS channel, count(*)::int AS count, sum(pm.amount)::bigint AS amount
            FROM per_member pm JOIN m ON m.id = pm.member_id GROUP BY 1) c) AS channels`,
    [year],
  );
  const count = (reason: string | null) => reasons.find((row) => row.reason === reason)?.count ?? 0;
  const summary: RenewalSummary = {
    year,
    renewing: count(null),
    amount: products.reduce((sum, row) => sum + Number(row.amount), 0),
    left_out: {
      ended: count('ended'),
      rejected: count('rejected'),
      erased: count('erased'),
      blocked: count('blocked'),
      invoiced: count('invoiced'),
      pending: count('pending'),
    },
    products: products.map((row) => ({ ...row, amount: Number(row.amount) })),
    channels: channels.map((row) => ({ ...row, amount: Number(row.amount) })),
  };
  // The table has no filters, so the year is the statement's one parameter ($1).
  const list = parseListQuery(query, previewList);
  list.params.values.push(year);
  const rows = await rowsKnowingTotal<Omit<RenewalPreviewRow, 'total'>>(db, { from: PREVIEW_FROM, columns: PREVIEW_COLUMNS }, list, summary.renewing);
  return {
    list,
    rows: rows.map((row) => ({ ...row, total: row.lines.reduce((sum, line) => sum + line.amount, 0) })),
    total: summary.renewing,
    summary,
  };
}

/** The run for `year` as staff see it; 'not_started' before it was ever started. */
export async function renewalRun(db: Queryable, year: number): Promise<RenewalRun> {
  const [run] = await db.query<RenewalRun & { amount: string }>(
    `SELECT r.year, r.state, r.total, r.done, r.amount_ore::text AS amount, r.error, r.started_at, r.finished_at,
            (SELECT trim(a.first_name || ' ' || a.last_name) FROM accounts a WHERE a.id = r.started_by) AS started_by_name
       FROM renewal_runs r WHERE r.year = $1`,
    [year],
  );
  if (!run) return { year, state: 'not_started', total: 0, done: 0, amount: 0, error: null, started_at: null, finished_at: null, started_by_name: null };
  return { ...run, amount: Number(run.amount) };
}

/** Staff start (or start again) the run for this year or next: queued as a job; 409 while one runs. */
export async function startRenewal(db: Database, jobs: JobSender, year: number, staffId: number): Promise<RenewalRun> {
  const thisYear = currentYear();
  if (year !== thisYear && year !== thisYear + 1) throw validationFailed({ year: [RENEWAL_YEAR_REFUSED] });
  await db.transaction(async (tx) => {
    const [row] = await tx.query<{ state: string }>(
      `INSERT INTO renewal_runs (year, started_by) VALUES ($1, $2)
       ON CONFLICT (year) DO UPDATE SET state = 'queued', total = 0, done = 0, amount_ore = 0, error = NULL, started_by = $2,
              started_at = now(), finished_at = NULL, updated_at = now()
        WHERE renewal_runs.state IN ('done', 'failed')
       RETURNING state`,
      [year, staffId],
    );
    if (!row) throw conflict(RENEWAL_RUNNING(year));
    await jobs.send(RENEWAL_QUEUE, { year }, tx);
  });
  return renewalRun(db, year);
}

interface Line extends NewLine {
  member_id: number;
  kind: string;
  product_name: string;
}

/** Where the run's invoices go: the outbox for the portal's own mail, and the billing settings. */
export interface RenewalSending {
  outbox: Outbox;
  billing: BillingConfig;
}

const UNIQUE_VIOLATION = '23505';
/** Steps in a row that may meet another run's invoices before the run gives up (it is then 'failed', and may be started again). */
const MAX_COLLISIONS = 20;
const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === UNIQUE_VIOLATION;

/**
 * The queue's job: invoices every member who renews for `year` and is not yet invoiced, a step at
 * a time, and counts them on the run. Run again, it goes on where it stopped.
 */
export async function runRenewal(db: Database, sending: RenewalSending, year: number, step = RENEWAL_STEP[db.kind]): Promise<void> {
  const [run] = await db.query<{ started_by: number | null }>(
    `UPDATE renewal_runs SET state = 'running', error = NULL, updated_at = now(),
            total = done + (SELECT count(*) FROM (${membersSql()}) m WHERE m.left_out IS NULL)
      WHERE year = $1 AND state IN ('queued', 'running', 'failed') RETURNING started_by`,
    [year],
  );
  if (!run) return;
  try {
    let after = 0;
    let collisions = 0;
    await inSteps(db, { pauseOnPostgres: true }, async () => {
      let last: number | null;
      try {
        last = await db.transaction((tx) => renewalStep(tx, sending, year, after, run.started_by, step));
        collisions = 0;
      } catch (error) {
        // Another run invoiced one of the step's members first: the step is taken again without them.
        if (isUniqueViolation(error) && ++collisions < MAX_COLLISIONS) return true;
        throw error;
      }
      if (last === null) return false;
      after = last;
      return true;
    });
    await db.query("UPDATE renewal_runs SET state = 'done', finished_at = now(), updated_at = now() WHERE year = $1", [year]);
  } catch (error) {
    await db.query("UPDATE renewal_runs SET state = 'failed', error = $2, updated_at = now() WHERE year = $1", [
      year,
      'Fornyelsen stoppet. Start den igjen: den fortsetter der den slapp.',
    ]);
    throw error;
  }
}

/** One step: the next members after `after`, those who renew invoiced; answers the last id read, or null when none were left. */
async function renewalStep(tx: Queryable, sending: RenewalSending, year: number, after: number, actorId: number | null, size: number): Promise<number | null> {
  const read = await tx.query<{ id: number; membership_id: number; left_out: string | null }>(
    `SELECT id, membership_id, left_out FROM (${membersSql({ step: true })}) m ORDER BY id`,
    [year, after, size],
    { prepare: true },
  );
  if (read.length === 0) return null;
  const last = read[read.length - 1].id;
  const members = read.filter((member) => member.left_out === null);
  if (members.length === 0) return last;
  const lines = await tx.query<Line>(
    `${linesSql('SELECT unnest($2::int[]) AS id, unnest($3::int[]) AS membership_id')}
     ORDER BY s.member_id, CASE s.kind WHEN 'membership' THEN 0 WHEN 'travel' THEN 1 ELSE 2 END, s.id`,
    [year, members.map((member) => member.id), members.map((member) => member.membership_id)],
    { prepare: true },
  );
  const days = await billingDays(tx, { billing: sending.billing });
  const today = todayInOslo();
  const byMember = new Map<number, Line[]>();
  for (const line of lines) byMember.set(line.member_id, [...(byMember.get(line.member_id) ?? []), line]);
  const invoiced = members.filter((member) => byMember.has(member.id));
  const send = { outbox: sending.outbox, billing: sending.billing };
  // A member with an active Vipps agreement is charged there instead of mailed (the premiums only
  // when they chose so; otherwise the covers go as their own invoice). With Tripletex as the
  // ledger the drawn invoice is still made there, but not sent to the member (tripletex-ledger.ts).
  const agreements = await activeAgreements(
    tx,
    invoiced.map((member) => member.id),
  );
  const inputs: NewInvoice[] = [];
  const charges: { agreementId: number; index: number }[] = [];
  const invoiceOf = (memberId: number, kind: 'renewal' | 'cover', of: readonly Line[], drawn: boolean, reason: string): NewInvoice => ({
    memberId,
    year,
    kind,
    lines: of.map((line) => ({
      product_id: line.product_id,
      subscription_id: line.subscription_id,
      description: `${line.product_name} ${year}`,
      period_from: line.period_from,
      period_to: line.period_to,
      amount_ore: line.amount_ore,
    })),
    invoiceDate: today,
    dueDays: days.invoice_due_days,
    campaignCode: null,
    actorId,
    reason,
    sending: drawn && !sending.billing.tripletex ? null : send,
  });
  for (const member of invoiced) {
    const lines = byMember.get(member.id)!;
    const agreement = agreements.get(member.id);
    const split = drawnLines(lines, agreement);
    if (!split || !agreement) {
      inputs.push(invoiceOf(member.id, 'renewal', lines, false, `Fornyelse ${year}`));
      continue;
    }
    charges.push({ agreementId: agreement.id, index: inputs.length });
    inputs.push(invoiceOf(member.id, 'renewal', split.drawn, true, `Fornyelse ${year}`));
    if (split.rest.length > 0)
      inputs.push(invoiceOf(member.id, 'cover', split.rest, false, `Fornyelse ${year}: forsikringene (kontingenten trekkes med Vipps)`));
  }
  const ids = await createInvoices(tx, inputs);
  await planCharges(
    tx,
    sending.outbox.jobs,
    charges.map((charge) => ({ agreementId: charge.agreementId, invoiceId: ids[charge.index] })),
  );
  await tx.query(
    'UPDATE subscriptions SET invoiced_for = l.period_to::date, updated_at = now() FROM unnest($1::int[], $2::text[]) AS l(id, period_to) WHERE subscriptions.id = l.id',
    [lines.map((line) => line.subscription_id), lines.map((line) => line.period_to)],
  );
  const made = invoiced.length;
  const amount = lines.reduce((sum, line) => sum + line.amount_ore, 0);
  await tx.query('UPDATE renewal_runs SET done = done + $2, amount_ore = amount_ore + $3, updated_at = now() WHERE year = $1', [year, made, amount]);
  return last;
}

/** At start-up: a run left queued or running (its process was stopped) is queued again; it goes on where it stopped. */
export async function resumeRenewals(db: Queryable, jobs: JobSender): Promise<void> {
  const runs = await db.query<{ year: number }>("SELECT year FROM renewal_runs WHERE state IN ('queued', 'running')");
  for (const { year } of runs) await jobs.send(RENEWAL_QUEUE, { year });
}
