import { staffUsersResourcesNb } from './staff-users-nb.ts';
import { claimsResourcesNb } from './claims-nb.ts';

/**
 * The staff app's field labels in bokmål, as react-admin looks them up
 * (resources.<resource>.fields.<source>, the resource names of src/common/staff-areas/registry.ts):
 * a column or input inside the resource's list, form or dialog finds its label here without a label
 * prop; a form outside any resource context names the key in its label prop. A column header that
 * differs from the form's label keeps its own key under app.
 */
export const resourcesNb = {
  ...staffUsersResourcesNb,
  ...claimsResourcesNb,
  membership: {
    fields: {
      first_name: 'Fornavn',
      last_name: 'Etternavn',
      email: 'E-post',
      phone: 'Mobil',
      address: 'Adresse',
      postal_code: 'Postnummer',
      postal_area: 'Poststed',
      birthdate: 'Fødselsdato',
      gender: 'Kjønn',
      artist_name: 'Artist/band',
      primary_instrument_type: 'Hovedinstrument',
      invoice_method: 'Fakturametode',
      invoice_email: 'E-post for faktura',
      newsletter_1: 'Nødvendig informasjon',
      newsletter_2: 'Nyheter fra organisasjonen',
      newsletter_3: 'Tilbud fra samarbeidspartnere',
      membership_start_date: 'Medlem siden',
      invoice_name: 'Fakturanavn',
      invoice_phone: 'Telefon for faktura',
      invoice_address: 'Fakturaadresse',
      invoice_postal_code: 'Postnummer for faktura',
      invoice_postal_area: 'Poststed for faktura',
      registration_completed: 'Innmelding fullført',
      remote_id: 'Medlemsnummer',
      role_id: 'Rolle',
      status: 'Status',
      blocked_access: 'Sperret tilgang',
      campaign_code: 'Kampanjekode',
      erased_at: 'Personopplysninger slettet',
      import: 'Import',
    },
  },
  'pending-memberships': {
    fields: {
      remote_id: 'ID',
      name: 'MEDLEM',
      created_at: 'SØKT DATO',
      possible_duplicate: 'VARSEL',
      email: 'E-POST',
      phone: 'MOBIL',
      status: 'STATUS',
    },
  },
  'declined-memberships': {
    fields: {
      name: 'MEDLEM',
      created_at: 'SØKT',
      possible_duplicate: 'VARSEL',
      phone: 'MOBIL',
      artist_name: 'ARTIST/BAND',
      campaign_code: 'KAMPANJE',
      member_status: 'STATUS',
      mail_sent_at: 'SENDT',
      rejected_by: 'UTFØRT AV',
    },
  },
  'pending-travel': {
    fields: { name: 'MEDLEM', address: 'ADRESSE', phone: 'MOBIL', email: 'E-POST', artist_name: 'ARTIST/BAND', product: 'PRODUKT' },
  },
  'travel-subscriptions': {
    fields: { product_id: 'Produkt', subscription_start: 'Startdato', subscription_end: 'Sluttdato' },
  },
  'pending-instruments': {
    fields: { remote_id: 'ID', name: 'MEDLEM', phone: 'MOBIL', email: 'E-POST', artist_name: 'ARTIST/BAND', product: 'PRODUKT' },
  },
  'email-templates': {
    fields: {
      id: 'NR',
      title: 'Emne',
      content: 'Innhold',
      from_name: 'Avsender (navn)',
      from_email: 'Avsender (e-post)',
      updated_at: 'SIST ENDRET',
      created_at: 'OPPRETTET',
    },
  },
  campaigns: {
    fields: {
      name: 'Navn',
      code: 'Kode',
      period_start: 'Startdato',
      period_end: 'Sluttdato',
      product_category_id: 'Produktkategori',
      benefit_id: 'Fordel',
      product: 'PRODUKT',
      benefit: 'FORDEL',
      status: 'STATUS',
      members: 'BRUKT',
    },
  },
  'content-pages': {
    fields: { title: 'Tittel', content: 'Tekst' },
  },
  'discount-codes': {
    fields: { code: 'Kode', description: 'Beskrivelse', sort_order: 'Rekkefølge', active: 'Vises på Min side' },
  },
  'tripletex-runs': {
    fields: { created_at: 'STARTET', started_by: 'UTFØRT AV', state: 'STATUS' },
  },
  'member-imports': {
    fields: { file_name: 'FIL', created_by: 'AV', created_at: 'TIDSPUNKT', state: 'TILSTAND', summary: 'RESULTAT' },
  },
  'access-log': {
    fields: { at: 'NÅR', staff: 'ANSATT', kind: 'TYPE', member: 'MEDLEM', detail: 'HVA', ip: 'ADRESSE' },
  },
  'member-access-log': {
    fields: { at: 'NÅR', staff: 'ANSATT', kind: 'TYPE', detail: 'HVA' },
  },
  invoices: {
    fields: {
      number: 'Fakturanr.',
      member_name: 'Medlem',
      year: 'Årstall',
      due_date: 'Forfall',
      total: 'Beløp',
      outstanding: 'Utestående',
      state: 'Status',
      channel: 'Kanal',
    },
  },
  'member-invoices': {
    fields: { number: 'Fakturanr.', year: 'Årstall', due_date: 'Forfall', total: 'Beløp', outstanding: 'Utestående', state: 'Status' },
  },
};
