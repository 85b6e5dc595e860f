/** Every text the member app shows, in Norwegian bokmål. Messages the spec fixes are kept verbatim. */
import { supportContact } from '../common/support.ts';
import { RULE_MESSAGES } from '../../server/schemas/rules.ts';

/** The organisation's support contact, shown wherever a member is told to get in touch. */
export const SUPPORT_CONTACT = supportContact();

// No-break spaces keep the phone number on one line.
const contactSentence = `Ta kontakt med oss på ${SUPPORT_CONTACT.email} eller telefon ${SUPPORT_CONTACT.phone.replace(/ /g, '\u00a0')}.`;

export const texts = {
  appName: 'Musikerportalen',
  appSubtitle: 'Min side',
  loading: 'Laster …',
  close: 'Lukk',
  notifications: 'Varsler',
  backToProfile: 'Tilbake til Min side',
  backToLogin: 'Tilbake til innlogging',
  contactSentence,
  contactTitle: 'Kontakt oss',
  contactEmailLabel: 'E-post',
  contactPhoneLabel: 'Telefon',

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

  login: {
    title: 'Logg inn på Min side',
    intro: 'Logg inn med e-postadressen og passordet ditt.',
    submit: 'Logg inn',
    forgotPassword: 'Glemt passord?',
    notMember: 'Ikke medlem ennå?',
    becomeMember: 'Bli medlem',
  },

  reset: {
    title: 'Glemt passord',
    intro: 'Skriv inn e-postadressen din, så sender vi deg en lenke for å lage nytt passord.',
    submit: 'Send lenke',
  },

  changePassword: {
    title: 'Lag nytt passord',
    intro: 'Velg et nytt passord på minst 8 tegn.',
    submit: 'Lagre nytt passord',
    missingLink: 'Lenken mangler opplysninger. Be om en ny lenke for å lage nytt passord.',
    requestNewLink: 'Be om en ny lenke',
    failed: `Passordet ble ikke endret. ${contactSentence}`,
    done: 'Passordet er endret. Du kan nå logge inn med det nye passordet.',
    memberLogin: 'Logg inn på Min side',
    staffLogin: 'Logg inn som ansatt',
  },

  register: {
    title: 'Bli medlem',
    stepOne: 'Steg 1 av 2: Om deg',
    submit: 'Send søknad',
    campaignHelp: 'Har du fått en kampanjekode, skriv den inn her.',
    invalidCampaign: 'Ugyldig Kampanje kode',
    readTerms: 'Les vilkårene for medlemskap',
    hideTerms: 'Skjul vilkårene',
    success: 'Takk for søknaden! Den er sendt til godkjenning, og du får en e-post når den er behandlet.',
    haveAccount: 'Allerede medlem?',
    login: 'Logg inn',
  },

  quickCheckout: {
    title: 'Bli medlem med Vipps',
    cardTitle: 'Betal medlemskapet med Vipps',
    membership: 'Produkt',
    price: 'Pris',
    kroner: (price: string) => `${price} kr`,
    profileInfo: 'Navn, e-postadresse og mobilnummer hentes fra Vipps-profilen din når du betaler.',
    campaignHelp: 'Kampanjekoden fra lenken du fulgte. Du kan endre eller fjerne den.',
    pay: 'Betal med Vipps',
    paying: 'Sender deg til Vipps …',
    createFailed: 'Feil ved opprettelse av ordre',
    testCheckout: 'Testmodus: Vipps er ikke satt opp, så betalingen går til en testside der ingen penger trekkes.',
    unavailable: 'Betaling med Vipps er ikke tilgjengelig akkurat nå. Du kan melde deg inn med det vanlige skjemaet.',
    regularForm: 'Meld deg inn uten Vipps',
  },

  stepTwo: {
    title: 'Fullfør innmeldingen',
    personalPane: 'Steg 2 av 2: Personopplysninger',
    invoicePane: 'Fakturering',
    next: 'Neste',
    back: 'Tilbake',
    approve: 'Godkjenn',
    failed: 'En uforutsett hendelse har oppstått med systemet, vær vennlig å prøve igjen senere.',
    done: 'Takk! Innmeldingen er fullført.',
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
  },

  discounts: {
    title: 'Medlemsfordeler',
    code: 'RABATTKODE',
    description: 'BESKRIVELSE',
    empty: 'Ingen rabattkoder akkurat nå.',
  },

  privacyTitle: 'Personvern',
  contentFailed: 'Teksten kunne ikke hentes akkurat nå.',

  blocked: {
    title: 'Din konto har blitt sperret!',
    guidance: `Sjekk at medlemskapet ditt fortsatt er aktivt. ${contactSentence}`,
    ok: 'OK',
  },

  vippsThanks: {
    title: 'Takk for at du ble medlem!',
    body: 'Vi har sendt deg en e-post nå. Slik kommer du inn på Min Side:',
    steps: [
      'Sjekk e-posten din nå (se også i søppelposten).',
      'Følg lenken i e-posten og velg et passord. Lenken virker i 60 minutter.',
      'Logg inn på Min Side og fullfør steg to av innmeldingen: adresse og fakturering.',
    ],
  },

  vippsError: {
    title: 'Beklager, noe gikk galt',
    body:
      'Medlemskapet kunne ikke opprettes. Bestillingen er kansellert, og pengene blir betalt tilbake. En mulig årsak er at det finnes et tidligere medlem med samme e-postadresse og telefonnummer.',
    contact: `${contactSentence}`,
  },
} as const;
