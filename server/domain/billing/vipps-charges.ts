/**
 * The renewal run's side of Vipps agreements: for a member with an ACTIVE agreement the invoice is
 * made as for everyone, but instead of being mailed a charge is planned on the agreement, in the
 * step's transaction. The call to Vipps is a job on the queue (written in the same transaction,
 * so it runs only once the step has committed and is dropped with it on a rollback); what follows
 * (paid, or back to the ordinary invoice) is domain/payments/vipps-agreements.ts.
 */
import type { Queryable } from '../../db/database.ts';
import type { JobSender } from '../messages/outbox.ts';

export const VIPPS_CHARGE_QUEUE = 'vipps-charge';

/** Days Vipps tries again after the due date before the charge is FAILED. */
export const CHARGE_RETRY_DAYS = 5;
/** Vipps takes charges of at least 1 krone. */
export const MIN_CHARGE_ORE = 100;

/** Our orderId for the invoice's charge (Vipps makes it the charge's id): one per invoice, ever. */
export const orderIdOf = (invoiceNumber: number) => `mp-faktura-${invoiceNumber}`;

export interface ActiveAgreement {
  id: number;
  /** The member chose to have the insurance premiums drawn with the dues. */
  includesPremiums: boolean;
}

/** Of these members, those with an ACTIVE agreement: member id → our agreement. */
export async function activeAgreements(tx: Queryable, memberIds: readonly number[]): Promise<Map<number, ActiveAgreement>> {
  if (memberIds.length === 0) return new Map();
  const rows = await tx.query<{ id: number; member_id: number; includes_premiums: boolean }>(
    "SELECT id, member_id, includes_premiums FROM vipps_agreements WHERE state = 'ACTIVE' AND member_id = ANY($1::int[])",
    [memberIds],
  );
  return new Map(rows.map((row) => [row.member_id, { id: row.id, includesPremiums: row.includes_premiums }]));
}

/**
 * A member's renewal lines split by what the agreement draws: everything when the premiums are
 * drawn too, otherwise the membership (the covers go as their own invoice). Null when nothing is
 * drawn: no agreement, no membership line to draw, or less than Vipps takes.
 */
export function drawnLines<L extends { kind: string; amount_ore: number }>(
  lines: readonly L[],
  agreement: ActiveAgreement | undefined,
): { drawn: L[]; rest: L[] } | null {
  if (!agreement) return null;
  const drawn = agreement.includesPremiums ? [...lines] : lines.filter((line) => line.kind === 'membership');
  if (drawn.length === 0 || drawn.reduce((sum, line) => sum + line.amount_ore, 0) < MIN_CHARGE_ORE) return null;
  return { drawn, rest: lines.filter((line) => !drawn.includes(line)) };
}

/**
 * In the transaction that made the invoices (marked sent, not mailed): a charge per invoice, due
 * on the invoice's due date (at least tomorrow, as Vipps needs it a day ahead), the invoice's
 * reminders paused through the charge's retries, the events, and the job that makes each charge
 * at Vipps once the transaction has committed.
 */
export async function planCharges(tx: Queryable, jobs: JobSender, charges: readonly { agreementId: number; invoiceId: number }[]): Promise<void> {
  if (charges.length === 0) return;
  const made = await tx.query<{ id: number; agreement_id: number; invoice_id: number; order_id: string }>(
    `INSERT INTO vipps_charges (agreement_id, invoice_id, order_id, amount_ore, due_date, retry_days)
     SELECT c.agreement_id, i.id, 'mp-faktura-' || i.number, i.total_ore,
            greatest(i.due_date, (now() AT TIME ZONE 'Europe/Oslo')::date + 1), $2
       FROM jsonb_to_recordset($1::jsonb) AS c(agreement_id int, invoice_id int)
       JOIN invoices i ON i.id = c.invoice_id
     ON CONFLICT (invoice_id) DO NOTHING
     RETURNING id, agreement_id, invoice_id, order_id`,
    [JSON.stringify(charges.map((charge) => ({ agreement_id: charge.agreementId, invoice_id: charge.invoiceId }))), CHARGE_RETRY_DAYS],
  );
  if (made.length === 0) return;
  await tx.query(
    `UPDATE invoices i SET reminders_paused_until = c.due_date + c.retry_days + 1, reminders_paused_reason = 'Trekkes med Vipps-avtale', updated_at = now()
       FROM vipps_charges c WHERE c.invoice_id = i.id AND c.id = ANY($1::int[])`,
    [made.map((charge) => charge.id)],
  );
  await tx.query(
    `INSERT INTO invoice_events (invoice_id, from_state, to_state, actor_id, reason)
     SELECT i.id, i.state, i.state, NULL, 'Trekkes med Vipps-avtale (forfall ' || to_char(c.due_date, 'DD.MM.YYYY') || ')'
       FROM vipps_charges c JOIN invoices i ON i.id = c.invoice_id WHERE c.id = ANY($1::int[]) ORDER BY c.id`,
    [made.map((charge) => charge.id)],
  );
  await tx.query(
    `INSERT INTO vipps_agreement_events (agreement_id, charge_id, source, vipps_charge_id, to_state, note)
     SELECT c.agreement_id, c.id, 'renewal', c.order_id, 'QUEUED', 'Trekk planlagt for faktura ' || i.number
       FROM vipps_charges c JOIN invoices i ON i.id = c.invoice_id WHERE c.id = ANY($1::int[]) ORDER BY c.id`,
    [made.map((charge) => charge.id)],
  );
  await jobs.sendMany(
    VIPPS_CHARGE_QUEUE,
    made.map((charge) => ({ chargeId: charge.id })),
    tx,
  );
}
