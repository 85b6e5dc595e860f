/**
 * Dues drawn automatically with Vipps Recurring. A member sets up an agreement on Min side (yearly,
 * the year's dues as its price) and approves it in Vipps; the renewal run then plans a charge on
 * it instead of mailing the invoice (billing/vipps-charges.ts), and the charge job makes it at
 * Vipps once the run's step has committed. A charge CHARGED pays the invoice (method 'vipps',
 * source the charge's id); one FAILED after its retries, CANCELLED or refused by Vipps hands the
 * invoice back to the ordinary way: mailed, reminders as usual, and the member told.
 *
 * State comes from Vipps: a webhook event only says that something happened, and the agreement or
 * charge is then asked of Vipps, as the polling job does as a safety net. A state only moves
 * forward (a replayed or late event changes nothing), and every change and every event, also one
 * ignored, is kept in vipps_agreement_events.
 *
 * Here what the member and staff do (see, set up, stop); the rows and the event log in
 * vipps-agreement-rows.ts, the moves of an agreement and of a charge in vipps-agreement-moves.ts
 * and vipps-charge-moves.ts, the webhook and the polling job in vipps-agreement-sync.ts.
 */
import { conflict, HttpError, notFound } from '../../lib/http-errors.ts';
import { VippsError, type RecurringGateway } from '../../adapters/vipps.ts';
import { agreementPrice } from './agreement-price.ts';
import type { AgreementState, VippsAgreementView } from '../../schemas/vipps-agreements.ts';
import { latestAgreement, openAgreement, record, type AgreementDeps } from './vipps-agreement-rows.ts';
import { moveAgreement, syncAgreement } from './vipps-agreement-moves.ts';

export { record, type AgreementDeps, type EventRecord, type Source } from './vipps-agreement-rows.ts';
export { createChargeAtVipps } from './vipps-charge-moves.ts';
export { pollAgreements, receiveRecurringEvent } from './vipps-agreement-sync.ts';

export const AGREEMENT_TEXTS = {
  notConfigured: 'Trekk med Vipps er ikke tilgjengelig akkurat nå.',
  alreadyActive: 'Du har allerede en aktiv Vipps-avtale.',
  noneOpen: 'Det finnes ingen Vipps-avtale å stoppe.',
  notMember: 'Bare medlemmer kan trekke kontingenten med Vipps.',
  vippsFailed: (detail: string) => `Vi fikk ikke laget avtalen hos Vipps. ${detail}`,
  stopFailed: (detail: string) => `Vi fikk ikke stoppet avtalen hos Vipps. ${detail}`,
} as const;

const isTestCheckout = (recurring: RecurringGateway | null) => Boolean(recurring && 'testCheckout' in recurring);

/** The member's agreement (the latest), its charges and history; a waiting agreement is first asked of Vipps. */
export async function agreementView(deps: AgreementDeps, memberId: number): Promise<{ data: VippsAgreementView }> {
  const { db } = deps;
  const latest = await latestAgreement(db, memberId);
  if (latest?.state === 'PENDING' && latest.vipps_agreement_id && deps.recurring) {
    try {
      await syncAgreement(deps, latest, 'member');
    } catch (error) {
      if (!(error instanceof VippsError)) throw error;
      deps.log?.warn({ agreement: latest.id, err: error.message }, 'Vipps agreement check failed');
    }
  }
  const price = await agreementPrice(db, memberId);
  const [agreement] = latest
    ? await db.query<NonNullable<VippsAgreementView['agreement']>>(
        `SELECT g.id, g.vipps_agreement_id AS agreement_id, g.state, g.price_ore AS price, g.includes_premiums, g.premiums_ore AS premiums,
                g.product_name, g.created_at, g.updated_at,
                g.stopped_at, g.stopped_by, CASE WHEN g.state = 'PENDING' THEN g.confirmation_url END AS redirect_url
           FROM vipps_agreements g WHERE g.id = $1`,
        [latest.id],
      )
    : [];
  const charges = await db.query<VippsAgreementView['charges'][number]>(
    `SELECT c.id, c.invoice_id, i.number AS invoice_number, c.order_id AS charge_id, c.amount_ore AS amount, c.due_date::text AS due_date,
            c.retry_days, c.state, c.failure_reason, c.fell_back_at, c.updated_at
       FROM vipps_charges c JOIN vipps_agreements g ON g.id = c.agreement_id JOIN invoices i ON i.id = c.invoice_id
      WHERE g.member_id = $1 ORDER BY c.id DESC LIMIT 20`,
    [memberId],
  );
  const events = latest
    ? await db.query<VippsAgreementView['events'][number]>(
        `SELECT e.id::int AS id, e.at, e.source, e.event, e.from_state, e.to_state, e.note, e.vipps_charge_id AS charge_id
           FROM vipps_agreement_events e JOIN vipps_agreements g ON g.id = e.agreement_id
          WHERE g.member_id = $1 ORDER BY e.id DESC LIMIT 50`,
        [memberId],
      )
    : [];
  return {
    data: {
      available: deps.recurring !== null,
      test_checkout: isTestCheckout(deps.recurring),
      price: price.duesOre,
      premiums: price.premiumsOre,
      agreement: agreement ?? null,
      charges,
      events,
    },
  };
}

