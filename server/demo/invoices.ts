/**
 * The membership year in the demo: the members who joined this year get their first invoice,
 * made as staff accepting them would make it (pro-rata, campaign benefit, KID), and about half
 * of those invoices are paid, some in part, the rest left open (overdue once their due date has
 * passed). Bounded: at most MAX_INVOICES members, so the demo stays quick to load.
 */
import type { Queryable } from '../db/database.ts';
import type { BillingConfig } from '../config.ts';
import { invoiceRestOfYear } from '../domain/billing/first-invoice.ts';
import { lockInvoice } from '../domain/billing/invoices.ts';
import { bookPayment } from '../domain/billing/payments.ts';
import type { DemoContext, DemoMember } from './context.ts';
import { isMember } from './accounts.ts';
import { addDays } from './dates.ts';

const MAX_INVOICES = 40;

/** The environment's defaults (config.ts): the demo has no settings of its own. */
const DEMO_BILLING: BillingConfig = { bankAccount: '15031234562', invoiceDueDays: 14, reminder1Days: 14, reminder2Days: 28, lapseDays: 60, tripletex: false };

export async function insertInvoices(db: Queryable, context: DemoContext, members: readonly DemoMember[]): Promise<void> {
  const { random, today } = context;
  const thisYear = `${today.slice(0, 4)}-01-01`;
  const joined = members
    .filter((member) => isMember(member) && member.remote_id !== null && member.since >= thisYear && member.since <= today)
    .slice(0, MAX_INVOICES);
  for (const member of joined) {
    const [membership] = await db.query<{ id: number }>("SELECT id FROM subscriptions WHERE member_id = $1 AND kind = 'membership' AND state = 'active'", [
      member.id,
    ]);
    if (!membership) continue;
    // Invoiced on the day they were accepted, as accepting does it today.
    await db.query('UPDATE subscriptions SET invoiced_for = NULL WHERE id = $1', [membership.id]);
    const id = await invoiceRestOfYear(db, {
      memberId: member.id,
      membershipSubscriptionId: membership.id,
      actorId: member.handled_by?.id ?? null,
      today: member.since,
      billing: DEMO_BILLING,
    });
    if (id === null) continue;
    const invoice = await lockInvoice(db, id);
    const daysSince = Math.round((Date.parse(today) - Date.parse(member.since)) / 86_400_000);
    const roll = random.next();
    if (invoice.total_ore === 0 || daysSince < 3 || roll >= 0.75) continue;
    const paidOn = addDays(member.since, random.int(2, Math.min(daysSince, 30)));
    const byHand = random.chance(0.2);
    const amount = roll < 0.55 ? invoice.total_ore : Math.round(invoice.total_ore / 2);
    await bookPayment(db, invoice, {
      amountOre: amount,
      paidOn,
      method: byHand ? 'bank' : 'ocr',
      note: byHand ? 'Betalt i nettbank uten KID' : null,
      source: byHand ? null : `demo-ocr-${invoice.number}`,
      actorId: byHand ? context.staff[0].id : null,
    });
  }
}
