/**
 * Vipps quick checkout: a visitor becomes a member by paying. The registration row follows the
 * payment: CREATED (waiting for the payer) → AUTHORIZED (member created, capture pending) →
 * CAPTURED; or REFUSED (an account with the payer's e-mail exists, money going back) →
 * CANCELLED / REFUNDED; or ABORTED / EXPIRED / TERMINATED with nothing created. With 'Betal
 * kontingenten automatisk hvert år' ticked the payer approves a yearly agreement instead, whose
 * initial charge is the payment (vipps-signup-agreement.ts); the row's states are the same.
 *
 * `settle` moves a registration on from whatever Vipps says the payment is. The webhook, the
 * payer's return and the follow-up job all call it; it is idempotent, and the member is created
 * under a row lock, so a webhook and a return arriving together create one member.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import { HttpError, notFound, tooManyRequests, unauthenticated } from '../../lib/http-errors.ts';
import { hit } from '../../lib/rate-limit.ts';
import { parseRecurringEvent, verifyWebhook, VippsError, type PaymentGateway, type WebhookDelivery } from '../../adapters/vipps.ts';
import { checkTypedCampaignCode } from '../settings/campaigns.ts';
import { isInvoiceReference, settleInvoicePayment } from './vipps-invoices.ts';
import {
  createMemberFromPayer,
  ENDED_WITHOUT_MEMBER,
  loadRegistration,
  outcomeOf,
  refusedLanding,
  registrationOfAgreement,
  returnPath,
  VIPPS_TEXTS,
  type Outcome,
  type RegistrationRow,
  type VippsDeps,
} from './vipps-registration.ts';
import { createSignupAgreement, settleSignupAgreement, SIGNUP_AGREEMENT_TEXTS, stopWaitingSignupAgreement } from './vipps-signup-agreement.ts';
import type { Source } from './vipps-agreements.ts';

export { returnPath, VIPPS_TEXTS, WEBHOOK_PATH, type Outcome, type VippsDeps } from './vipps-registration.ts';

/** How far a webhook's x-ms-date may lie from our clock, either way (replays, clock skew). */
export const WEBHOOK_MAX_AGE_MS = 5 * 60 * 1000;

const STARTS_PER_IP = 10;
const STARTS_WINDOW_SECONDS = 10 * 60;

const failure = (status: number, error: string, extra: Record<string, unknown> = {}) =>
  new HttpError(status, { message: error, success: false, data: { error }, ...extra });

async function membershipProduct(db: Database): Promise<{ name: string; price: number }> {
  const [product] = await db.query<{ name: string; price: number }>("SELECT name, price FROM products WHERE kind = 'membership' ORDER BY id LIMIT 1");
  if (!product) throw new Error('Det finnes ikke noe medlemskapsprodukt (products.kind = membership)');
  return product;
}

/** What the quick-checkout form shows: the membership, its price in kroner, and whether Vipps (and a yearly agreement) can be used. */
export async function membershipOffer(deps: Pick<VippsDeps, 'db' | 'gateway' | 'recurring'>) {
  const product = await membershipProduct(deps.db);
  return {
    data: {
      name: product.name,
      price: product.price,
      available: deps.gateway !== null,
      recurring: deps.gateway !== null && Boolean(deps.recurring),
      test_checkout: deps.gateway?.kind === 'test-checkout',
    },
  };
}

/**
 * Starts a quick checkout: a registration row and a payment at Vipps for the membership's price,
 * or, with `recurring`, a yearly agreement whose initial charge is that payment. When Vipps cannot
 * make it, the row is removed again and the answer carries the error.
 */
