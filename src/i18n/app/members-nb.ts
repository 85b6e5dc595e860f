import { RULE_MESSAGES } from '../../../server/schemas/rules.ts';
import type { Widen } from './widen.ts';

/**
 * The member register in bokmål: the overview, one member, creating and editing, the access log and
 * erasure; under app.
 */
export const membersNb = {
  members: {
    title_one: '%{count} MEDLEM',
    title_many: '%{count} MEDLEMMER',
    title_at_least: 'MINST %{count} MEDLEMMER',
    at_least: 'minst %{count}',
    search: 'Søk etter medlem',
    go_to_page: 'Gå til side',
    rows_per_page: 'Rader per side',
    page_of: 'page %{page} av %{pages}',
    page_of_at_least: 'page %{page} av minst %{pages}',
    queue_page_of: 'side %{page} av %{pages}',
    queue_page_of_at_least: 'side %{page} av minst %{pages}',
    pagination: 'Sidevelger',
    first: 'Første side',
    previous: 'Forrige side',
    next: 'Neste side',
    last: 'Siste side',
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
  privacy: {
    menu: 'Tilgangslogg',
    title: 'Tilgangslogg',
    crumb: 'TILGANGSLOGG',
    tab: 'Tilgangslogg',
    member_title: 'TILGANGSLOGG (%{count})',
    empty: 'Ingen oppføringer i perioden',
    filter_staff: 'Ansatt',
    filter_all: 'Alle',
    filter_from: 'Fra dato',
    filter_to: 'Til dato',
    filters: 'Filtrer tilgangsloggen',
    many_members: '%{count} medlemmer',
    in_list: '%{detail} (i en liste med %{count} medlemmer)',
    erased_name: 'Slettet',
    kinds: { read: 'Åpnet', export: 'Eksporterte', change: 'Endret', messages: 'Leste meldinger' },
    erase: 'Slett personopplysninger',
    download_all: 'Last ned alle opplysninger',
    download_failed: 'Kunne ikke laste ned opplysningene. Prøv igjen.',
    erase_title: 'Slett personopplysninger',
    erase_text:
      'Navn, kontaktopplysninger, fødselsdato, artistnavn, fritekst, meldinger, serienumre og innloggingen slettes for godt. Abonnementer og betalinger beholdes under medlemsnummeret i 5 år av hensyn til regnskapet. Medlemsnummeret brukes aldri igjen.',
    erase_confirm_label: 'Medlemsnummer',
    erase_confirm_text: 'Skriv medlemsnummeret (%{number}) for å bekrefte.',
    erase_submit: 'Slett for godt',
    erased_toast: 'Personopplysningene er slettet',
    erased_notice:
      'Personopplysningene til dette medlemmet ble slettet %{date}. Abonnementer og betalinger beholdes under medlemsnummeret av hensyn til regnskapet.',
  },
};

/** Its shape with any text (the rule messages shared with the server are literal types). */
export type MembersTexts = Widen<typeof membersNb>;
