/** Recurring events from the Webhooks API (same registration and signature as ePayment's). */
import { FAILURE_REASONS } from './vipps-recurring-answers.ts';
import type { ChargeFailureReason } from './vipps-recurring-types.ts';
import { record, stringOr, textOf, whole } from './vipps-values.ts';

export const RECURRING_AGREEMENT_EVENTS = [
  'recurring.agreement-activated.v1',
  'recurring.agreement-rejected.v1',
  'recurring.agreement-stopped.v1',
  'recurring.agreement-expired.v1',
] as const;
export const RECURRING_CHARGE_EVENTS = [
  'recurring.charge-reserved.v1',
  'recurring.charge-captured.v1',
  'recurring.charge-canceled.v1',
  'recurring.charge-failed.v1',
  'recurring.charge-refunded.v1',
  'recurring.charge-creation-failed.v1',
] as const;

export type RecurringAgreementEventName = (typeof RECURRING_AGREEMENT_EVENTS)[number];
export type RecurringChargeEventName = (typeof RECURRING_CHARGE_EVENTS)[number];

export type RecurringEvent =
  | {
      kind: 'agreement';
      name: RecurringAgreementEventName;
      agreementId: string;
      agreementExternalId: string | null;
      occurred: string;
      /** Who made the change: USER (in the app), MERCHANT (us), SYSTEM or ADMIN (Vipps). */
      actor: string | null;
    }
  | {
      kind: 'charge';
      name: RecurringChargeEventName;
      agreementId: string;
      agreementExternalId: string | null;
      chargeId: string;
      chargeExternalId: string | null;
      chargeType: 'INITIAL' | 'RECURRING';
      /** In øre. */
      amount: number;
      occurred: string;
      failureReason: ChargeFailureReason | null;
      failureDescription: string | null;
    };

/**
 * A delivery's body as a recurring event; null when it is not one (an ePayment event, another
 * event type, or a body without the ids it needs). Verify the signature first (verifyWebhook).
 */
export function parseRecurringEvent(body: string): RecurringEvent | null {
  let value: Record<string, unknown> | null;
  try {
    value = record(JSON.parse(body));
  } catch {
    return null;
  }
  if (!value || typeof value.agreementId !== 'string' || value.agreementId === '') return null;
  const name = String(value.eventType ?? '');
  const occurred = textOf(value.occurred);
  const agreementExternalId = stringOr(value.agreementExternalId);
  if ((RECURRING_AGREEMENT_EVENTS as readonly string[]).includes(name)) {
    return {
      kind: 'agreement',
      name: name as RecurringAgreementEventName,
      agreementId: value.agreementId,
      agreementExternalId,
      occurred,
      actor: stringOr(value.actor),
    };
  }
  if ((RECURRING_CHARGE_EVENTS as readonly string[]).includes(name) && typeof value.chargeId === 'string' && value.chargeId !== '') {
    return {
      kind: 'charge',
      name: name as RecurringChargeEventName,
      agreementId: value.agreementId,
      agreementExternalId,
      chargeId: value.chargeId,
      chargeExternalId: stringOr(value.chargeExternalId),
      chargeType: value.chargeType === 'INITIAL' ? 'INITIAL' : 'RECURRING',
      amount: whole(value.amount),
      occurred,
      failureReason: FAILURE_REASONS.includes(String(value.failureReason)) ? (value.failureReason as ChargeFailureReason) : null,
      failureDescription: stringOr(value.failureDescription),
    };
  }
  return null;
}