export async function startVippsRegistration(deps: VippsDeps, body: { campaign_code?: string | null; recurring?: boolean }, ip: string) {
  const { db, gateway } = deps;
  const limit = await hit(db, `vipps-start:ip:${ip}`, STARTS_WINDOW_SECONDS);
  if (limit.hits > STARTS_PER_IP) throw tooManyRequests(limit.resetIn, STARTS_PER_IP);
  if (!gateway) throw failure(503, VIPPS_TEXTS.notConfigured);
  const recurring = body.recurring === true ? (deps.recurring ?? null) : null;
  if (body.recurring === true && !recurring) throw failure(503, SIGNUP_AGREEMENT_TEXTS.notConfigured);
  const code = body.campaign_code?.trim() ?? '';
  const campaign = code === '' ? null : await checkTypedCampaignCode(db, code, { ip });
  if (code !== '' && !campaign) throw failure(422, VIPPS_TEXTS.unknownCampaign, { errors: { campaign_code: [VIPPS_TEXTS.unknownCampaign] } });

  const product = await membershipProduct(db);
  const amount = product.price * 100;
  const reference = `mp-${randomBytes(12).toString('hex')}`;
  const description = `${product.name} – Musikerportalen`;
  await db.query('INSERT INTO vipps_registrations (reference, campaign_code, campaign_id, amount, kind) VALUES ($1, $2, $3, $4, $5)', [
    reference,
    campaign?.code ?? null,
    campaign?.id ?? null,
    amount,
    recurring ? 'agreement' : 'payment',
  ]);
  try {
    const redirectUrl = recurring
      ? await createSignupAgreement(deps, recurring, { reference, amount, description })
      : (await gateway.createPayment({ reference, amount, description, returnUrl: `${deps.publicUrl}${returnPath(reference)}` }, `create-${reference}`))
          .redirectUrl;
    return { success: true, data: { request_create: { response_data: JSON.stringify({ redirectUrl, reference }) } } };
  } catch (error) {
    await db.query('DELETE FROM vipps_registrations WHERE reference = $1', [reference]);
    if (!(error instanceof VippsError)) throw error;
    deps.log?.warn({ reference, err: error.message, status: error.status }, 'Vipps create failed');
    throw failure(502, `${VIPPS_TEXTS.createFailed}. ${error.message}`);
  }
}

/** Captures a created member's payment, or sends a refused payer's money back. */
async function finishPayment(deps: VippsDeps, gateway: PaymentGateway, registration: RegistrationRow): Promise<void> {
  const { db } = deps;
  const { reference, amount } = registration;
  if (registration.state === 'AUTHORIZED') {
    await gateway.capture(reference, amount, `capture-${reference}`);
    await db.query("UPDATE vipps_registrations SET state = 'CAPTURED', captured_amount = $2, updated_at = now() WHERE id = $1 AND state = 'AUTHORIZED'", [
      registration.id,
      amount,
    ]);
    return;
  }
  if (registration.state === 'REFUSED') {
    const status = await gateway.getPayment(reference);
    const kept = status.captured - status.refunded;
    if (kept > 0) {
      await gateway.refund(reference, kept, `refund-${reference}`);
      await db.query("UPDATE vipps_registrations SET state = 'REFUNDED', refunded_amount = $2, updated_at = now() WHERE id = $1 AND state = 'REFUSED'", [
        registration.id,
        status.captured,
      ]);
    } else {
      if (status.state === 'AUTHORIZED' || status.state === 'CREATED') await gateway.cancel(reference, `cancel-${reference}`);
      await db.query("UPDATE vipps_registrations SET state = 'CANCELLED', updated_at = now() WHERE id = $1 AND state = 'REFUSED'", [registration.id]);
    }
  }
}

/**
 * Moves the registration on from the payment's state at Vipps. Safe to call any number of times
 * and from several places at once.
 */
