/** Vipps' word on agreements and charges: the webhook's recurring events, and the polling job as a safety net for lost ones. */
import { VippsError, type RecurringEvent } from '../../adapters/vipps.ts';
import { AGREEMENT_COLUMNS, CHARGE_SELECT, record, type AgreementDeps, type AgreementRow, type ChargeRow } from './vipps-agreement-rows.ts';
import { syncAgreement } from './vipps-agreement-moves.ts';
import { createChargeAtVipps, syncCharge } from './vipps-charge-moves.ts';

const OPEN_CHARGES = ['PENDING', 'DUE', 'PROCESSING', 'RESERVED'];

/**
 * A recurring event from the webhook (signature already checked): the agreement or charge is asked
 * of Vipps and moved on. An event for an agreement or charge we do not know is recorded and ignored.
 */
export async function receiveRecurringEvent(deps: AgreementDeps, event: RecurringEvent): Promise<void> {
  const { db } = deps;
  const [agreement] = await db.query<AgreementRow>(`SELECT ${AGREEMENT_COLUMNS} FROM vipps_agreements WHERE vipps_agreement_id = $1`, [event.agreementId]);
  const chargeId = event.kind === 'charge' ? event.chargeId : null;
  if (!agreement) {
    await record(db, {
      agreementId: null,
      source: 'webhook',
      event: event.name,
      vippsAgreementId: event.agreementId,
      vippsChargeId: chargeId,
      note: 'Ignorert: ukjent avtale',
    });
    return;
  }
  if (event.kind === 'agreement') {
    await syncAgreement(deps, agreement, 'webhook', event.name, event.actor);
    return;
  }
  const [charge] = await db.query<ChargeRow>(`${CHARGE_SELECT} WHERE c.order_id = $1 AND c.agreement_id = $2`, [event.chargeId, agreement.id]);
  if (!charge) {
    await record(db, {
      agreementId: agreement.id,
      source: 'webhook',
      event: event.name,
      vippsAgreementId: event.agreementId,
      vippsChargeId: chargeId,
      note: 'Ignorert: ukjent trekk',
    });
    return;
  }
  if (charge.state === 'QUEUED') {
    // The event came before the charge job's answer: the job takes the state.
    await createChargeAtVipps(deps, charge.id);
    return;
  }
  await syncCharge(deps, charge, 'webhook', event.name);
}

/**
 * The polling job (the safety net for lost webhooks): agreements waiting for approval, active ones
 * not asked today (stopped in the app), open charges, and charges the charge job did not get to
 * Vipps. Answers how many it looked at.
 */
export async function pollAgreements(deps: AgreementDeps, limit = 200): Promise<number> {
  const { db } = deps;
  // An agreement row whose create never reached Vipps (the process stopped in between).
  await db.query(
    "UPDATE vipps_agreements SET state = 'EXPIRED', updated_at = now() WHERE state = 'PENDING' AND vipps_agreement_id IS NULL AND created_at < now() - interval '1 hour'",
  );
  const agreements = await db.query<AgreementRow>(
    `SELECT ${AGREEMENT_COLUMNS} FROM vipps_agreements
      WHERE vipps_agreement_id IS NOT NULL
        AND (state = 'PENDING' OR (state = 'ACTIVE' AND (checked_at IS NULL OR checked_at < now() - interval '1 day')))
      ORDER BY checked_at NULLS FIRST, id LIMIT $1`,
    [limit],
  );
  const charges = await db.query<ChargeRow>(
    `${CHARGE_SELECT} WHERE c.state = ANY($1::text[]) OR (c.state = 'QUEUED' AND c.updated_at < now() - interval '10 minutes') ORDER BY c.id LIMIT $2`,
    [OPEN_CHARGES, limit],
  );
  for (const agreement of agreements) {
    try {
      await syncAgreement(deps, agreement, 'poll');
    } catch (error) {
      if (!(error instanceof VippsError)) throw error;
      deps.log?.warn({ agreement: agreement.id, err: error.message }, 'Vipps agreement poll failed');
    }
  }
  for (const charge of charges) {
    try {
      if (charge.state === 'QUEUED') await createChargeAtVipps(deps, charge.id);
      else await syncCharge(deps, charge, 'poll');
    } catch (error) {
      if (!(error instanceof VippsError)) throw error;
      deps.log?.warn({ charge: charge.id, err: error.message }, 'Vipps charge poll failed');
    }
  }
  return agreements.length + charges.length;
}
