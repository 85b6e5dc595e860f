/**
 * The invoice for the rest of the year: a new member's first invoice when staff accept the
 * application, and a cover invoice when a travel or instrument cover is accepted during the year.
 *
 * Each line is the product's price for the year it is for, counted by quarter with the travel
 * form's rule: price × (1 − 0.25 × quarter number), the quarter numbered 0 for January–March and
 * 1–3 from April, from the day the cover is charged from (today, or a later start). The campaign
 * code the member signed up with gives its benefit on the first year's invoices:
 *   1 'Første år gratis'               → the membership line is 0;
 *   2 '50 % rabatt første år'          → the membership line is half;
 *   3 'Tre måneder gratis'             → the membership line is one quarter less (one quarter of
 *                                        the price less than the rule gives, never below 0);
 *   4 'Gratis reiseforsikring første år' → travel lines are 0 in the year the membership started.
 * An amount is rounded once, to whole øre. Every subscription on the invoice is then invoiced for
 * (`invoiced_for`) to its line's last day.
 */
import type { Queryable } from '../../db/database.ts';
import type { BillingConfig } from '../../config.ts';
import type { InvoiceKind } from '../../schemas/billing.ts';
import type { Outbox } from '../messages/outbox.ts';
import { createInvoice, type NewLine } from './invoices.ts';
import { priceFor } from './prices.ts';
import { billingDays } from './settings.ts';

export const BENEFITS = { firstYearFree: 1, halfFirstYear: 2, threeMonthsFree: 3, freeTravelFirstYear: 4 } as const;

/** 0 for January–March, 1–3 from April ('yyyy-mm-dd'). */
export const quarterNumber = (date: string): number => Math.floor((Number(date.slice(5, 7)) - 1) / 3);

/**
 * The rest of the year's amount in øre: whole-kroner price × (1 − 0.25 × quarter), less `freeQuarters`
 * quarters, times `share`; rounded once.
 */
export function restOfYearOre(priceKroner: number, quarter: number, share = 1, freeQuarters = 0): number {
  const quarters = Math.max(0, 4 - quarter - freeQuarters);
  return Math.round((priceKroner * 100 * quarters * share) / 4);
}

type Kind = 'membership' | 'travel' | 'instrument';

/** A line's amount with the campaign benefit applied, and the words the line says about it. */
export function lineAmount(
  kind: Kind,
  priceKroner: number,
  from: string,
  benefitId: number | null,
  firstYear: boolean,
): { amount: number; benefit: string | null } {
  const quarter = quarterNumber(from);
  if (firstYear && kind === 'membership') {
    if (benefitId === BENEFITS.firstYearFree) return { amount: 0, benefit: 'Første år gratis' };
    if (benefitId === BENEFITS.halfFirstYear) return { amount: restOfYearOre(priceKroner, quarter, 0.5), benefit: '50 % rabatt første år' };
    if (benefitId === BENEFITS.threeMonthsFree) return { amount: restOfYearOre(priceKroner, quarter, 1, 1), benefit: 'Tre måneder gratis' };
  }
  if (firstYear && kind === 'travel' && benefitId === BENEFITS.freeTravelFirstYear) {
    return { amount: 0, benefit: 'Gratis reiseforsikring første år' };
  }
  return { amount: restOfYearOre(priceKroner, quarter), benefit: null };
}

const QUARTER_NAMES = ['', ' fra 2. kvartal', ' fra 3. kvartal', ' fra 4. kvartal'];

interface Member {
  id: number;
  remote_id: number | null;
  role_id: number;
  erased: boolean;
  start_year: number | null;
  campaign_code: string | null;
  benefit_id: number | null;
}

interface Candidate {
  id: number;
  kind: Kind;
  product_id: number;
  product_name: string;
  subscription_start: string | null;
  subscription_end: string | null;
}

export interface RestOfYear {
  memberId: number;
  /** The membership application being accepted (a first invoice); absent for a cover invoice. */
  membershipSubscriptionId?: number;
  actorId: number | null;
  today: string;
  billing: BillingConfig;
  /** The outbox for the invoice's e-mail (without Tripletex); absent: the invoice is marked sent only (demo data). */
  outbox?: Outbox;
}