export async function settle(deps: VippsDeps, reference: string, source: Source = 'poll'): Promise<Outcome> {
  const { db, gateway } = deps;
  let registration = await loadRegistration(db, reference);
  if (!registration || !gateway) return 'unknown';
  if (registration.state === 'CAPTURED') return 'member';
  if (ENDED_WITHOUT_MEMBER.has(registration.state)) return 'refused';
  if (registration.kind === 'agreement') {
    if (!deps.recurring) return 'unknown';
    await settleWithRetryLater(deps, registration, () => settleSignupAgreement(deps, deps.recurring!, registration!, source));
    return outcomeOf((await loadRegistration(db, reference))?.state ?? 'CREATED');
  }

  if (registration.state === 'CREATED') {
    const status = await gateway.getPayment(reference);
    if (status.state === 'CREATED') return 'pending';
    if (status.state !== 'AUTHORIZED') {
      await db.query('UPDATE vipps_registrations SET state = $2, updated_at = now() WHERE id = $1 AND state = $3', [registration.id, status.state, 'CREATED']);
    } else if (status.authorized < registration.amount) {
      // Authorized for less than the price: no member; finishPayment cancels the payment.
      await db.query("UPDATE vipps_registrations SET state = 'REFUSED', error = $2, updated_at = now() WHERE id = $1 AND state = 'CREATED'", [
        registration.id,
        VIPPS_TEXTS.amountShort,
      ]);
    } else if (status.sub) {
      const payer = await gateway.userInfo(status.sub);
      await createMemberFromPayer(deps, registration, payer, { state: 'AUTHORIZED' });
    }
    registration = (await loadRegistration(db, reference))!;
  }

  const settled = registration;
  await settleWithRetryLater(deps, settled, () => finishPayment(deps, gateway, settled));
  return outcomeOf(settled.state);
}

/**
 * The money's last step (capture, or sending it back, and stopping an agreement): Vipps failing it
 * leaves the member (or the refusal) standing, and the follow-up job tries again.
 */
async function settleWithRetryLater(deps: VippsDeps, registration: RegistrationRow, step: () => Promise<void>): Promise<void> {
  try {
    await step();
  } catch (error) {
    if (!(error instanceof VippsError)) throw error;
    // Nothing decided yet (the agreement or payer could not be read): the caller's Vipps error stands.
    if (registration.state === 'CREATED' && registration.kind === 'agreement') throw error;
    deps.log?.warn({ reference: registration.reference, err: error.message, status: error.status }, 'Vipps capture/cancel/refund failed');
  }
}

/** Where the payer's return lands: after a short wait for Vipps, thanks or the apology. */
export async function returnFromVipps(deps: VippsDeps, reference: string, waits = 8, pauseMs = 1000): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    let outcome: Outcome;
    try {
      outcome = await settle(deps, reference, 'member');
    } catch (error) {
      if (!(error instanceof VippsError)) throw error;
      outcome = 'pending';
    }
    if (outcome === 'member') return '/vipps-thanks';
    if (outcome !== 'pending') return refusedLanding(deps, reference);
    if (attempt >= waits) break;
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  // The payer came back without paying: the payment (or the waiting agreement) is stopped, so nothing is charged later.
  try {
    const registration = await loadRegistration(deps.db, reference);
    if (registration?.kind === 'agreement') {
      if (deps.recurring) await stopWaitingSignupAgreement(deps.recurring, registration);
    } else {
      await deps.gateway?.cancel(reference, `cancel-${reference}`);
    }
  } catch (error) {
    if (!(error instanceof VippsError)) throw error;
  }
  return (await settle(deps, reference, 'member').catch(() => 'pending')) === 'member' ? '/vipps-thanks' : refusedLanding(deps, reference);
}

