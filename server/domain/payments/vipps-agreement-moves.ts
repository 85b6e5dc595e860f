/** An agreement moved forward as Vipps reports it; when it ends, its open charges are settled. */
import { VippsError, type AgreementStatus } from '../../adapters/vipps.ts';
import type { AgreementState } from '../../schemas/vipps-agreements.ts';
import { AGREEMENT_COLUMNS, CHARGE_SELECT, record, type AgreementDeps, type AgreementRow, type ChargeRow, type Source } from './vipps-agreement-rows.ts';
import { moveCharge, syncCharge } from './vipps-charge-moves.ts';

const AGREEMENT_FORWARD: Record<AgreementState, readonly AgreementState[]> = {
  PENDING: ['ACTIVE', 'STOPPED', 'EXPIRED'],
  ACTIVE: ['STOPPED', 'EXPIRED'],
  STOPPED: [],
  EXPIRED: [],
};

interface MoveOptions {
  source: Source;
  event?: string | null;
  stoppedBy?: 'member' | 'staff' | 'app' | 'vipps';
  actorId?: number | null;
  note?: string | null;
}

/** Moves our agreement forward to `to` (and records it); a move backwards or none is recorded as ignored. */
export async function moveAgreement(deps: AgreementDeps, id: number, to: AgreementState, options: MoveOptions): Promise<boolean> {
  const moved = await deps.db.transaction(async (tx) => {
    const [row] = await tx.query<AgreementRow>(`SELECT ${AGREEMENT_COLUMNS} FROM vipps_agreements WHERE id = $1 FOR UPDATE`, [id]);
    if (!row) return false;
    await tx.query('UPDATE vipps_agreements SET checked_at = now() WHERE id = $1', [id]);
    const base = { agreementId: id, source: options.source, event: options.event, vippsAgreementId: row.vipps_agreement_id, actorId: options.actorId };
    if (!AGREEMENT_FORWARD[row.state].includes(to)) {
      // Nothing to record for a poll that found nothing new; an event that changed nothing is kept.
      if (options.event)
        await record(tx, { ...base, from: row.state, to, note: row.state === to ? 'Ingen endring' : 'Ignorert: avtalen er allerede kommet lenger' });
      return false;
    }
    const ended = to === 'STOPPED' || to === 'EXPIRED';
    await tx.query(
      `UPDATE vipps_agreements SET state = $2, updated_at = now(), confirmation_url = CASE WHEN $2 = 'PENDING' THEN confirmation_url END,
              stopped_at = CASE WHEN $3 THEN now() ELSE stopped_at END, stopped_by = CASE WHEN $3 THEN $4 ELSE stopped_by END,
              stopped_by_account = CASE WHEN $3 THEN $5::int ELSE stopped_by_account END
        WHERE id = $1`,
      [id, to, ended, options.stoppedBy ?? (to === 'EXPIRED' ? 'vipps' : 'app'), options.actorId ?? null],
    );
    await record(tx, { ...base, from: row.state, to, note: options.note ?? null });
    return true;
  });
  if (moved && (to === 'STOPPED' || to === 'EXPIRED')) await settleChargesOf(deps, id, options.source);
  return moved;
}

/** Asks Vipps for the agreement and moves ours to its state (stopped by someone else than us: in the app). */
export async function syncAgreement(
  deps: AgreementDeps,
  row: AgreementRow,
  source: Source,
  event: string | null = null,
  actor: string | null = null,
): Promise<void> {
  if (!deps.recurring || !row.vipps_agreement_id) return;
  const agreement = await deps.recurring.getAgreement(row.vipps_agreement_id);
  const status: AgreementStatus = agreement.status;
  await moveAgreement(deps, row.id, status, {
    source,
    event,
    stoppedBy: status === 'EXPIRED' || actor === 'SYSTEM' || actor === 'ADMIN' ? 'vipps' : 'app',
    note: status === 'STOPPED' ? (row.state === 'PENDING' ? 'Avvist eller stoppet i Vipps' : 'Stoppet i Vipps-appen') : null,
  });
  await deps.db.query('UPDATE vipps_agreements SET checked_at = now() WHERE id = $1', [row.id]);
}

/** After the agreement ended: its charges not yet at Vipps fall back, the others are asked of Vipps. */
async function settleChargesOf(deps: AgreementDeps, agreementId: number, source: Source): Promise<void> {
  const charges = await deps.db.query<ChargeRow>(
    `${CHARGE_SELECT} WHERE c.agreement_id = $1 AND c.state IN ('QUEUED', 'PENDING', 'DUE', 'PROCESSING', 'RESERVED')`,
    [agreementId],
  );
  for (const charge of charges) {
    if (charge.state === 'QUEUED') {
      await moveCharge(deps, charge.id, 'REFUSED', { source, note: 'Avtalen er ikke lenger aktiv', failureReason: 'Avtalen er ikke lenger aktiv' });
      continue;
    }
    try {
      await syncCharge(deps, charge, source);
    } catch (error) {
      if (!(error instanceof VippsError)) throw error;
      deps.log?.warn({ charge: charge.id, err: error.message }, 'Vipps charge check failed');
    }
  }
}
