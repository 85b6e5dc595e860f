/** ePayment: the payment gateway the quick checkout pays through. */
import type { VippsConfig } from '../config.ts';
import { VippsError, VIPPS_MESSAGES } from './vipps-errors.ts';
import { vippsHttp, type CallOptions, type VippsHttp } from './vipps-http.ts';
import { payerFromUserInfo, type Payer } from './vipps-payer.ts';

/** ePayment's payment states. */
export type PaymentState = 'CREATED' | 'AUTHORIZED' | 'ABORTED' | 'EXPIRED' | 'TERMINATED';

export interface PaymentStatus {
  state: PaymentState;
  /** The payer's profile id, once the payer has consented (after AUTHORIZED). */
  sub: string | null;
  /** Amounts in øre. */
  authorized: number;
  captured: number;
  refunded: number;
  cancelled: number;
}

export interface NewPayment {
  reference: string;
  /** In øre. */
  amount: number;
  description: string;
  returnUrl: string;
  /** The payer's details asked for (default 'name email phoneNumber'); null asks for none (an invoice's payment). */
  profileScope?: string | null;
}

export interface PaymentGateway {
  readonly kind: 'epayment' | 'test-checkout';
  /** The secret webhook deliveries are signed with. */
  readonly webhookSecret: string;
  createPayment(payment: NewPayment, idempotencyKey: string): Promise<{ redirectUrl: string }>;
  getPayment(reference: string): Promise<PaymentStatus>;
  capture(reference: string, amount: number, idempotencyKey: string): Promise<void>;
  cancel(reference: string, idempotencyKey: string): Promise<void>;
  refund(reference: string, amount: number, idempotencyKey: string): Promise<void>;
  userInfo(sub: string): Promise<Payer>;
}

/** The ePayment client; `http` may be shared with the Recurring client (one access token). */
export function epaymentClient(settings: VippsConfig, http: VippsHttp = vippsHttp(settings)): PaymentGateway {
  const call = async <T>(path: string, options: CallOptions): Promise<T> => (await http.call<T>(path, options)).body;

  const payments = '/epayment/v1/payments';
  const amountOf = (value: number) => ({ currency: 'NOK', value });

  return {
    kind: 'epayment',
    webhookSecret: settings.webhookSecret,

    async createPayment(payment, idempotencyKey) {
      const answer = await call<{ redirectUrl?: string }>(payments, {
        method: 'POST',
        idempotencyKey,
        body: {
          amount: amountOf(payment.amount),
          paymentMethod: { type: 'WALLET' },
          reference: payment.reference,
          userFlow: 'WEB_REDIRECT',
          returnUrl: payment.returnUrl,
          paymentDescription: payment.description,
          ...(payment.profileScope === null ? {} : { profile: { scope: payment.profileScope ?? 'name email phoneNumber' } }),
        },
      });
      if (!answer?.redirectUrl) throw new VippsError(VIPPS_MESSAGES.badAnswer);
      return { redirectUrl: answer.redirectUrl };
    },

    async getPayment(reference) {
      const answer = await call<{
        state?: PaymentState;
        profile?: { sub?: string };
        aggregate?: Record<'authorizedAmount' | 'capturedAmount' | 'refundedAmount' | 'cancelledAmount', { value: number } | undefined>;
      }>(`${payments}/${encodeURIComponent(reference)}`, { method: 'GET' });
      if (!answer?.state) throw new VippsError(VIPPS_MESSAGES.badAnswer);
      const amount = (name: 'authorizedAmount' | 'capturedAmount' | 'refundedAmount' | 'cancelledAmount') => answer.aggregate?.[name]?.value ?? 0;
      return {
        state: answer.state,
        sub: answer.profile?.sub ?? null,
        authorized: amount('authorizedAmount'),
        captured: amount('capturedAmount'),
        refunded: amount('refundedAmount'),
        cancelled: amount('cancelledAmount'),
      };
    },

    async capture(reference, amount, idempotencyKey) {
      await call(`${payments}/${encodeURIComponent(reference)}/capture`, {
        method: 'POST',
        idempotencyKey,
        body: { modificationAmount: amountOf(amount) },
      });
    },

    async cancel(reference, idempotencyKey) {
      await call(`${payments}/${encodeURIComponent(reference)}/cancel`, { method: 'POST', idempotencyKey, body: {} });
    },

    async refund(reference, amount, idempotencyKey) {
      await call(`${payments}/${encodeURIComponent(reference)}/refund`, {
        method: 'POST',
        idempotencyKey,
        body: { modificationAmount: amountOf(amount) },
      });
    },

    async userInfo(sub) {
      const info = await call<Record<string, unknown>>(`/vipps-userinfo-api/userinfo/${encodeURIComponent(sub)}`, { method: 'GET' });
      return payerFromUserInfo(info);
    },
  };
}
