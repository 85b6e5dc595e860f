/**
 * The staff app's frame in bokmål: its name, the common buttons, the menu, the profile panel, the
 * access page, the breadcrumbs, the footer, error messages and export buttons; under app.
 */
import { RIGHTS } from '../../../server/domain/staff/rights.ts';

/** The staff rights in words as the server words them in its refusals, by name: members.read → rights.members.read. */
function rightsInWords(): Record<string, Record<string, string>> {
  const tree: Record<string, Record<string, string>> = {};
  for (const [name, words] of Object.entries(RIGHTS)) {
    const [area, action] = name.split('.');
    (tree[area] ??= {})[action] = words;
  }
  return tree;
}

export const shellNb = {
  name: 'Musikerportalen',
  logo: 'Musikerportalen – til medlemsoversikten',
  back: 'Gå tilbake',
  cancel: 'Avbryt',
  close: 'Lukk',
  save: 'Lagre',
  loading: 'Laster …',
  date: {
    invalid: 'Ugyldig dato',
    out_of_range: 'Datoen må være mellom 1905 og neste år',
  },
  menu: {
    label: 'Hovedmeny',
    members: 'Medlemsoversikt',
    requests: 'Forespørsler',
    requests_pending: '%{count} ventende',
    memberships: 'Medlemskap (%{count})',
    travel: 'Reiseforsikring (%{count})',
    instruments: 'Instrumentforsikring (%{count})',
    settings: 'Innstillinger',
    open: 'Åpne meny',
    member_import: 'Importer medlemmer',
    payments: 'Betaling',
  },
  profile: {
    open: 'Åpne profilpanelet',
    title: 'Profil',
    logout: 'Logg Ut',
    language: 'Språk',
    security: 'Sikkerhet og innlogging',
  },
  language: { nb: 'Norsk (bokmål)', en: 'English' },
  /** A page the signed-in staff user lacks the right for. */
  access: {
    title: 'Du har ikke tilgang',
    needs_one: 'Denne siden krever retten %{right}.',
    needs_any: 'Denne siden krever én av disse rettene:',
    right: '«%{description}» (%{right})',
    ask: 'Spør en administrator om du trenger tilgang.',
    home: 'Gå til %{page}',
    rights: rightsInWords(),
  },
  breadcrumb: {
    label: 'Brødsmulesti',
    membership: 'MEDLEMSOVERSIKT',
    create: 'OPPRETT NYTT MEDLEM',
    edit: 'REDIGERE MEDLEMSKAP',
    logs: 'Forsikrings logg',
    membership_request: 'FORESPØRSEL AV MEDLEMSKAP',
    membership_declined: 'AVVISTE FORESPØRSLER MEDLEMSKAP',
    membership_declined_one: 'AVVIST FORESPØRSEL',
    travel_insurance: 'FORESPØRSEL AV REISEFORSIKRING',
    instrument_insurance: 'FORESPØRSEL AV INSTRUMENT FORSIKRING',
    instruments_active: 'FORSIKRING AV AKTIVE INSTRUMENT',
    instrument_list: 'FORSIKRING AV INSTRUMENT',
    instrument_edit: 'REDIGERE INSTRUMENT FORSIKRING',
    settings: 'INNSTILLINGER',
    system_message: 'SYSTEM MELDINGER',
    promo_code: 'KAMPANJE KODE',
    vipps_rapport: 'VIPPS RAPPORT',
    content: 'INNHOLD',
    member_import: 'IMPORTER MEDLEMMER',
    member_import_one: 'IMPORT',
    payments: 'BETALING',
    invoice: 'FAKTURA',
    payment_files: 'INNBETALINGER',
    payment_file: 'OCR-FIL',
    prices: 'PRISER',
    renewal: 'FORNYELSE',
    consent_kinds: 'MELDINGSTYPER',
  },
  footer: {
    organisation: 'Musikerportalen – medlemskap og forsikring for musikere',
    contact: 'Kontakt: %{email} · %{phone}',
    statement: 'Tilgjengelighetserklæring',
  },
  errors: {
    contact_provider: 'Noe gikk galt, og endringen ble ikke lagret. Prøv igjen, og kontakt leverandøren av portalen hvis det ikke går (%{email}, %{phone}).',
    generic: 'Noe gikk galt',
    generic_bang: 'Noe gikk galt!',
    dismiss: 'Lukk melding',
  },
  exports: {
    xlsx: 'Eksporter liste (xlsx)',
    xlsx_report: 'Eksporter (xlsx)',
  },
};
