/** The Recurring API's agreements and charges as Vipps answers them, read into ours; a shape we do not know is a bad answer. */
import { VippsError, VIPPS_MESSAGES } from './vipps-errors.ts';
import { record, stringOr, textOf, whole } from './vipps-values.ts';
import type { Agreement, AgreementStatus, Charge, ChargeEvent, ChargeFailureReason, ChargeStatus, IntervalUnit } from './vipps-recurring-types.ts';

const AGREEMENT_STATUSES: readonly string[] = ['PENDING', 'ACTIVE', 'STOPPED', 'EXPIRED'];
const CHARGE_STATUSES: readonly string[] = [
  'PENDING',
  'DUE',
  'PROCESSING',
  'RESERVED',
  'CHARGED',
  'PARTIALLY_CAPTURED',
  'FAILED',
  'CANCELLED',
  'PARTIALLY_REFUNDED',
  'REFUNDED',
];
export const FAILURE_REASONS: readonly string[] = ['user_action_required', 'charge_amount_too_high', 'non_technical_error', 'technical_error'];

/** An agreement as Vipps answers GET …/agreements/{id}; a shape we do not know is a bad answer. */
export function agreementFrom(body: unknown): Agreement {
  const value = record(body);
  const pricing = record(value?.pricing);
  const interval = record(value?.interval);
  if (!value || typeof value.id !== 'string' || !AGREEMENT_STATUSES.includes(String(value.status)) || !pricing || !interval) {
    throw new VippsError(VIPPS_MESSAGES.badAnswer);
  }
  return {
    id: value.id,
    status: value.status as AgreementStatus,
    amount: pricing.type === 'VARIABLE' ? whole(pricing.maxAmount ?? pricing.suggestedMaxAmount) : whole(pricing.amount),
    interval: { unit: String(interval.unit) as IntervalUnit, count: whole(interval.count) },
    productName: textOf(value.productName),
    productDescription: stringOr(value.productDescription),
    externalId: stringOr(value.externalId),
    merchantAgreementUrl: textOf(value.merchantAgreementUrl),
    merchantRedirectUrl: textOf(value.merchantRedirectUrl),
    created: textOf(value.created),
    start: stringOr(value.start),
    stop: stringOr(value.stop),
    sub: stringOr(value.sub),
  };
}

/** A charge as Vipps answers GET …/charges/{id}; a shape we do not know is a bad answer. */
export function chargeFrom(body: unknown): Charge {
  const value = record(body);
  if (!value || typeof value.id !== 'string' || !CHARGE_STATUSES.includes(String(value.status))) throw new VippsError(VIPPS_MESSAGES.badAnswer);
  const summary = record(value.summary);
  const history = Array.isArray(value.history) ? value.history : [];
  return {
    id: value.id,
    agreementId: textOf(value.agreementId),
    status: value.status as ChargeStatus,
    type: value.type === 'INITIAL' ? 'INITIAL' : 'RECURRING',
    transactionType: value.transactionType === 'RESERVE_CAPTURE' ? 'RESERVE_CAPTURE' : 'DIRECT_CAPTURE',
    amount: whole(value.amount),
    captured: whole(summary?.captured),
    refunded: whole(summary?.refunded),
    cancelled: whole(summary?.cancelled),
    description: textOf(value.description),
    due: textOf(value.due).slice(0, 10),
    retryDays: whole(value.retryDays),
    externalId: stringOr(value.externalId),
    transactionId: stringOr(value.transactionId),
    failureReason: FAILURE_REASONS.includes(String(value.failureReason)) ? (value.failureReason as ChargeFailureReason) : null,
    failureDescription: stringOr(value.failureDescription),
    history: history
      .map(record)
      .filter((item): item is Record<string, unknown> => item !== null)
      .map((item) => ({
        occurred: textOf(item.occurred),
        event: String(item.event) as ChargeEvent['event'],
        amount: whole(item.amount),
        success: item.success === true,
      })),
  };
}
