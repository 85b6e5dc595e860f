/**
 * The quick checkout with 'Betal kontingenten automatisk hvert år' ticked: instead of an ePayment
 * payment the payer approves a Vipps Recurring agreement (yearly, the year's dues as its price)
 * whose initial charge is the first payment, the same amount as the quick checkout takes without
 * it. The registration row follows the agreement:
 *
 * - CREATED while the agreement waits for the payer (or its initial charge is being drawn);
 * - CAPTURED once the agreement is ACTIVE and its initial charge CHARGED: the member, the welcome
 *   mail and our agreement row (ACTIVE, with the member) are made in one transaction, so Min side
 *   shows the agreement and the next renewal run charges it;
 * - REFUSED when the payer's e-mail has an account already, or the initial charge did not go
 *   through; the charge is then refunded (REFUNDED) or cancelled (CANCELLED), and the agreement
 *   stopped at Vipps;
 * - ABORTED when the payer rejected the agreement, EXPIRED when it ran out.
 *
 * State is always asked of Vipps (the webhook's event only says that something happened), so the
 * webhook, the payer's return and the follow-up job may all settle the same row, in any order.
 */
import type { Queryable } from '../../db/database.ts';
import { VippsError, VIPPS_MESSAGES, type Agreement, type Charge, type RecurringGateway } from '../../adapters/vipps.ts';
import { record, type Source } from './vipps-agreements.ts';
import { duesOf } from './agreement-price.ts';
import { createMemberFromPayer, loadRegistration, returnPath, VIPPS_TEXTS, type RegistrationRow, type VippsDeps } from './vipps-registration.ts';

export const SIGNUP_AGREEMENT_TEXTS = {
  notConfigured: 'Automatisk betaling med Vipps er ikke tilgjengelig akkurat nå. Fjern avkrysningen og betal bare medlemskapet, eller prøv igjen senere.',
  productDescription: 'Kontingenten trekkes automatisk én gang i året.',
  chargeFailed: 'Den første betalingen gikk ikke gjennom hos Vipps.',
  refund: 'Innmeldingen ble ikke gjennomført',
  approved: (kroner: string) => `Godkjent ved innmelding med Vipps; første betaling på ${kroner} kr trukket`,
} as const;

/** The payer's details asked for, as the ePayment flow asks for them. */
export const SIGNUP_SCOPE = 'name email phoneNumber';

/** A charge that has gone through: the money is drawn. */
const DRAWN = new Set(['CHARGED', 'PARTIALLY_REFUNDED', 'REFUNDED']);
/** A charge that will never be drawn. */
const NOT_DRAWN = new Set(['FAILED', 'CANCELLED']);

/**
 * Makes the agreement at Vipps for a registration row of kind 'agreement' (already written) and
 * keeps its ids on the row; answers where the payer approves it. Vipps' errors are thrown.
 */
export async function createSignupAgreement(
  deps: VippsDeps,
  recurring: RecurringGateway,
  registration: { reference: string; amount: number; description: string },
): Promise<string> {
  const { reference } = registration;
  const product = await duesOf(deps.db);
  const created = await recurring.createAgreement(
    {
      amount: product.duesOre,
      interval: { unit: 'YEAR', count: 1 },
      productName: product.productName.slice(0, 45),
      productDescription: SIGNUP_AGREEMENT_TEXTS.productDescription,
      // Where the member manages it: Min side (sign-in first).
      merchantAgreementUrl: `${deps.publicUrl}/profile`,
      merchantRedirectUrl: `${deps.publicUrl}${returnPath(reference)}`,
      externalId: reference,
      scope: SIGNUP_SCOPE,
      // The registration's reference is the initial charge's id (orderId).
      initialCharge: { amount: registration.amount, description: registration.description.slice(0, 45), orderId: reference },
    },
    `create-${reference}`,
  );
  await deps.db.query('UPDATE vipps_registrations SET vipps_agreement_id = $2, initial_charge_id = $3, updated_at = now() WHERE reference = $1', [
    reference,
    created.agreementId,
    created.chargeId ?? reference,
  ]);
  return created.confirmationUrl;
}

/** The agreement's initial charge: by the id Vipps answered, or else the one of type INITIAL in its list. */
async function initialCharge(recurring: RecurringGateway, registration: RegistrationRow, agreementId: string): Promise<Charge | null> {
  if (registration.initial_charge_id) {
    try {
      return await recurring.getCharge(agreementId, registration.initial_charge_id);
    } catch (error) {
      if (!(error instanceof VippsError) || error.status !== 404) throw error;
    }
  }
  return (await recurring.listCharges(agreementId)).find((charge) => charge.type === 'INITIAL') ?? null;
}

