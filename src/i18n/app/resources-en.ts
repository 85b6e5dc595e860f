import { staffUsersResourcesEn } from './staff-users-en.ts';
import { claimsResourcesEn } from './claims-en.ts';
import type { resourcesNb } from './resources-nb.ts';

/**
 * The field labels react-admin finds by itself (resources.<resource>.fields.<source>) in English,
 * with the keys of resources-nb.ts.
 */
export const resourcesEn: typeof resourcesNb = {
  ...staffUsersResourcesEn,
  ...claimsResourcesEn,
  membership: {
    fields: {
      first_name: 'First name',
      last_name: 'Last name',
      email: 'E-mail',
      phone: 'Mobile',
      address: 'Address',
      postal_code: 'Postal code',
      postal_area: 'Postal area',
      birthdate: 'Date of birth',
      gender: 'Gender',
      artist_name: 'Artist/band',
      primary_instrument_type: 'Primary instrument',
      invoice_method: 'Invoice method',
      invoice_email: 'Invoice e-mail',
      newsletter_1: 'Necessary information',
      newsletter_2: 'News from the organisation',
      newsletter_3: 'Offers from partners',
      membership_start_date: 'Member since',
      invoice_name: 'Invoice name',
      invoice_phone: 'Invoice phone',
      invoice_address: 'Invoice address',
      invoice_postal_code: 'Invoice postal code',
      invoice_postal_area: 'Invoice postal area',
      registration_completed: 'Registration completed',
      remote_id: 'Member number',
      role_id: 'Role',
      status: 'Status',
      blocked_access: 'Access blocked',
      campaign_code: 'Campaign code',
      erased_at: 'Personal data erased',
      import: 'Import',
    },
  },
  'pending-memberships': {
    fields: {
      remote_id: 'ID',
      name: 'MEMBER',
      created_at: 'APPLIED',
      possible_duplicate: 'WARNING',
      email: 'E-MAIL',
      phone: 'MOBILE',
      status: 'STATUS',
    },
  },
  'declined-memberships': {
    fields: {
      name: 'MEMBER',
      created_at: 'APPLIED',
      possible_duplicate: 'WARNING',
      phone: 'MOBILE',
      artist_name: 'ARTIST/BAND',
      campaign_code: 'CAMPAIGN',
      member_status: 'STATUS',
      mail_sent_at: 'SENT',
      rejected_by: 'DONE BY',
    },
  },
  'pending-travel': {
    fields: { name: 'MEMBER', address: 'ADDRESS', phone: 'MOBILE', email: 'E-MAIL', artist_name: 'ARTIST/BAND', product: 'PRODUCT' },
  },
  'travel-subscriptions': {
    fields: { product_id: 'Product', subscription_start: 'Start date', subscription_end: 'End date' },
  },
  'pending-instruments': {
    fields: { remote_id: 'ID', name: 'MEMBER', phone: 'MOBILE', email: 'E-MAIL', artist_name: 'ARTIST/BAND', product: 'PRODUCT' },
  },
  'email-templates': {
    fields: {
      id: 'NO',
      title: 'Subject',
      content: 'Content',
      from_name: 'Sender (name)',
      from_email: 'Sender (e-mail)',
      updated_at: 'LAST CHANGED',
      created_at: 'CREATED',
    },
  },
  campaigns: {
    fields: {
      name: 'Name',
      code: 'Code',
      period_start: 'Start date',
      period_end: 'End date',
      product_category_id: 'Product category',
      benefit_id: 'Benefit',
      product: 'PRODUCT',
      benefit: 'BENEFIT',
      status: 'STATUS',
      members: 'USED',
    },
  },
  'content-pages': {
    fields: { title: 'Title', content: 'Text' },
  },
  'discount-codes': {
    fields: { code: 'Code', description: 'Description', sort_order: 'Order', active: 'Shown on Min side' },
  },
  'tripletex-runs': {
    fields: { created_at: 'STARTED', started_by: 'BY', state: 'STATUS' },
  },
  'member-imports': {
    fields: { file_name: 'FILE', created_by: 'BY', created_at: 'TIME', state: 'STATE', summary: 'RESULT' },
  },
  'access-log': {
    fields: { at: 'WHEN', staff: 'STAFF', kind: 'KIND', member: 'MEMBER', detail: 'WHAT', ip: 'ADDRESS' },
  },
  'member-access-log': {
    fields: { at: 'WHEN', staff: 'STAFF', kind: 'KIND', detail: 'WHAT' },
  },
  invoices: {
    fields: {
      number: 'Invoice no.',
      member_name: 'Member',
      year: 'Year',
      due_date: 'Due',
      total: 'Amount',
      outstanding: 'Outstanding',
      state: 'Status',
      channel: 'Channel',
    },
  },
  'member-invoices': {
    fields: { number: 'Invoice no.', year: 'Year', due_date: 'Due', total: 'Amount', outstanding: 'Outstanding', state: 'Status' },
  },
};
