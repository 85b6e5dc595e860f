/** The shapes the staff app reads from /api (see server/schemas). */
export interface PersonRef {
  id?: number;
  first_name: string;
  last_name: string;
}

export interface ProductRef {
  id: number;
  name: string;
  price: number;
}

export interface SubscriptionLine {
  id: number;
  product: ProductRef;
  quantity: number;
  value: number;
  subscription_start: string | null;
  subscription_end: string | null;
}

export interface Subscription {
  id: number;
  product_id: number;
  product: ProductRef;
  state: 'pending' | 'active' | 'rejected' | 'cancelled' | 'ended';
  status: number;
  value: number | null;
  subscription_start: string | null;
  subscription_end: string | null;
  invoiced_for: string | null;
}

export interface InstrumentSubscription extends Subscription {
  subscription_lines: SubscriptionLine[];
}

export interface MemberListItem {
  id: number;
  remote_id: number | null;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  address: string | null;
  postal_code: string | null;
  postal_area: string | null;
  birthdate: string | null;
  status: string;
  blocked_access: boolean;
  campaign_code: string | null;
  has_membership: boolean;
  has_instrument_insurance: boolean;
  has_travel_insurance: boolean;
}

export interface Member extends MemberListItem {
  gender: number;
  artist_name: string | null;
  primary_instrument_type: number;
  invoice_method: string | null;
  invoice_email: string | null;
  newsletter_1: boolean;
  newsletter_2: boolean;
  newsletter_3: boolean;
  role_id: number;
  membership_start_date: string | null;
  subscription_membership: Subscription | null;
  subscription_instrument_insurance: InstrumentSubscription | null;
  subscription_travel_insurance: Subscription | null;
}

export interface MemberChange {
  id: number;
  changed_at: string;
  changed_by: PersonRef | null;
  changes: { field: string; old: unknown; new: unknown }[];
}

export interface EmailLogEntry {
  id: number;
  subject: string;
  sent_at: string;
  email_from: string;
  from_name: string;
  email_to: string;
  content: string;
  sender: PersonRef | null;
}

/** One iteration of an insurance subscription or instrument: a full snapshot and the one before. */
export interface InsuranceLogEntry {
  id: number;
  created_at: string;
  created_by: PersonRef | null;
  snapshot: Record<string, unknown>;
  previous: Record<string, unknown> | null;
}

export interface InstrumentCategory {
  id: number;
  title: string;
  use_member: number;
  use_insurance: number;
}

export type LogResource = 'email-logs' | 'instrument-logs' | 'travel-logs';
