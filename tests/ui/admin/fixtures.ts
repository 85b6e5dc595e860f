/** Fake API records for the staff screens, shaped as the server answers them. */
import type { EmailLogEntry, InsuranceLogEntry, Instrument, Member, MemberListItem } from '../../../src/dataProvider/types.ts';

export function listItem(id: number, changes: Partial<MemberListItem> = {}): MemberListItem {
  return {
    id,
    remote_id: 10000 + id,
    first_name: `Fornavn${id}`,
    last_name: `Etternavn${id}`,
    email: `medlem${id}@example.no`,
    phone: '1234567',
    address: `Storgata ${id}`,
    postal_code: '0155',
    postal_area: 'OSLO',
    birthdate: '1988-04-07',
    status: '1',
    blocked_access: false,
    campaign_code: 'SOMMER',
    role_id: 2,
    registration_completed: 1,
    created_at: '2022-10-17T10:00:00.000Z',
    has_membership: true,
    has_instrument_insurance: false,
    has_travel_insurance: false,
    has_overdue_invoice: false,
    ...changes,
  };
}

export function paged<T>(data: T[], total = data.length, perPage = 25, currentPage = 1) {
  return { data, total, per_page: perPage, current_page: currentPage, last_page: Math.max(1, Math.ceil(total / perPage)) };
}

const product = (id: number, name: string, price: number) => ({ id, name, price, remote_id: null });
const audit = { created_at: '2026-01-01T09:00:00.000Z', updated_at: '2026-01-01T09:00:00.000Z', validated_by_user: null, rejected_by_user: null };

export function member(changes: Partial<Member> = {}): Member {
  return {
    ...listItem(5, { first_name: 'Ola', last_name: 'Nordmann', remote_id: 10189 }),
    updated_at: '2026-11-10T10:00:00.000Z',
    gender: 1,
    artist_name: 'Ola og Nordlysorkesteret',
    primary_instrument_type: 1,
    invoice_method: 'EFAKTURA',
    invoice_email: null,
    invoice_name: null,
    invoice_phone: null,
    invoice_address: null,
    invoice_postal_code: null,
    invoice_postal_area: null,
    is_previous_member: false,
    possible_duplicate_of: null,
    reason_for_rejection: null,
    rejected_at: null,
    rejected_by: null,
    validated_at: '2022-10-17T10:00:00.000Z',
    validated_by: null,
    membership_end_date: null,
    newsletter_1: true,
    newsletter_2: false,
    newsletter_3: false,
    role_id: 2,
    membership_start_date: '2022-10-17',
    subscription_membership: null,
    subscription_travel_insurance: {
      id: 31,
      product_id: 2,
      product: product(2, 'Reiseforsikring Verden', 1890),
      state: 'active',
      status: 1,
      value: 945,
      subscription_start: '2026-08-04',
      subscription_end: '2027-02-17',
      invoiced_for: null,
      member_id: 5,
      reason_for_rejection: null,
      ...audit,
    },
    subscription_instrument_insurance: {
      id: 32,
      product_id: 3,
      product: product(3, 'Instrumentforsikring', 995),
      state: 'active',
      status: 1,
      value: null,
      subscription_start: '2026-01-01',
      subscription_end: null,
      invoiced_for: '2026-12-31',
      member_id: 5,
      reason_for_rejection: null,
      ...audit,
      subscription_lines: [
        {
          id: 1,
          product: product(4, 'Gitar', 0),
          quantity: 1,
          value: 18500,
          subscription_start: '2026-01-01',
          subscription_end: null,
          updated_at: audit.updated_at,
          validated_by_user: null,
        },
        {
          id: 2,
          product: product(4, 'Bass', 0),
          quantity: 1,
          value: 12000,
          subscription_start: '2026-01-01',
          subscription_end: null,
          updated_at: audit.updated_at,
          validated_by_user: null,
        },
      ],
      instruments: [
        { id: 11, type: 'Gitar', make: 'Fender', model: 'Stratocaster', value: 18500, insurance_start: '2026-01-01', insurance_end: null },
        { id: 12, type: 'Bass', make: 'Höfner', model: '500/1', value: 12000, insurance_start: '2026-01-01', insurance_end: null },
      ],
    },
    ...changes,
  } as Member;
}

export const emailLog = (id: number, changes: Partial<EmailLogEntry> = {}): EmailLogEntry => ({
  id,
  subject: `Melding ${id}`,
  sent_at: '2026-11-10T13:03:00.000Z',
  email_from: 'post@example.no',
  from_name: 'Medlemsservice',
  email_to: 'medlem@example.no',
  content: '<p>Hei Ola,</p><p>Velkommen!</p>',
  channel: 'email',
  delivery: 'outbox',
  status: 'sent',
  attempts: 1,
  error: null,
  sender: { id: 2, first_name: 'Ingrid', last_name: 'Berg' },
  member_id: 5,
  outreach_id: null,
  ...changes,
});

export const instrumentLog = (id: number, value: number, previousValue: number | null): InsuranceLogEntry => {
  const snapshot = (amount: number) => ({
    id: 4,
    category: 'Gitar',
    make: 'Gretsch',
    model: 'G6120',
    serial_number: 'JT22',
    value: amount,
    insurance_start: '2026-11-10',
    insurance_end: null,
  });
  return {
    id,
    created_at: '2026-11-10T11:19:00.000Z',
    instrument_id: 4,
    member_id: 5,
    created_by: { id: 3, first_name: 'Erik', last_name: 'Solheim' },
    snapshot: snapshot(value),
    previous: previousValue === null ? null : snapshot(previousValue),
  };
};

export const travelLog = (id: number): InsuranceLogEntry => ({
  id,
  subscription_id: 331,
  member_id: 5,
  created_at: '2026-07-31T10:36:00.000Z',
  created_by: null,
  snapshot: {
    id: 331,
    product: { id: 2, name: 'Reiseforsikring Verden', price: 1890 },
    value: 945,
    invoiced_for: '2027-02-17',
    subscription_start: '2026-08-04',
    subscription_end: '2027-02-17',
    updated_at: '2026-07-31T11:36:00+01:00',
    deleted_at: null,
  },
  previous: {
    id: 331,
    product: { id: 2, name: 'Reiseforsikring Verden', price: 1890 },
    value: 945,
    invoiced_for: null,
    subscription_start: '2026-08-04',
    subscription_end: '2027-02-17',
    updated_at: '2026-07-30T14:25:00+01:00',
    deleted_at: null,
  },
});

/** Member 5's insured guitar, as the instrument lists answer it. */
export const instrument = (id: number, changes: Partial<Instrument>): Instrument =>
  ({
    id,
    member_id: 5,
    subscription_id: null,
    instrument_category: 1,
    category: 'Gitar',
    make: 'Gibson',
    model: 'Les Paul',
    serial_number: null,
    value: 25000,
    insurance_start: '2026-11-01',
    insurance_end: null,
    state: 'active',
    status: 1,
    requested_change: null,
    reason_for_rejection: null,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    deleted_at: null,
    validated_by_user: null,
    ...changes,
  }) as Instrument;
