/** A Vipps agreement's and its charges' rows as the agreement code reads them, what it needs, and the event log. */
import type { Database, Queryable } from '../../db/database.ts';
import type { BillingConfig } from '../../config.ts';
import type { JobSender, Outbox } from '../messages/outbox.ts';
import type { RecurringGateway } from '../../adapters/vipps.ts';
import type { AgreementState } from '../../schemas/vipps-agreements.ts';

export interface AgreementDeps {
  db: Database;
  /** Null when Vipps is not set up (production without VIPPS_* settings). */
  recurring: RecurringGateway | null;
  jobs: JobSender;
  outbox: Outbox;
  publicUrl: string;
  billing: BillingConfig;
  log?: { warn(object: object, message: string): void };
}

/** Where a change came from (vipps_agreement_events.source). */
export type Source = 'member' | 'staff' | 'webhook' | 'poll' | 'renewal' | 'job';

export interface AgreementRow {
  id: number;
  member_id: number;
  vipps_agreement_id: string | null;
  state: AgreementState;
  confirmation_url: string | null;
}

export interface ChargeRow {
  id: number;
  agreement_id: number;
  invoice_id: number;
  order_id: string;
  amount_ore: number;
  due_date: string;
  retry_days: number;
  state: string;
  vipps_agreement_id: string | null;
  agreement_state: AgreementState;
  invoice_number: number;
  fell_back_at: string | null;
}

export const AGREEMENT_COLUMNS = 'id, member_id, vipps_agreement_id, state, confirmation_url';
export const CHARGE_SELECT = `SELECT c.id, c.agreement_id, c.invoice_id, c.order_id, c.amount_ore, c.due_date::text AS due_date, c.retry_days, c.state,
         g.vipps_agreement_id, g.state AS agreement_state, i.number AS invoice_number, c.fell_back_at
    FROM vipps_charges c JOIN vipps_agreements g ON g.id = c.agreement_id JOIN invoices i ON i.id = c.invoice_id`;

export interface EventRecord {
  agreementId: number | null;
  chargeId?: number | null;
  source: Source;
  event?: string | null;
  vippsAgreementId?: string | null;
  vippsChargeId?: string | null;
  from?: string | null;
  to?: string | null;
  note?: string | null;
  actorId?: number | null;
}

/** Keeps one change or event in vipps_agreement_events. */
export async function record(db: Queryable, entry: EventRecord): Promise<void> {
  await db.query(
    `INSERT INTO vipps_agreement_events (agreement_id, charge_id, source, event, vipps_agreement_id, vipps_charge_id, from_state, to_state, note, actor_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      entry.agreementId,
      entry.chargeId ?? null,
      entry.source,
      entry.event ?? null,
      entry.vippsAgreementId ?? null,
      entry.vippsChargeId ?? null,
      entry.from ?? null,
      entry.to ?? null,
      entry.note ?? null,
      entry.actorId ?? null,
    ],
  );
}

export const latestAgreement = async (db: Queryable, memberId: number): Promise<AgreementRow | null> =>
  (await db.query<AgreementRow>(`SELECT ${AGREEMENT_COLUMNS} FROM vipps_agreements WHERE member_id = $1 ORDER BY id DESC LIMIT 1`, [memberId]))[0] ?? null;

export const openAgreement = async (db: Queryable, memberId: number): Promise<AgreementRow | null> =>
  (await db.query<AgreementRow>(`SELECT ${AGREEMENT_COLUMNS} FROM vipps_agreements WHERE member_id = $1 AND state IN ('PENDING', 'ACTIVE')`, [memberId]))[0] ??
  null;