/** Our agreement row for the new member, in the member's transaction, and the event that says how it came. */
async function agreementRow(tx: Queryable, memberId: number, agreement: Agreement, charge: Charge, source: Source): Promise<void> {
  const product = await duesOf(tx);
  const state = agreement.status === 'ACTIVE' ? 'ACTIVE' : agreement.status === 'EXPIRED' ? 'EXPIRED' : 'STOPPED';
  const ended = state !== 'ACTIVE';
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO vipps_agreements (member_id, vipps_agreement_id, state, price_ore, product_id, product_name, checked_at, stopped_at, stopped_by)
     VALUES ($1, $2, $3, $4, $5, $6, now(), CASE WHEN $7 THEN now() END, CASE WHEN $7 THEN $8 END) RETURNING id`,
    [memberId, agreement.id, state, agreement.amount, product.productId, product.productName, ended, state === 'EXPIRED' ? 'vipps' : 'app'],
  );
  const kroner = (charge.captured / 100).toLocaleString('nb-NO').replace(/\s/g, ' ');
  await record(tx, {
    agreementId: row.id,
    source,
    vippsAgreementId: agreement.id,
    vippsChargeId: charge.id,
    to: state,
    note: SIGNUP_AGREEMENT_TEXTS.approved(kroner),
  });
}

/**
 * Moves a registration of kind 'agreement' on from what Vipps says of the agreement and its initial
 * charge; the caller reads the row again for the outcome.
 */
export async function settleSignupAgreement(deps: VippsDeps, recurring: RecurringGateway, registration: RegistrationRow, source: Source): Promise<void> {
  const agreementId = registration.vipps_agreement_id;
  if (!agreementId) return;
  if (registration.state === 'CREATED') {
    const agreement = await recurring.getAgreement(agreementId);
    if (agreement.status === 'PENDING') return;
    const charge = await initialCharge(recurring, registration, agreementId);
    const mark = (state: string, error: string | null = null) =>
      deps.db.query("UPDATE vipps_registrations SET state = $2, error = coalesce($3, error), updated_at = now() WHERE id = $1 AND state = 'CREATED'", [
        registration.id,
        state,
        error,
      ]);
    if (charge && charge.status === 'CHARGED') {
      if (charge.captured < registration.amount) {
        await mark('REFUSED', VIPPS_TEXTS.amountShort);
      } else {
        if (!agreement.sub) throw new VippsError(VIPPS_MESSAGES.badAnswer);
        const payer = await recurring.userInfo(agreement.sub);
        await createMemberFromPayer(deps, registration, payer, {
          state: 'CAPTURED',
          captured: charge.captured,
          withMember: (tx, memberId) => agreementRow(tx, memberId, agreement, charge, source),
        });
      }
    } else if (agreement.status === 'STOPPED' || agreement.status === 'EXPIRED') {
      // Rejected (or stopped before its first payment), or never answered: nothing was made.
      if (charge && DRAWN.has(charge.status)) await mark('REFUSED', SIGNUP_AGREEMENT_TEXTS.chargeFailed);
      else await mark(agreement.status === 'EXPIRED' ? 'EXPIRED' : 'ABORTED');
    } else if (!charge || NOT_DRAWN.has(charge.status)) {
      // Active, but the first payment will never come: the agreement is stopped again.
      await mark('REFUSED', SIGNUP_AGREEMENT_TEXTS.chargeFailed);
    } else {
      return;
    }
    const moved = await loadRegistration(deps.db, registration.reference);
    if (!moved) return;
    registration = moved;
  }
  if (registration.state === 'REFUSED') await sendBack(deps, recurring, registration, agreementId);
}

/** A refused registration: the initial charge refunded (or cancelled while not drawn) and the agreement stopped at Vipps. */
async function sendBack(deps: VippsDeps, recurring: RecurringGateway, registration: RegistrationRow, agreementId: string): Promise<void> {
  const { reference } = registration;
  const charge = await initialCharge(recurring, registration, agreementId);
  const kept = charge ? charge.captured - charge.refunded : 0;
  if (charge && kept > 0) {
    await recurring.refundCharge(agreementId, charge.id, { amount: kept, description: SIGNUP_AGREEMENT_TEXTS.refund }, `refund-${reference}`);
  } else if (charge && !NOT_DRAWN.has(charge.status) && !DRAWN.has(charge.status)) {
    await recurring.cancelCharge(agreementId, charge.id, `cancel-${reference}`);
  }
  await stopAgreement(recurring, agreementId, reference);
  await deps.db.query("UPDATE vipps_registrations SET state = $2, refunded_amount = $3, updated_at = now() WHERE id = $1 AND state = 'REFUSED'", [
    registration.id,
    kept > 0 || (charge?.refunded ?? 0) > 0 ? 'REFUNDED' : 'CANCELLED',
    charge?.captured ?? 0,
  ]);
}

/** Stops the agreement at Vipps unless it has ended already (an expired one cannot be stopped: 409). */
async function stopAgreement(recurring: RecurringGateway, agreementId: string, reference: string, onlyWaiting = false): Promise<void> {
  const agreement = await recurring.getAgreement(agreementId);
  if (agreement.status !== 'PENDING' && (onlyWaiting || agreement.status !== 'ACTIVE')) return;
  try {
    await recurring.stopAgreement(agreementId, `stop-${reference}`);
  } catch (error) {
    if (!(error instanceof VippsError) || error.status !== 409) throw error;
  }
}

/** The payer came back without approving: a waiting agreement is stopped, so it cannot be approved later. */
export async function stopWaitingSignupAgreement(recurring: RecurringGateway, registration: RegistrationRow): Promise<void> {
  if (!registration.vipps_agreement_id || registration.state !== 'CREATED') return;
  await stopAgreement(recurring, registration.vipps_agreement_id, registration.reference, true);
}
