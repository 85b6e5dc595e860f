/**
 * Min side's invoices ('Mine fakturaer', the banner of what is due, the page after paying with
 * Vipps) in bokmål, in a file of their own so they load with the profile and not with every page
 * (English: invoices-en.ts, same keys by its type).
 */
import { formatKroner } from '../../common/format.ts';

const PAYMENT_METHODS = {
  vipps: 'Vipps',
  ocr: 'bank (KID)',
  bank: 'bank',
  manual: 'innbetaling',
  cash: 'kontant',
  tripletex: 'bank',
  import: 'tidligere system',
} as Record<string, string>;

export const invoicesNb = {
  title: 'Mine fakturaer',
  /** Øre as money: kr 1 450,00. */
  money: (ore: number): string => formatKroner(ore),
  empty: 'Du har ingen fakturaer.',
  loadFailed: 'Fakturaene kunne ikke hentes akkurat nå.',
  invoice: (number: number) => `Faktura ${number}`,
  states: { paid: 'Betalt', unpaid: 'Ikke betalt', overdue: 'Forfalt', partlyPaid: 'Delvis betalt', credited: 'Kreditert' },
  forWhat: 'Gjelder',
  amount: 'Beløp',
  dueDate: 'Forfallsdato',
  outstanding: 'Å betale',
  kid: 'KID',
  period: (from: string, to: string) => `${from}–${to}`,
  receiptTitle: 'Kvittering',
  receipt: (amount: string, date: string, method: string) => `${amount} betalt ${date} med ${method}`,
  methods: PAYMENT_METHODS,
  credited: (amount: string) => `${amount} er kreditert`,
  pdf: 'Last ned faktura (PDF)',
  pdfFailed: 'Fakturaen kunne ikke lastes ned. Prøv igjen om litt.',
  pay: 'Betal med Vipps',
  paying: 'Sender deg til Vipps …',
  payFailed: 'Betalingen kunne ikke startes. Prøv igjen om litt.',
  testCheckout: 'Testmodus: Vipps er ikke satt opp, så betalingen går til en testside der ingen penger trekkes.',
  noVipps: 'Betal med KID til kontonummeret på fakturaen.',
  banner: {
    label: 'Å betale',
    overdue: (amount: string) => `Du har ${amount} som har forfalt.`,
    due: (amount: string, date: string) => `Du har ${amount} å betale innen ${date}.`,
    which: (number: number, amount: string, date: string) => `Faktura ${number}: ${amount}, forfall ${date}.`,
    more: (count: number) =>
      count === 1 ? 'Du har én faktura til å betale under Mine fakturaer.' : `Du har ${count} fakturaer til å betale under Mine fakturaer.`,
    seeAll: 'Se alle fakturaene',
  },
  result: {
    pageTitle: 'Betaling med Vipps',
    paid: (number: number, amount: string) => `Takk! ${amount} er betalt, og faktura ${number} er registrert som betalt.`,
    paidPart: (number: number, amount: string, left: string) => `Takk! ${amount} er betalt på faktura ${number}. Det gjenstår ${left}.`,
    cancelledTitle: 'Betalingen ble avbrutt',
    cancelled: (number: number) => `Faktura ${number} ble ikke betalt. Ingen penger er trukket.`,
    tryAgain: 'Prøv å betale igjen',
    alreadyPaid: 'Fakturaen var allerede betalt, så ingen penger er trukket.',
    waiting: 'Vi venter på svar fra Vipps …',
    stillWaiting: 'Vipps har ikke svart ennå. Har du godkjent betalingen, blir den registrert av seg selv i løpet av noen minutter.',
    checkAgain: 'Sjekk igjen',
    failed: 'Vi kunne ikke hente betalingen akkurat nå.',
    back: 'Tilbake til Min side',
  },
};

export type InvoiceTexts = Widen<typeof invoicesNb>;

type Widen<T> = T extends string ? string : T extends (...args: infer A) => infer R ? (...args: A) => Widen<R> : { [K in keyof T]: Widen<T[K]> };
