/**
 * The payment, credit and pause dialogs' yup schemas; messages are catalogue keys (react-admin
 * translates a field's error). Amounts are typed in kroner with øre ('1 290,50') and sent in øre.
 */
import * as yup from 'yup';
import { parseKroner, todayIso } from '../../common/format.ts';
import type { StaffPaymentMethod } from '../../dataProvider/index.ts';
import '../../i18n/app/payments-pages-nb.ts';

export const STAFF_PAYMENT_METHODS: StaffPaymentMethod[] = ['bank', 'cash', 'vipps', 'manual'];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A typed amount in kroner: a number with at most two decimals and above 0. */
const amount = () =>
  yup
    .string()
    .trim()
    .test('kroner', 'app.payments.errors.amount_format', (value) => !value || parseKroner(value) !== null)
    .test('positive', 'app.payments.errors.amount_positive', (value) => !value || (parseKroner(value) ?? 1) > 0);

export const paymentSchema = yup.object({
  amount: amount().required('app.payments.errors.amount_required'),
  // Oslo's today, as the server judges it; a 'yyyy-MM-dd' compares as text. A half-typed date is
  // left to the date input's own check (withDateChecks).
  paid_on: yup
    .string()
    .required('app.payments.errors.date_required')
    .test('past', 'app.payments.errors.date_future', (value) => !value || !ISO_DATE.test(value) || value <= todayIso()),
  method: yup.string().oneOf(STAFF_PAYMENT_METHODS).required('app.payments.errors.method_required'),
  note: yup.string().trim().max(500, 'app.payments.errors.note_long'),
});

export const creditSchema = yup.object({
  amount: amount(),
  reason: yup.string().trim().required('app.payments.errors.reason_required').max(500, 'app.payments.errors.reason_long'),
});

/** A day a year from today, as the server's limit for a pause ('yyyy-MM-dd'). */
export function aYearFrom(today: string): string {
  const [year, month, day] = today.split('-').map(Number);
  const date = new Date(Date.UTC(year + 1, month - 1, day));
  // 29 February a year on is 1 March; the server (date + interval '1 year') says 28 February.
  if (date.getUTCMonth() !== month - 1) date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}

export const pauseSchema = yup.object({
  until: yup
    .string()
    .required('app.payments.errors.until_required')
    .test('past', 'app.payments.errors.until_past', (value) => !value || !ISO_DATE.test(value) || value >= todayIso())
    .test('late', 'app.payments.errors.until_late', (value) => !value || !ISO_DATE.test(value) || value <= aYearFrom(todayIso())),
  reason: yup.string().trim().required('app.payments.errors.pause_reason_required').max(500, 'app.payments.errors.reason_long'),
});

export type PaymentValues = yup.InferType<typeof paymentSchema>;
export type CreditValues = yup.InferType<typeof creditSchema>;
export type PauseValues = yup.InferType<typeof pauseSchema>;
