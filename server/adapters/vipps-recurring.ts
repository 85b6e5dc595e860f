import type { VippsConfig } from '../config.ts';
import { VippsError, VIPPS_MESSAGES } from './vipps-errors.ts';
import { vippsHttp, type VippsAnswer } from './vipps-http.ts';
import { payerFromUserInfo } from './vipps-payer.ts';
import { agreementFrom, chargeFrom } from './vipps-recurring-answers.ts';
import { checkAgreement, checkCharge, checkId, checkKey, refusedHere, RECURRING_MESSAGES, textLength, validAmount } from './vipps-recurring-checks.ts';
import type { Charge, RecurringGateway, RecurringOptions } from './vipps-recurring-types.ts';

const OSLO_DAY = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Oslo', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The Recurring API v3 client. Inputs Vipps would refuse are refused here (VippsError, status 400, `sent` false). */
export function recurringClient(settings: VippsConfig, options: RecurringOptions = {}): RecurringGateway {
  const http = options.http ?? vippsHttp(settings);
  const today = options.today ?? (() => OSLO_DAY.format(new Date()));
  const agreements = '/recurring/v3/agreements';
  const agreementPath = (agreementId: string) => `${agreements}/${checkId('agreementId', agreementId)}`;
  const chargePath = (agreementId: string, chargeId: string) => `${agreementPath(agreementId)}/charges/${checkId('chargeId', chargeId)}`;

  return {
    kind: 'recurring',

    async createAgreement(agreement, idempotencyKey) {
      checkKey(idempotencyKey);
      checkAgreement(agreement);
      const initial = agreement.initialCharge;
      const { body } = await http.call<{ agreementId?: string; vippsConfirmationUrl?: string; chargeId?: string | null } | null>(agreements, {
        method: 'POST',
        idempotencyKey,
        subject: 'agreement',
        body: {
          pricing: { type: 'LEGACY', amount: agreement.amount, currency: 'NOK' },
          interval: agreement.interval,
          productName: agreement.productName,
          ...(agreement.productDescription ? { productDescription: agreement.productDescription } : {}),
          merchantRedirectUrl: agreement.merchantRedirectUrl,
          merchantAgreementUrl: agreement.merchantAgreementUrl,
          ...(agreement.phoneNumber ? { phoneNumber: agreement.phoneNumber } : {}),
          ...(agreement.externalId ? { externalId: agreement.externalId } : {}),
          ...(agreement.scope ? { scope: agreement.scope } : {}),
          ...(initial
            ? {
                initialCharge: {
                  amount: initial.amount,
                  description: initial.description,
                  transactionType: 'DIRECT_CAPTURE',
                  ...(initial.orderId ? { orderId: initial.orderId } : {}),
                },
              }
            : {}),
        },
      });
      if (!body?.agreementId || !body.vippsConfirmationUrl) throw new VippsError(VIPPS_MESSAGES.badAnswer);
      return { agreementId: body.agreementId, confirmationUrl: body.vippsConfirmationUrl, chargeId: body.chargeId ?? null };
    },

    async getAgreement(agreementId) {
      const { body } = await http.call<unknown>(agreementPath(agreementId), { method: 'GET', subject: 'agreement' });
      return agreementFrom(body);
    },

    async stopAgreement(agreementId, idempotencyKey) {
      checkKey(idempotencyKey);
      await http.call(agreementPath(agreementId), { method: 'PATCH', idempotencyKey, subject: 'agreement', body: { status: 'STOPPED' } });
    },

    async createCharge(agreementId, charge, idempotencyKey) {
      checkKey(idempotencyKey);
      checkCharge(charge, today());
      // A 404 or 409 here is about the agreement (unknown, or not active).
      const { body } = await http.call<{ chargeId?: string } | null>(`${agreementPath(agreementId)}/charges`, {
        method: 'POST',
        idempotencyKey,
        subject: 'agreement',
        body: {
          amount: charge.amount,
          transactionType: 'DIRECT_CAPTURE',
          description: charge.description,
          due: charge.due,
          retryDays: charge.retryDays,
          orderId: charge.orderId,
          ...(charge.externalId ? { externalId: charge.externalId } : {}),
        },
      });
      if (!body?.chargeId) throw new VippsError(VIPPS_MESSAGES.badAnswer);
      return { chargeId: body.chargeId };
    },

    async getCharge(agreementId, chargeId) {
      const { body } = await http.call<unknown>(chargePath(agreementId, chargeId), { method: 'GET', subject: 'charge' });
      return chargeFrom(body);
    },

    async listCharges(agreementId, status) {
      const path = `${agreementPath(agreementId)}/charges${status ? `?status=${encodeURIComponent(status)}` : ''}`;
      const charges: Charge[] = [];
      let continuation: string | null = null;
      // Vipps pages long lists: the answer's Continuation-Token fetches the next page.
      for (let page = 0; page < 1000; page++) {
        const answer: VippsAnswer<unknown> = await http.call<unknown>(path, {
          method: 'GET',
          subject: 'charge',
          headers: continuation ? { 'Continuation-Token': continuation } : {},
        });
        if (!Array.isArray(answer.body)) throw new VippsError(VIPPS_MESSAGES.badAnswer);
        charges.push(...answer.body.map(chargeFrom));
        continuation = answer.headers.get('continuation-token');
        if (!continuation) break;
      }
      return charges;
    },

    async cancelCharge(agreementId, chargeId, idempotencyKey) {
      checkKey(idempotencyKey);
      await http.call(chargePath(agreementId, chargeId), { method: 'DELETE', idempotencyKey, subject: 'charge' });
    },

    async refundCharge(agreementId, chargeId, refund, idempotencyKey) {
      checkKey(idempotencyKey);
      if (!validAmount(refund.amount)) throw refusedHere('amount', RECURRING_MESSAGES.amount);
      if (!textLength(refund.description, 1, 100)) throw refusedHere('description', RECURRING_MESSAGES.refundDescription);
      await http.call(`${chargePath(agreementId, chargeId)}/refund`, {
        method: 'POST',
        idempotencyKey,
        subject: 'charge',
        body: { amount: refund.amount, description: refund.description },
      });
    },

    async userInfo(sub) {
      const { body } = await http.call<Record<string, unknown> | null>(`/vipps-userinfo-api/userinfo/${encodeURIComponent(sub)}`, { method: 'GET' });
      return payerFromUserInfo(body);
    },
  };
}
