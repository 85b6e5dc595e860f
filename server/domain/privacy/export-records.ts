/**
 * The member's invoices and claims in their data export: what the portal holds about their money
 * and their insurance cases, beside the register's fields (privacy.ts). Amounts are øre.
 */
import type { Queryable } from '../../db/database.ts';

/** Each invoice with its lines and payments, oldest first. */
export async function invoicesOf(db: Queryable, memberId: number): Promise<Record<string, unknown>[]> {
  const invoices = await db.query<{ id: number } & Record<string, unknown>>(
    `SELECT id, number, year, kind, total_ore, paid_ore, credited_ore, invoice_date::text AS invoice_date,
            due_date::text AS due_date, kid, channel, state, created_at
       FROM invoices WHERE member_id = $1 ORDER BY invoice_date, id`,
    [memberId],
  );
  if (invoices.length === 0) return [];
  const ids = invoices.map((invoice) => invoice.id);
  const lines = await db.query<{ invoice_id: number } & Record<string, unknown>>(
    `SELECT invoice_id, description, period_from::text AS period_from, period_to::text AS period_to, amount_ore
       FROM invoice_lines WHERE invoice_id = ANY ($1) ORDER BY id`,
    [ids],
  );
  const payments = await db.query<{ invoice_id: number } & Record<string, unknown>>(
    `SELECT invoice_id, amount_ore, paid_on::text AS paid_on, method FROM invoice_payments WHERE invoice_id = ANY ($1) ORDER BY paid_on, id`,
    [ids],
  );
  const of = <Row extends { invoice_id: number }>(rows: Row[], id: number) =>
    rows.filter((row) => row.invoice_id === id).map(({ invoice_id: _id, ...row }) => row);
  return invoices.map(({ id, ...invoice }) => ({ ...invoice, lines: of(lines, id), payments: of(payments, id) }));
}

/** Each claim with what was reported, its outcome and its history (who at the office is not named). */
export async function claimsOf(db: Queryable, memberId: number): Promise<Record<string, unknown>[]> {
  const claims = await db.query<{ id: number } & Record<string, unknown>>(
    `SELECT c.id, c.snapshot -> 'instrument' ->> 'make' || ' ' || (c.snapshot -> 'instrument' ->> 'model') AS instrument,
            c.kind, c.occurred_on::text AS occurred_on, c.place, c.country, c.description, c.police_report,
            c.state, c.outcome, c.note, c.created_at, c.updated_at
       FROM claims c WHERE c.member_id = $1 ORDER BY c.id`,
    [memberId],
  );
  if (claims.length === 0) return [];
  const events = await db.query<{ claim_id: number } & Record<string, unknown>>(
    `SELECT claim_id, state, outcome, note, created_at FROM claim_events WHERE claim_id = ANY ($1) ORDER BY id`,
    [claims.map((claim) => claim.id)],
  );
  return claims.map((claim) => ({
    ...claim,
    events: events.filter((event) => event.claim_id === claim.id).map(({ claim_id: _id, ...event }) => event),
  }));
}