/**
 * Invoices the member's active covers (and, on acceptance, the membership) not yet invoiced for
 * the year they are charged from. Answers the invoice's id, or null when there was nothing to
 * invoice or the account has no member number yet (its first invoice comes when it is accepted).
 */
export async function invoiceRestOfYear(tx: Queryable, input: RestOfYear): Promise<number | null> {
  const [member] = await tx.query<Member>(
    `SELECT a.id, a.remote_id, a.role_id, a.erased_at IS NOT NULL AS erased,
            extract(year FROM a.membership_start_date)::int AS start_year, c.code AS campaign_code, c.benefit_id
       FROM accounts a LEFT JOIN campaigns c ON c.id = a.campaign_id WHERE a.id = $1`,
    [input.memberId],
  );
  if (!member || member.remote_id === null || member.role_id !== 2 || member.erased) return null;
  const candidates = await tx.query<Candidate>(
    `SELECT s.id, s.kind, s.product_id, p.name AS product_name, s.subscription_start::text AS subscription_start,
            s.subscription_end::text AS subscription_end
       FROM subscriptions s JOIN products p ON p.id = s.product_id
      WHERE s.member_id = $1 AND s.deleted_at IS NULL
        AND (s.id = $2 OR (s.kind IN ('travel', 'instrument') AND s.state = 'active'))
        AND (s.invoiced_for IS NULL OR s.invoiced_for < make_date(extract(year FROM greatest(coalesce(s.subscription_start, $3::date), $3::date))::int, 12, 31))
      ORDER BY CASE s.kind WHEN 'membership' THEN 0 WHEN 'travel' THEN 1 ELSE 2 END, s.id`,
    [member.id, input.membershipSubscriptionId ?? null, input.today],
  );
  const lines: (NewLine & { year: number })[] = [];
  for (const subscription of candidates) {
    const from = subscription.subscription_start && subscription.subscription_start > input.today ? subscription.subscription_start : input.today;
    const year = Number(from.slice(0, 4));
    const yearEnd = `${year}-12-31`;
    const to = subscription.subscription_end && subscription.subscription_end < yearEnd ? subscription.subscription_end : yearEnd;
    if (to < from) continue;
    const price = await priceFor(tx, subscription.product_id, year);
    const firstYear = input.membershipSubscriptionId !== undefined || member.start_year === null || member.start_year === year;
    const { amount, benefit } = lineAmount(subscription.kind, price, from, member.benefit_id, firstYear);
    lines.push({
      year,
      product_id: subscription.product_id,
      subscription_id: subscription.id,
      description: `${subscription.product_name} ${year}${QUARTER_NAMES[quarterNumber(from)]}${benefit ? ` (${benefit})` : ''}`,
      period_from: from,
      period_to: to,
      amount_ore: amount,
    });
  }
  if (lines.length === 0) return null;
  // A cover starting next year goes on next year's invoice: one invoice per year charged.
  const year = Math.min(...lines.map((line) => line.year));
  const invoiced = lines.filter((line) => line.year === year);
  const kind: InvoiceKind = input.membershipSubscriptionId !== undefined ? 'first' : 'cover';
  const days = await billingDays(tx, { billing: input.billing });
  const id = await createInvoice(tx, {
    memberId: member.id,
    year,
    kind,
    lines: invoiced.map(({ year: _year, ...line }) => line),
    invoiceDate: input.today,
    dueDays: days.invoice_due_days,
    campaignCode: member.campaign_code,
    actorId: input.actorId,
    reason: kind === 'first' ? 'Medlemskap akseptert' : 'Forsikring akseptert',
    sending: input.outbox ? { outbox: input.outbox, billing: input.billing } : null,
  });
  for (const line of invoiced) {
    await tx.query('UPDATE subscriptions SET invoiced_for = $2, updated_at = now() WHERE id = $1', [line.subscription_id, line.period_to]);
  }
  return id;
}
