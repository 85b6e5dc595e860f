import { RULE_MESSAGES } from '../../../server/schemas/rules.ts';
import { addLatePhrases } from './late.ts';

/**
 * The member register's pages in bokmål (the overview, one member, creating and editing), under app: loaded with the pages (./late.ts); the access log and erasure ('privacy', which the menu shows) stay in ./members-nb.ts.
 */
export const membersPagesNb = {
  members: {
    title_one: '%{count} MEDLEM',
    title_many: '%{count} MEDLEMMER',
    title_at_least: 'MINST %{count} MEDLEMMER',
    create: 'Opprett nytt medlem',
    export: 'Eksporter liste (csv)',
    empty: 'Ingen medlemmer funnet',
    sort_by: 'Sorter etter %{column}',
    columns: {
      id: 'ID',
      member: 'MEDLEM',
      address: 'ADDRESSE',
      born: 'FØDT',
      mobile: 'MOBIL',
      campaign: 'KAMPANJEKODE',
      status: 'STATUS',
    },
    status: {
      no_membership: 'Uten medlemskap',
      membership: 'Medlemskap',
      instrument: 'Instrumentforsikring',
      travel: 'Reiseforsikring',
      overdue_invoice: 'Forfalt faktura',
    },
    filter_overdue_invoice: 'Forfalt faktura',
  },
  member: {
    sections: {
      personal: 'Personopplysninger',
      invoicing: 'Fakturering',
      newsletters: 'Nyhetsbrev',
      membership: 'Medlemskap',
    },
    gender: { 1: 'Mann', 2: 'Kvinne', 3: 'Annet' },
    instrument_none: 'Velg instrument',
    invoice: { EFAKTURA: 'E-faktura', EMAIL: 'E-post' },
    required_create: RULE_MESSAGES.fillIn,
    required_edit: RULE_MESSAGES.required,
    invalid_email: RULE_MESSAGES.email,
  },
  create: {
    title: 'OPPRETT NYTT MEDLEM',
    submit: 'Opprett medlem',
    created: 'Bruker er opprettet!',
    duplicate_title: 'Mulig duplikat',
    duplicate_text: 'Det finnes allerede et medlem med samme navn og fødselsdato eller samme telefonnummer:',
    duplicate_confirm: 'Opprett likevel',
  },
  edit: {
    title: 'REDIGERE MEDLEMSKAP',
    saved: 'Oppdatert!',
    block: 'Blokker min side',
    unblock: 'Aktiver min side',
    blocked: 'Min side er blokkert',
    message_log: 'Meldingslogg',
    not_found: 'Fant ikke medlemmet',
    not_found_text: 'Medlemmet finnes ikke, eller lenken er feil. Gå tilbake til medlemsoversikten og søk etter medlemmet der.',
  },
};

addLatePhrases('app', membersPagesNb);
