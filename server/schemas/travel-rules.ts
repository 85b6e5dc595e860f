/**
 * The travel insurance form's rules (spec sections 2, 5 and 9), written once for the server and
 * both apps: which products are travel insurance, the price for the rest of the year and the
 * form's messages. Plain TypeScript without imports: the browser bundles include it.
 */

/** Product ids 1 and 2 are travel insurance; no other product can be a travel subscription. */
export const TRAVEL_PRODUCT_IDS: readonly number[] = [1, 2];

export const isTravelProductId = (id: number): boolean => TRAVEL_PRODUCT_IDS.includes(id);

/** The form's product select lists only products whose name starts with 'Reiseforsikring'. */
export const travelProducts = <Product extends { name: string }>(products: readonly Product[]): Product[] =>
  products.filter((product) => product.name.startsWith('Reiseforsikring'));

export const TRAVEL_MESSAGES = {
  productRequired: 'Feltet er påkrevd',
  productNotTravel: 'Velg en av reiseforsikringene',
  endBeforeStart: 'Sluttdato kan ikke være før startdato',
  endBeforeCurrent: 'Sluttdato kan ikke være før nåværende sluttdato',
  invalidDate: 'Ugyldig dato',
  startInPast: 'Startdato kan ikke være før dagens dato',
  endTooLate: 'Sluttdato kan være høyst ett år etter startdato',
  saved: 'Oppdatert!',
  failed: 'Noe gikk galt',
  awaiting: 'Venter på godkjenning',
} as const;

/** The same messages in English, for Min side in English and the server's answers to it. */
export const TRAVEL_MESSAGES_EN: Readonly<Record<keyof typeof TRAVEL_MESSAGES, string>> = {
  productRequired: 'This field is required',
  productNotTravel: 'Choose one of the travel insurances',
  endBeforeStart: 'The end date cannot be before the start date',
  endBeforeCurrent: 'The end date cannot be before the current end date',
  invalidDate: 'Invalid date',
  startInPast: 'The start date cannot be before today',
  endTooLate: 'The end date can be at most one year after the start date',
  saved: 'Updated!',
  failed: 'Something went wrong',
  awaiting: 'Awaiting approval',
};

/** The invoice interval is fixed: shown read-only as 'Fornyelse'. */
export const TRAVEL_RENEWAL = 'Årlig';

/** Whether the price for the rest of the year applies: from month index 3 (April) on. */
export const showsRestOfYear = (monthIndex: number): boolean => monthIndex > 2;

/** price × (1 − 0.25 × quarter number), the quarter counted from 0; January–March pay in full. */
export function priceForRestOfYear(price: number, monthIndex: number): number {
  if (!showsRestOfYear(monthIndex)) return price;
  return Math.round(price * (1 - 0.25 * Math.floor(monthIndex / 3)));
}

/**
 * The month the invoice counts from: the start date when it lies ahead, otherwise today
 * (both 'yyyy-MM-dd'), as a month index 0–11.
 */
export function chargedMonthIndex(start: string | null, today: string): number {
  const from = start && start > today ? start : today;
  return Number(from.slice(5, 7)) - 1;
}

/** What is invoiced for an order of `price` starting `start`, ordered `today`. */
export const invoicedPrice = (price: number, start: string | null, today: string): number => priceForRestOfYear(price, chargedMonthIndex(start, today));

/** The form's button: 'Bestill' when the member has no travel insurance, 'Rediger' otherwise. */
export const travelButtonLabel = (exists: boolean): string => (exists ? 'Rediger' : 'Bestill');

export interface TravelFormValues {
  product_id: number | string | null | undefined;
  subscription_start: string | null | undefined;
  subscription_end: string | null | undefined;
}

/**
 * The form's own checks, the same in both apps: a travel product is required, the end date not
 * before the start, nor before the current end date (the end input's minimum).
 */
export function travelFormErrors(values: TravelFormValues, currentEnd: string | null): Partial<Record<keyof TravelFormValues, string>> {
  const errors: Partial<Record<keyof TravelFormValues, string>> = {};
  const product = values.product_id === '' || values.product_id == null ? null : Number(values.product_id);
  if (product === null) errors.product_id = TRAVEL_MESSAGES.productRequired;
  else if (!isTravelProductId(product)) errors.product_id = TRAVEL_MESSAGES.productNotTravel;
  const start = values.subscription_start || null;
  const end = values.subscription_end || null;
  if (start && end && end < start) errors.subscription_end = TRAVEL_MESSAGES.endBeforeStart;
  else if (currentEnd && end && end < currentEnd) errors.subscription_end = TRAVEL_MESSAGES.endBeforeCurrent;
  return errors;
}

/**
 * The dates against today, the server's rule, also shown at the member's date fields before
 * 'Bestill': a member's start is today or later (a start already stored may stay as it is; staff
 * may backdate), and for everyone the end lies within the product's yearly cover.
 */
export function travelDateErrors(
  start: string | null,
  end: string | null,
  today: string,
  storedStart: string | null,
  staff: boolean,
): Partial<Record<'subscription_start' | 'subscription_end', string>> {
  const errors: Partial<Record<'subscription_start' | 'subscription_end', string>> = {};
  if (!staff && start && start < today && start !== storedStart) errors.subscription_start = TRAVEL_MESSAGES.startInPast;
  if (end && end > latestTravelEnd(start, today)) errors.subscription_end = TRAVEL_MESSAGES.endTooLate;
  return errors;
}

/** What both forms send (spec section 7): the form's fields and status 1. */
export function travelOrderPayload(memberId: number, values: TravelFormValues, subscriptionId?: number) {
  return {
    ...(subscriptionId === undefined ? {} : { id: subscriptionId }),
    member_id: memberId,
    product_id: Number(values.product_id),
    subscription_start: values.subscription_start || null,
    subscription_end: values.subscription_end || null,
    status: 1 as const,
  };
}

/**
 * The product's cover is yearly ('Fornyelse: Årlig'): an end date lies at most one year after
 * the day the cover starts (the start date, or today when the start is earlier or empty).
 * Answers the last allowed end date ('yyyy-MM-dd').
 */
export function latestTravelEnd(start: string | null, today: string): string {
  const from = start && start > today ? start : today;
  return `${Number(from.slice(0, 4)) + 1}${from.slice(4)}`;
}
