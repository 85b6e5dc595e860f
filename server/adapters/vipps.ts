/**
 * Vipps MobilePay: ePayment (the payment gateway the quick checkout pays through) and the
 * Recurring API v3 (agreements and the charges drawn on them). Both speak to Vipps with the
 * VIPPS_* settings through one HTTP core: the same access token, system headers, retries and
 * error answers. Without the settings the embedded test checkout (vipps-test-checkout.ts)
 * stands in for ePayment with the same interface.
 *
 * What the rest of the server uses, from a file per part: the error answers (vipps-errors.ts),
 * the HTTP core (vipps-http.ts), ePayment (vipps-epayment.ts), the payer's profile
 * (vipps-payer.ts), the Recurring API's types, checks, answers and client
 * (vipps-recurring-*.ts, vipps-recurring.ts), and webhooks with their signature
 * (vipps-webhooks.ts) and the recurring events they carry (vipps-recurring-events.ts).
 */
export { problemMessage, problemOf, VippsError, VIPPS_MESSAGES, type VippsProblem, type VippsSubject } from './vipps-errors.ts';
export { vippsHttp, type VippsAnswer, type VippsHttp } from './vipps-http.ts';
export { epaymentClient, type NewPayment, type PaymentGateway, type PaymentState, type PaymentStatus } from './vipps-epayment.ts';
export { memberPhone, payerFromUserInfo, type Payer } from './vipps-payer.ts';
export type {
  Agreement,
  AgreementStatus,
  Charge,
  ChargeEvent,
  ChargeFailureReason,
  ChargeStatus,
  CreatedAgreement,
  IntervalUnit,
  NewAgreement,
  NewCharge,
  RecurringGateway,
  RecurringOptions,
} from './vipps-recurring-types.ts';
export { RECURRING_MESSAGES } from './vipps-recurring-checks.ts';
export { agreementFrom, chargeFrom } from './vipps-recurring-answers.ts';
export { recurringClient } from './vipps-recurring.ts';
export { signWebhook, verifyWebhook, type WebhookDelivery } from './vipps-webhooks.ts';
export {
  parseRecurringEvent,
  RECURRING_AGREEMENT_EVENTS,
  RECURRING_CHARGE_EVENTS,
  type RecurringAgreementEventName,
  type RecurringChargeEventName,
  type RecurringEvent,
} from './vipps-recurring-events.ts';
