/**
 * Min side's catalogue in Norwegian bokmål: every text the member app shows. Messages the spec
 * fixes are kept verbatim. The English catalogue (en.ts) has the same keys, checked by its type.
 */
import { MIN_SIDE_BRAND } from './brand.ts';
import { formatAmount, formatDate, formatDateDots } from '../../common/format.ts';
import { supportContact } from '../../common/support.ts';
import { RULE_MESSAGES } from '../../../server/schemas/rules.ts';
import { TRAVEL_MESSAGES, TRAVEL_RENEWAL } from '../../../server/schemas/travel-rules.ts';
import { twoFactorNb } from './two-factor-nb.ts';
import { vippsAgreementNb } from './vipps-agreement-nb.ts';

/** The organisation's support contact, shown wherever a member is told to get in touch. */
export const SUPPORT_CONTACT = supportContact();

// No-break spaces keep the phone number on one line.
const dateTime = new Intl.DateTimeFormat('nb-NO', {
  timeZone: 'Europe/Oslo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

const contactSentence = `Ta kontakt med oss på ${SUPPORT_CONTACT.email} eller telefon ${SUPPORT_CONTACT.phone.replace(/ /g, '\u00a0')}.`;

export const minSideNb = {
  /** How dates and amounts read. */
  formats: {
    /** A calendar date in a table or text: 24-11-2026 (the spec's format). */
    date: formatDate as (value: string | null | undefined) => string,
    /** A whole amount with thousands grouped: 125 000. */
    amount: formatAmount as (value: number | string | null | undefined) => string,
    /** A date on the member card and the verify page: 24.11.2026. */
    cardDate: formatDateDots as (value: string) => string,
    /** A moment in Oslo time, with the time of day. */
    dateTime: (value: string | number | Date): string => dateTime.format(new Date(value)),
  },
  ...MIN_SIDE_BRAND,
  /** The language switch: the group's name (each choice is named in its own language). */
  language: 'Språk',
  loading: 'Laster …',
  close: 'Lukk',
  notifications: 'Varsler',
  backToProfile: 'Tilbake til Min side',
  backToLogin: 'Tilbake til innlogging',
  contactSentence,
  contactTitle: 'Kontakt oss',
  contactEmailLabel: 'E-post',
  contactPhoneLabel: 'Telefon',
  /** The footer's link to the accessibility statement, on every page. */
  statementLink: 'Tilgjengelighetserklæring',

  validation: {
    ...RULE_MESSAGES,
    terms: 'Du må godta vilkårene for medlemskap',
    instrument: 'Velg et instrument',
  },

  fields: {
    email: 'E-post',
    password: 'Passord',
    passwordConfirmation: 'Bekreft passord',
    firstName: 'Fornavn',
    lastName: 'Etternavn',
    phone: 'Mobil',
    address: 'Adresse',
    postalCode: 'Postnummer',
    postalArea: 'Poststed',
    gender: 'Kjønn',
    primaryInstrument: 'Hovedinstrument',
    birthdate: 'Fødselsdato',
    artistName: 'Artistnavn / band',
    invoiceMethod: 'Fakturering',
    invoiceEmail: 'E-post for faktura',
    campaignCode: 'Kampanjekode',
    terms: 'Jeg godtar vilkårene for medlemskap',
  },

  genders: [
    { value: 1, label: 'Mann' },
    { value: 2, label: 'Kvinne' },
    { value: 3, label: 'Annet' },
  ],
  invoiceMethods: [
    { value: 'EFAKTURA', label: 'E-faktura' },
    { value: 'EMAIL', label: 'E-post' },
  ],
  chooseInstrument: 'Velg instrument',
  chooseInvoiceMethod: 'Velg fakturering',

  datePicker: {
    placeholder: 'dd/mm/åååå',
    hint: 'Skriv dd/mm/åååå eller velg i kalenderen',
    open: (label: string) => `Velg ${label.toLowerCase()} i kalenderen`,
    clear: (label: string) => `Tøm ${label.toLowerCase()}`,
    loading: 'Henter kalenderen …',
  },

  application: {
    title: 'Søknad om medlemskap',
    waiting: 'Søknaden din om medlemskap venter på godkjenning. Du får en e-post når den er behandlet.',
    accepted: 'Søknaden din er godkjent, og du er medlem.',
    acceptedSince: (date: string) => `Søknaden din er godkjent, og du er medlem fra ${date}.`,
    rejected: 'Søknaden din om medlemskap er avslått.',
    reason: 'Begrunnelse',
  },

  profile: {
    title: 'Min side',
    greeting: (name: string) => `Hei, ${name}`,
    logout: 'Logg ut',
    formTitle: 'Mine opplysninger',
    save: 'Lagre',
    invoiceMethodMissing: 'Lagre er av fordi Fakturering ikke er valgt. Velg hvordan du vil få fakturaen.',
    saved: 'Oppdatert!',
    saveFailed: 'Noe gikk galt',
    checkFields: 'Noe gikk galt: rett feltene som er merket og lagre igjen.',
    serverFailed: `Profilen ble ikke lagret. ${contactSentence}`,
    loadFailed: 'Noe gikk galt!',
    retry: 'Prøv igjen',
  },

  campaign: {
    title: 'Kampanjekode',
    intro: 'Har du en kampanjekode? Legg den til her for å få medlemskortet ditt på SMS.',
    add: 'Legg til kode',
    added: 'Suksess!',
    failed: 'Error',
    current: 'Din kampanjekode',
  },

  memberCard: {
    title: 'Medlemskort på SMS',
    intro: 'Vi sender medlemskortet ditt som SMS til nummeret du skriver inn.',
    phone: 'Telefonnummer',
    placeholder: 'Må innholde minst 8-siffer',
    submit: 'Send medlemskort',
    sent: 'Ditt medlemskort har blitt tilsendt',
    failed: `Medlemskortet ble ikke sendt. ${contactSentence}`,
  },

  travel: {
    title: 'Reiseforsikring',
    pageTitle: 'Reiseforsikring',
    empty: 'Ingen aktive reiseforsikring',
    product: 'PRODUKT',
    price: 'PRIS',
    start: 'START DATO',
    end: 'STOP DATO',
    invoicedFor: 'FAKTURERT TIL',
    notYet: 'Ingen foreløpig',
    order: 'Bestill',
    edit: 'Rediger',
    total: (amount: string) => `Totalt: ${amount} kr`,
    status: 'STATUS',
    active: 'Aktiv',
    awaiting: 'Venter på godkjenning',
    pendingNote: 'Bestillingen din venter på godkjenning. Du får beskjed når den er behandlet.',
    inForce: 'Gjelder nå',
    requested: 'Endring til behandling',
    noStart: 'Ikke satt',
    noEnd: 'Fornyes årlig',
    certificateInForce: 'Forsikringsbeviset viser forsikringen som gjelder nå, til endringen er behandlet.',
    productLabel: 'Produkt',
    chooseProduct: 'Velg reiseforsikring',
    startLabel: 'Startdato',
    endLabel: 'Sluttdato',
    reset: (label: string) => `Tilbakestill ${label.toLowerCase()}`,
    resetText: 'Tilbakestill',
    renewal: 'Fornyelse',
    priceLabel: 'Pris',
    restOfYear: 'Pris for resten av året',
    kroner: (amount: string) => `${amount} kr`,
    loadFailed: 'Reiseforsikringen kunne ikke hentes akkurat nå.',
    renewalValue: TRAVEL_RENEWAL,
    /** The travel form's rules (shared with the server), by their key. */
    rules: { ...TRAVEL_MESSAGES },
  },

  instruments: {
    title: 'Instrumentforsikring',
    pageTitle: 'Instrumentforsikring',
    empty: 'Ingen aktive instrumentforsikring',
    type: 'TYPE INSTRUMENT',
    make: 'FABRIKANT',
    model: 'MODELL',
    value: 'VERDI',
    start: 'START DATO',
    end: 'STOP DATO',
    order: 'Bestill',
    edit: 'Rediger',
    total: (amount: string) => `Totalverdi: ${amount},-`,
    valueAmount: (amount: string) => `${amount},-`,
  },

  discounts: {
    title: 'Medlemsfordeler',
    code: 'RABATTKODE',
    description: 'BESKRIVELSE',
    empty: 'Ingen rabattkoder akkurat nå.',
  },

  digitalCard: {
    title: 'Medlemskort',
    headerButton: 'Medlemskort',
    pageTitle: 'Medlemskort',
    memberNumber: 'Medlemsnummer',
    validUntil: 'Gyldig til',
    show: 'Vis medlemskortet',
    intro: 'Vis kortet med QR-koden når du må dokumentere at du er medlem. Den som skanner koden, ser at kortet er ekte og gyldig.',
    download: 'Last ned som bilde (PNG)',
    qrLabel: (number: number) => `QR-kode som bekrefter medlemskapet til medlemsnummer ${number}`,
    offline: (date: string) => `Du er uten nett. Dette er kortet slik det ble hentet ${date}.`,
    notYet: 'Medlemskortet er klart når medlemskapet ditt er godkjent og du har fått medlemsnummer.',
    loadFailed: 'Medlemskortet kunne ikke hentes akkurat nå.',
    homeScreen: 'Tips: legg siden til på hjemskjermen, så har du kortet for hånden, også uten nett.',
  },

  certificates: {
    title: 'Forsikringsbevis',
    travelIntro: 'Forsikringsbevis for reiseforsikringen, for visum, grensekontroll og arrangører.',
    instrumentsIntro: 'Forsikringsbevis med instrumentene dine, for toll, spillesteder og flyselskap.',
    norwegian: 'Forsikringsbevis (PDF)',
    english: 'Certificate in English (PDF)',
    failed: 'Forsikringsbeviset kunne ikke lastes ned. Prøv igjen, eller kontakt oss.',
    downloading: 'Laster ned …',
  },

  privacyTitle: 'Personvern',
  accessLog: {
    title: 'Hvem har sett opplysningene mine',
    intro: 'Her ser du når ansatte har åpnet, endret eller eksportert opplysningene dine de siste 12 månedene.',
    when: 'NÅR',
    who: 'HVEM',
    what: 'HVA',
    empty: 'Ingen ansatte har sett opplysningene dine.',
    kinds: { read: 'Åpnet', export: 'Eksporterte', change: 'Endret', messages: 'Leste meldinger' } as Record<string, string>,
    yourself: 'Du selv',
    inList: (detail: string, count: number) => `${detail} (i en liste med ${count} medlemmer)`,
    more: 'Vis flere',
    download: 'Last ned opplysningene mine',
    downloadHint: 'En zip-fil med alt vi har lagret om deg: en maskinlesbar fil (member.json) og et sammendrag du kan lese.',
    downloading: 'Henter …',
    downloadFailed: 'Filen kunne ikke hentes akkurat nå. Prøv igjen senere.',
  },
  contentFailed: 'Teksten kunne ikke hentes akkurat nå.',

  blocked: {
    title: 'Din konto har blitt sperret!',
    guidance: `Sjekk at medlemskapet ditt fortsatt er aktivt. ${contactSentence}`,
    ok: 'OK',
  },

  twoFactor: twoFactorNb,
  vippsAgreement: vippsAgreementNb,
};

/** A catalogue's shape: the bokmål catalogue's keys, with any text in each. */
export type MinSideTexts = Widen<typeof minSideNb>;

type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => Widen<R>
    : T extends readonly (infer U)[]
      ? Widen<U>[]
      : { [K in keyof T]: Widen<T[K]> };