/**
 * The member sets up an agreement: our row (the database allows one waiting or active per member),
 * then the agreement at Vipps; the browser goes to `redirect_url` to approve it. A second tap while
 * one waits answers the same agreement; one already active is refused (409).
 */
export async function startAgreement(
  deps: AgreementDeps,
  memberId: number,
  options: { includesPremiums?: boolean } = {},
): Promise<{ data: { redirect_url: string; agreement_id: string; state: AgreementState } }> {
  const { db, recurring } = deps;
  if (!recurring) throw new HttpError(503, { message: AGREEMENT_TEXTS.notConfigured });
  const [member] = await db.query<{ role_id: number; phone: string | null }>('SELECT role_id, phone FROM accounts WHERE id = $1 AND erased_at IS NULL', [
    memberId,
  ]);
  if (!member) throw notFound();
  if (member.role_id !== 2) throw conflict(AGREEMENT_TEXTS.notMember);
  const waiting = async () => {
    const open = await openAgreement(db, memberId);
    if (open?.state === 'ACTIVE') throw conflict(AGREEMENT_TEXTS.alreadyActive);
    return open?.vipps_agreement_id && open.confirmation_url
      ? { data: { redirect_url: open.confirmation_url, agreement_id: open.vipps_agreement_id, state: open.state } }
      : null;
  };
  const before = await waiting();
  if (before) return before;

  const price = await agreementPrice(db, memberId);
  const premiums = options.includesPremiums ? price.premiumsOre : 0;
  const amount = price.duesOre + premiums;
  let row: { id: number };
  try {
    [row] = await db.query<{ id: number }>(
      `INSERT INTO vipps_agreements (member_id, price_ore, product_id, product_name, includes_premiums, premiums_ore)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [memberId, amount, price.productId, price.productName, options.includesPremiums === true, premiums],
    );
  } catch (error) {
    // Another tap made it first (vipps_agreements_one_open).
    if ((error as { code?: string }).code !== '23505') throw error;
    const other = await waiting();
    if (other) return other;
    throw conflict(AGREEMENT_TEXTS.alreadyActive);
  }
  const phone = (member.phone ?? '').replace(/\D/g, '');
  try {
    const created = await recurring.createAgreement(
      {
        amount,
        interval: { unit: 'YEAR', count: 1 },
        productName: price.productName.slice(0, 45),
        productDescription: options.includesPremiums ? 'Kontingenten og forsikringspremiene trekkes én gang i året.' : 'Kontingenten trekkes én gang i året.',
        merchantAgreementUrl: `${deps.publicUrl}/profile/${memberId}`,
        merchantRedirectUrl: `${deps.publicUrl}/profile/${memberId}?vipps_agreement=return`,
        phoneNumber: /^\d{8}$/.test(phone) ? `47${phone}` : null,
        externalId: `mp-avtale-${row.id}`,
      },
      `agreement-${row.id}`,
    );
    await db.transaction(async (tx) => {
      await tx.query('UPDATE vipps_agreements SET vipps_agreement_id = $2, confirmation_url = $3, updated_at = now() WHERE id = $1', [
        row.id,
        created.agreementId,
        created.confirmationUrl,
      ]);
      await record(tx, {
        agreementId: row.id,
        source: 'member',
        vippsAgreementId: created.agreementId,
        to: 'PENDING',
        note: 'Avtale laget',
        actorId: memberId,
      });
    });
    return { data: { redirect_url: created.confirmationUrl, agreement_id: created.agreementId, state: 'PENDING' } };
  } catch (error) {
    await db.query('DELETE FROM vipps_agreements WHERE id = $1 AND vipps_agreement_id IS NULL', [row.id]);
    if (!(error instanceof VippsError)) throw error;
    deps.log?.warn({ member: memberId, err: error.message, status: error.status }, 'Vipps agreement create failed');
    throw new HttpError(502, { message: AGREEMENT_TEXTS.vippsFailed(error.message) });
  }
}

/** The member (or staff) stops the agreement, at Vipps first; its charges not yet drawn are cancelled there and fall back. */
export async function stopAgreement(deps: AgreementDeps, memberId: number, actor: { id: number; staff: boolean }): Promise<{ data: VippsAgreementView }> {
  const { db, recurring } = deps;
  const open = await openAgreement(db, memberId);
  if (!open) throw conflict(AGREEMENT_TEXTS.noneOpen);
  if (!recurring) throw new HttpError(503, { message: AGREEMENT_TEXTS.notConfigured });
  if (open.vipps_agreement_id) {
    try {
      await recurring.stopAgreement(open.vipps_agreement_id, `stop-${open.id}`);
    } catch (error) {
      if (!(error instanceof VippsError)) throw error;
      // Vipps says it cannot be stopped (expired): take its state from Vipps instead.
      if (error.status !== 409) throw new HttpError(502, { message: AGREEMENT_TEXTS.stopFailed(error.message) });
      await syncAgreement(deps, open, actor.staff ? 'staff' : 'member');
      return agreementView(deps, memberId);
    }
  }
  await moveAgreement(deps, open.id, 'STOPPED', {
    source: actor.staff ? 'staff' : 'member',
    stoppedBy: actor.staff ? 'staff' : 'member',
    actorId: actor.id,
    note: actor.staff ? 'Stoppet av ansatt' : 'Stoppet på Min side',
  });
  return agreementView(deps, memberId);
}
