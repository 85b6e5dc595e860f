import type { Widen } from './widen.ts';
import type { membersPagesNb } from './members-pages-nb.ts';

/**
 * The member register in bokmål, what a staff page's first load needs of it: every list's paging and
 * search, the access log and erasure ('privacy', which the menu shows); under app. The register's
 * own pages bring the rest (./members-pages-nb.ts).
 */
export const membersNb = {
  // What every list's paging and search say (src/admin/lists).
  members: {
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
export type MembersTexts = Widen<typeof membersNb & typeof membersPagesNb>;
