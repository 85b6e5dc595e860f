/** What Vipps would refuse in a Recurring call, refused here before sending: VippsError, status 400, `sent` false. */
import { VippsError } from './vipps-errors.ts';
import type { NewAgreement, NewCharge } from './vipps-recurring-types.ts';

export const RECURRING_MESSAGES = {
  amount: 'Beløpet må være et helt antall øre og minst 1 krone.',
  due: 'Forfallsdatoen må være minst én dag fram i tid: Vipps må få trekket senest dagen før.',
  dueFormat: 'Forfallsdatoen må være en gyldig dato (ÅÅÅÅ-MM-DD).',
  retryDays: 'Antall dager Vipps skal prøve igjen må være mellom 0 og 14.',
  description: 'Beskrivelsen av trekket må ha 1–45 tegn.',
  orderId: 'Referansen til trekket må ha 1–50 tegn: bokstaver a–z, sifre og bindestrek.',
  productName: 'Produktnavnet må ha 1–45 tegn.',
  productDescription: 'Produktbeskrivelsen kan ha høyst 100 tegn.',
  interval: 'Intervallet må være YEAR, MONTH, WEEK eller DAY og et antall fra 1 til 31.',
  agreementUrl: 'Adressen der medlemmet styrer avtalen må begynne med https://.',
  redirectUrl: 'Adressen medlemmet sendes tilbake til må være en gyldig adresse.',
  phone: 'Telefonnummeret må skrives med landskode og bare sifre (4791234567).',
  externalId: 'Vår id for avtalen eller trekket kan ha høyst 64 tegn.',
  idempotencyKey: 'Idempotensnøkkelen må ha 1–40 tegn og ikke inneholde #, ?, / eller \\.',
  refundDescription: 'Beskrivelsen av tilbakebetalingen må ha 1–100 tegn.',
  id: 'Id-en til avtalen eller trekket er ugyldig.',
  scope: 'Opplysningene som bes om må være blant name, email, phoneNumber, address og birthDate.',
} as const;

/** What an agreement may ask the member to share (Userinfo scopes; nin only by special agreement with Vipps). */
const SCOPES = ['name', 'email', 'phoneNumber', 'address', 'birthDate'];

/** A call refused here, before it reached Vipps: status 400 and the field that is wrong. */
export function refusedHere(field: string, message: string): VippsError {
  return new VippsError(
    message,
    400,
    { type: null, title: 'Ugyldig forespørsel', detail: message, contextId: null, extraDetails: [{ field, text: message }] },
    false,
  );
}

const isRealDate = (value: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

export const validAmount = (amount: number) => Number.isInteger(amount) && amount >= 100 && amount <= 2_147_483_647;
export const textLength = (value: string, min: number, max: number) => value.trim().length >= min && value.length <= max;

export function checkKey(idempotencyKey: string): void {
  if (!/^[^#?/\\]{1,40}$/.test(idempotencyKey)) throw refusedHere('Idempotency-Key', RECURRING_MESSAGES.idempotencyKey);
}

/** Agreement and charge ids go into the path: refuse anything that would change it. */
export function checkId(field: string, id: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw refusedHere(field, RECURRING_MESSAGES.id);
  return encodeURIComponent(id);
}

export function checkAgreement(agreement: NewAgreement): void {
  if (!validAmount(agreement.amount)) throw refusedHere('pricing.amount', RECURRING_MESSAGES.amount);
  const { unit, count } = agreement.interval;
  if (!['YEAR', 'MONTH', 'WEEK', 'DAY'].includes(unit) || !Number.isInteger(count) || count < 1 || count > 31) {
    throw refusedHere('interval', RECURRING_MESSAGES.interval);
  }
  if (!textLength(agreement.productName, 1, 45)) throw refusedHere('productName', RECURRING_MESSAGES.productName);
  if (agreement.productDescription && agreement.productDescription.length > 100) {
    throw refusedHere('productDescription', RECURRING_MESSAGES.productDescription);
  }
  if (!/^https:\/\/[^\s]+$/.test(agreement.merchantAgreementUrl) || agreement.merchantAgreementUrl.length > 1024) {
    throw refusedHere('merchantAgreementUrl', RECURRING_MESSAGES.agreementUrl);
  }
  if (!/^[a-z][a-z0-9+.-]*:\/\/[^\s]+$/i.test(agreement.merchantRedirectUrl) || agreement.merchantRedirectUrl.length > 1024) {
    throw refusedHere('merchantRedirectUrl', RECURRING_MESSAGES.redirectUrl);
  }
  if (agreement.phoneNumber && !/^\d{10,15}$/.test(agreement.phoneNumber)) throw refusedHere('phoneNumber', RECURRING_MESSAGES.phone);
  if (agreement.externalId && agreement.externalId.length > 64) throw refusedHere('externalId', RECURRING_MESSAGES.externalId);
  const initial = agreement.initialCharge;
  if (initial) {
    if (!validAmount(initial.amount)) throw refusedHere('initialCharge.amount', RECURRING_MESSAGES.amount);
    if (!textLength(initial.description, 1, 45)) throw refusedHere('initialCharge.description', RECURRING_MESSAGES.description);
    if (initial.orderId && !/^[A-Za-z0-9-]{1,50}$/.test(initial.orderId)) throw refusedHere('initialCharge.orderId', RECURRING_MESSAGES.orderId);
  }
  if (agreement.scope != null) {
    const words = agreement.scope.split(' ');
    if (words.length === 0 || words.some((word) => !SCOPES.includes(word))) throw refusedHere('scope', RECURRING_MESSAGES.scope);
  }
}

export function checkCharge(charge: NewCharge, today: string): void {
  if (!validAmount(charge.amount)) throw refusedHere('amount', RECURRING_MESSAGES.amount);
  if (!textLength(charge.description, 1, 45)) throw refusedHere('description', RECURRING_MESSAGES.description);
  if (!isRealDate(charge.due)) throw refusedHere('due', RECURRING_MESSAGES.dueFormat);
  if (charge.due <= today) throw refusedHere('due', RECURRING_MESSAGES.due);
  if (!Number.isInteger(charge.retryDays) || charge.retryDays < 0 || charge.retryDays > 14) {
    throw refusedHere('retryDays', RECURRING_MESSAGES.retryDays);
  }
  if (!/^[A-Za-z0-9-]{1,50}$/.test(charge.orderId)) throw refusedHere('orderId', RECURRING_MESSAGES.orderId);
  if (charge.externalId && charge.externalId.length > 64) throw refusedHere('externalId', RECURRING_MESSAGES.externalId);
}
