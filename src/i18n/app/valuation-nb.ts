/** The valuation rules' messages (issue 39) in bokmål: app.valuation (English: valuation-en.ts, same keys by its type). */
export const valuationNb = {
  chip: {
    missing_appraisal: 'Mangler takst',
    missing_receipt: 'Mangler kvittering eller takst',
    expiring: 'Takst utløper %{date}',
    expired: 'Takst utløpt %{date}',
    ok_appraisal: 'Takst gyldig til %{date}',
    ok_receipt: 'Dokumentert',
    ok_none: 'Ikke påkrevd',
  },
  section: {
    title: 'Takst og dokumentasjon',
    intro: 'Instrumenter over grensene i Innstillinger trenger kvittering eller takst.',
    none: 'Ingen av de aktive instrumentene trenger dokumentasjon.',
    all_ok: 'Alle instrumentene som trenger det, er dokumentert.',
    label: 'Dokumentasjon av aktive instrumenter',
  },
  list: {
    title: 'TAKST OG DOKUMENTASJON',
    breadcrumb: 'TAKST OG DOKUMENTASJON',
    open: 'Takst og dokumentasjon',
    intro: 'Forsikrede instrumenter etter hva som mangler. Trykk på en rad for å åpne medlemmets instrumenter.',
    filter: 'Vis',
    empty: 'Ingen instrumenter her.',
    choices: {
      attention: 'Mangler eller utløper',
      missing: 'Mangler',
      expiring: 'Utløper snart',
      expired: 'Utløpt',
      ok: 'I orden',
    },
    columns: {
      member: 'MEDLEM',
      instrument: 'INSTRUMENT',
      value: 'VERDI',
      valuation: 'DOKUMENTASJON',
    },
  },
  settings: {
    title: 'TAKST OG DOKUMENTASJON',
    breadcrumb: 'TAKST OG DOKUMENTASJON',
    intro: 'Reglene for hvilke instrumenter som trenger kvittering eller takst, og når medlemmene får påminnelse på e-post.',
    rules: 'Krav',
    reminders: 'Påminnelser',
    appraisal_above: 'Takst kreves over (kr)',
    appraisal_years: 'Taksten gjelder i (år)',
    receipt_above: 'Kvittering eller takst kreves over (kr)',
    reminder_days: 'Påminnelse før taksten går ut (dager)',
    renewal_reminder_days: 'Påminnelse før fornyelsen 1. januar (dager)',
    save: 'Lagre reglene',
    saved: 'Reglene er lagret',
  },
};

export type ValuationMessages = typeof valuationNb;
