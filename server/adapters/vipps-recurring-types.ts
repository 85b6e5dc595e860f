/** The Recurring API v3's agreements and charges, and the client's interface. */
import type { VippsHttp } from './vipps-http.ts';
import type { Payer } from './vipps-payer.ts';

export type AgreementStatus = 'PENDING' | 'ACTIVE' | 'STOPPED' | 'EXPIRED';
export type ChargeStatus =
  'PENDING' | 'DUE' | 'PROCESSING' | 'RESERVED' | 'CHARGED' | 'PARTIALLY_CAPTURED' | 'FAILED' | 'CANCELLED' | 'PARTIALLY_REFUNDED' | 'REFUNDED';
export type IntervalUnit = 'YEAR' | 'MONTH' | 'WEEK' | 'DAY';
export type ChargeFailureReason = 'user_action_required' | 'charge_amount_too_high' | 'non_technical_error' | 'technical_error';

export interface NewAgreement {
  /** The fixed price per interval, in øre (Vipps' LEGACY pricing, NOK). */
  amount: number;
  interval: { unit: IntervalUnit; count: number };
  /** Shown in the app; at most 45 characters. */
  productName: string;
  /** At most 100 characters. */
  productDescription?: string | null;
  /** Where the member comes back to after approving or rejecting in Vipps. */
  merchantRedirectUrl: string;
  /** Where the member manages the agreement with us (https only). */
  merchantAgreementUrl: string;
  /** The member's phone as Vipps takes it (4791234567), to fill in the landing page. */
  phoneNumber?: string | null;
  /** Our id for the agreement (at most 64 characters). */
  externalId?: string | null;
  /** A first payment made when the member approves (DIRECT_CAPTURE); `orderId` becomes its charge id. */
  initialCharge?: { amount: number; description: string; orderId?: string | null } | null;
  /** The member's details asked for on approval (profile sharing), space separated: 'name email phoneNumber'. */
  scope?: string | null;
}

export interface CreatedAgreement {
  agreementId: string;
  /** Where to send the member to approve it. */
  confirmationUrl: string;
  /** The initial charge's id, when there is one. */
  chargeId: string | null;
}

export interface Agreement {
  id: string;
  status: AgreementStatus;
  /** The price per interval (LEGACY) or the member's chosen maximum (VARIABLE), in øre. */
  amount: number;
  interval: { unit: IntervalUnit; count: number };
  productName: string;
  productDescription: string | null;
  externalId: string | null;
  merchantAgreementUrl: string;
  merchantRedirectUrl: string;
  created: string;
  /** When it was approved (ACTIVE), and when it stopped. */
  start: string | null;
  stop: string | null;
  sub: string | null;
}

export interface NewCharge {
  /** In øre; at least 100 (1 kr). */
  amount: number;
  /** Shown in the app; 1–45 characters. */
  description: string;
  /** YYYY-MM-DD, at least one day after today (Oslo): Vipps needs the charge the day before. */
  due: string;
  /** Days Vipps tries again after `due` when the charge fails; 0–14. */
  retryDays: number;
  /** Our reference; becomes the charge's id. 1–50 letters, digits and '-'. */
  orderId: string;
  externalId?: string | null;
}

export interface ChargeEvent {
  occurred: string;
  event: 'CREATE' | 'RESERVE' | 'CAPTURE' | 'REFUND' | 'CANCEL' | 'FAIL';
  amount: number;
  success: boolean;
}

export interface Charge {
  id: string;
  agreementId: string;
  status: ChargeStatus;
  type: 'INITIAL' | 'RECURRING';
  transactionType: 'DIRECT_CAPTURE' | 'RESERVE_CAPTURE';
  /** Amounts in øre. */
  amount: number;
  captured: number;
  refunded: number;
  cancelled: number;
  description: string;
  /** YYYY-MM-DD. */
  due: string;
  retryDays: number;
  externalId: string | null;
  /** Vipps' transaction id once CHARGED. */
  transactionId: string | null;
  failureReason: ChargeFailureReason | null;
  failureDescription: string | null;
  history: ChargeEvent[];
}

export interface RecurringGateway {
  readonly kind: 'recurring';
  createAgreement(agreement: NewAgreement, idempotencyKey: string): Promise<CreatedAgreement>;
  getAgreement(agreementId: string): Promise<Agreement>;
  /** Stops the agreement for good (PATCH status STOPPED); its pending charges are cancelled by Vipps. */
  stopAgreement(agreementId: string, idempotencyKey: string): Promise<void>;
  createCharge(agreementId: string, charge: NewCharge, idempotencyKey: string): Promise<{ chargeId: string }>;
  getCharge(agreementId: string, chargeId: string): Promise<Charge>;
  /** Every charge of the agreement (all pages), or those in one status. */
  listCharges(agreementId: string, status?: ChargeStatus): Promise<Charge[]>;
  cancelCharge(agreementId: string, chargeId: string, idempotencyKey: string): Promise<void>;
  refundCharge(agreementId: string, chargeId: string, refund: { amount: number; description: string }, idempotencyKey: string): Promise<void>;
  /** The profile the member shared on approval (the agreement's `sub`, when a scope was asked for). */
  userInfo(sub: string): Promise<Payer>;
}

export interface RecurringOptions {
  /** Shared with the ePayment client for one access token. */
  http?: VippsHttp;
  /** Today in Oslo as YYYY-MM-DD (for the due-date rule). */
  today?: () => string;
}
