/**
 * The part of Min side's bokmål catalogue for the pages a member opens without the profile:
 * sign-in, password, sign-up, the Vipps result pages and the public check. It loads with those
 * pages, so the profile's first load stays small (English: pages-en.ts, same keys by its type).
 */
import { RULE_MESSAGES } from '../../../server/schemas/rules.ts';

export const pagesNb = {
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
    failed: (contact: string) => `Passordet ble ikke endret. ${contact}`,
    done: 'Passordet er endret. Du kan nå logge inn med det nye passordet.',
    memberLogin: 'Logg inn på Min side',
    staffLogin: 'Logg inn som ansatt',
  },
  register: {
    title: 'Bli medlem',
    stepOne: 'Steg 1 av 2: Om deg',
    submit: 'Send søknad',
    campaignHelp: 'Har du fått en kampanjekode, skriv den inn her.',
    invalidCampaign: RULE_MESSAGES.campaignCode as string,
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
    recurring: 'Betal kontingenten automatisk hvert år',
    recurringHelp:
      'Du godkjenner en avtale i Vipps. Den første betalingen er den samme som nå; deretter trekkes kontingenten automatisk når den forfaller hvert år. Du kan stoppe avtalen på Min side eller i Vipps-appen.',
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
  },
  verify: {
    pageTitle: 'Kontroll av medlemskort',
    heading: 'Kontroll av medlemskort og forsikringsbevis',
    valid: 'Gyldig medlem',
    expired: 'Utløpt',
    invalid: 'Ikke gyldig',
    validEn: 'Valid member',
    expiredEn: 'Expired',
    invalidEn: 'Not valid',
    invalidText: 'Kortet eller beviset er ikke gyldig: det er sperret, avsluttet, endret eller ikke utstedt av oss.',
    expiredText: 'Kortet eller beviset er utløpt. Medlemmet kan hente et nytt på Min side.',
    name: 'Navn',
    memberNumber: 'Medlemsnummer',
    validUntil: 'Gyldig til',
    kindLabel: 'Gjelder',
    kinds: { membership: 'Medlemskort', travel: 'Forsikringsbevis – reiseforsikring', instruments: 'Forsikringsbevis – instrumentforsikring' },
    period: 'Forsikringsperiode',
    product: 'Produkt',
    products: { Europa: 'Reiseforsikring Europa (hele Europa)', Verden: 'Reiseforsikring Verden (hele verden)' },
    count: 'Antall instrumenter',
    kroner: (amount: string) => `${amount} kr`,
    totalValue: 'Samlet forsikringssum',
    compare: 'Sammenlign med navnet og tallene på kortet eller beviset.',
    checking: 'Kontrollerer …',
    failed: 'Kontrollen kunne ikke gjøres akkurat nå. Prøv igjen om litt.',
  },
};

export type PageTexts = typeof pagesNb;
