import { addLatePhrases } from './late.ts';

/**
 * The messages of 'Utvalg' (src/admin/outreach)'s pages in bokmål, under app.outreach: loaded with the pages (./late.ts); what the menu, breadcrumbs and titles show is in ./outreach-nb.ts.
 */
export const outreachPagesNb = {
  create: 'Nytt utvalg',
  empty: 'Ingen utvalg ennå. Lag et for å skrive til en gruppe medlemmer.',
  intro: 'Et utvalg er en lagret gruppe medlemmer. Antallet regnes ut på nytt hver gang, så utvalget følger medlemsregisteret.',
  columns: { name: 'NAVN', count: 'MEDLEMMER NÅ', created_by: 'LAGET AV', updated_at: 'ENDRET', actions: 'HANDLINGER' },
  edit: 'Rediger',
  delete: 'Slett utvalg',
  delete_confirm: 'Slette utvalget «%{name}»? Medlemmene berøres ikke.',
  deleted: 'Utvalget er slettet',
  created: 'Utvalget er lagret',
  updated: 'Utvalget er endret',
  fields: {
    name: 'Navn på utvalget',
    search: 'Navn, e-post, telefon eller medlemsnummer',
    status: 'Medlemsstatus',
    has_travel: 'Reiseforsikring',
    has_instruments: 'Instrumentforsikring',
    postal_code_from: 'Postnummer fra',
    postal_code_to: 'Postnummer til',
    postal_area: 'Poststed',
    primary_instrument_type: 'Hovedinstrument',
    campaign_code: 'Kampanjekode',
    joined_from: 'Innmeldt fra',
    joined_to: 'Innmeldt til',
    overdue: 'Forfalt faktura',
    newsletter_2: 'Samtykke: nyheter fra organisasjonen',
    newsletter_3: 'Samtykke: tilbud fra samarbeidspartnere',
  },
  sections: {
    members: 'Medlemmer',
    insurance: 'Forsikring og betaling',
    place: 'Bosted',
    more: 'Instrument, kampanje og innmelding',
    consent: 'Samtykker',
  },
  status: { active: 'Aktivt medlem', applicant: 'Søker', lapsed: 'Utmeldt' },
  any: 'Uansett',
  yes: { has: 'Har', consent: 'Har samtykket' },
  no: { has: 'Har ikke', consent: 'Har ikke samtykket' },
  postal_code_invalid: 'Postnummeret må ha fire sifre',
  count: {
    heading: 'I utvalget nå',
    members: '%{smart_count} medlem |||| %{smart_count} medlemmer',
    counting: 'Teller …',
    sample: 'Noen av dem',
    none: 'Ingen medlemmer passer til filteret.',
    more: 'og %{smart_count} til',
    problem: 'Filteret kan ikke telles: %{message}',
  },
};

addLatePhrases('app.outreach', outreachPagesNb);