/** One webhook delivery: refused (401) unless Vipps signed it; otherwise the payment is settled. */
export async function receiveWebhook(deps: VippsDeps, delivery: WebhookDelivery): Promise<{ received: true }> {
  if (!deps.gateway) throw notFound();
  // Vipps signs the host it posted to: as received, or PUBLIC_URL's when a proxy rewrote the Host header.
  const received = delivery.headers.host;
  const hosts = new Set([Array.isArray(received) ? received[0] : received, new URL(deps.publicUrl).host]);
  const secret = deps.gateway.webhookSecret;
  const signed = [...hosts].some((host) => verifyWebhook(secret, { ...delivery, headers: { ...delivery.headers, host } }));
  if (!signed) {
    const error = unauthenticated();
    error.body.message = VIPPS_TEXTS.badSignature;
    throw error;
  }
  // The signature covers x-ms-date: a delivery signed more than five minutes from now is a replay.
  const dateHeader = delivery.headers['x-ms-date'];
  const signedAt = Date.parse(Array.isArray(dateHeader) ? (dateHeader[0] ?? '') : (dateHeader ?? ''));
  if (!Number.isFinite(signedAt) || Math.abs(Date.now() - signedAt) > WEBHOOK_MAX_AGE_MS) {
    const error = unauthenticated();
    error.body.message = VIPPS_TEXTS.staleWebhook;
    throw error;
  }
  // A Recurring event: about an agreement made at sign-up, the registration settles it until the
  // member is made (and always for its initial charge); any other goes to the agreements' handler.
  const recurring = parseRecurringEvent(delivery.body);
  if (recurring) {
    try {
      const signup = await registrationOfAgreement(deps.db, recurring.agreementId);
      const initial = recurring.kind === 'charge' && signup !== null && recurring.chargeId === signup.initial_charge_id;
      if (signup && (signup.member_id === null || initial)) await settle(deps, signup.reference, 'webhook');
      else await deps.recurringEvent?.(recurring);
    } catch (error) {
      if (!(error instanceof VippsError)) throw error;
      throw new HttpError(503, { message: error.message });
    }
    return { received: true };
  }
  let reference = '';
  try {
    const event = JSON.parse(delivery.body) as { reference?: unknown };
    if (typeof event.reference === 'string') reference = event.reference;
  } catch {
    reference = '';
  }
  // The event only says that something happened; settle asks Vipps what the payment is now.
  if (reference !== '') {
    try {
      // An invoice paid on Min side ('faktura-…'), or a quick checkout.
      const outcome = isInvoiceReference(reference) ? await settleInvoicePayment(deps, reference) : await settle(deps, reference, 'webhook');
      if (outcome === 'unknown') deps.log?.warn({ reference }, 'Vipps webhook for an unknown reference, ignored');
    } catch (error) {
      if (!(error instanceof VippsError)) throw error;
      // Vipps delivers again later.
      throw new HttpError(503, { message: error.message });
    }
  }
  return { received: true };
}

/** Registrations still moving (no webhook came, a capture or refund failed): settled again by the job. */
export async function followUpRegistrations(deps: VippsDeps): Promise<number> {
  // An agreement Vipps never answered for (the process stopped between our row and Vipps' answer).
  await deps.db.query(
    `UPDATE vipps_registrations SET state = 'EXPIRED', updated_at = now()
      WHERE kind = 'agreement' AND state = 'CREATED' AND vipps_agreement_id IS NULL AND created_at < now() - interval '20 minutes'`,
  );
  const rows = await deps.db.query<{ reference: string; old: boolean }>(
    `SELECT reference, created_at < now() - interval '20 minutes' AS old FROM vipps_registrations
      WHERE state IN ('CREATED', 'AUTHORIZED', 'REFUSED') AND updated_at < now() - interval '1 minute'
      ORDER BY id LIMIT 100`,
  );
  for (const row of rows) {
    try {
      await settle(deps, row.reference);
    } catch (error) {
      if (!(error instanceof VippsError)) throw error;
      // A payment Vipps never made (the create failed after our row was written).
      if (error.status === 404 && row.old) {
        await deps.db.query("UPDATE vipps_registrations SET state = 'EXPIRED', updated_at = now() WHERE reference = $1 AND state = 'CREATED'", [row.reference]);
      }
      deps.log?.warn({ reference: row.reference, err: error.message }, 'Vipps follow-up failed');
    }
  }
  return rows.length;
}
