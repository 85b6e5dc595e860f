/** The calls the member app makes, typed with the shapes it reads. */
import { http } from '../dataProvider/http.ts';
import type { LoginAnswer } from '../common/session.ts';

export interface Product {
  name: string;
  price: number;
}

export interface SubscriptionLine {
  id: number;
  product: Product;
  quantity: number;
  value: number;
  subscription_start: string | null;
  subscription_end: string | null;
}

export interface Subscription {
  id: number;
  product: Product;
  value: number | null;
  subscription_start: string | null;
  subscription_end: string | null;
  invoiced_for: string | null;
}

export interface Member {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  address: string | null;
  postal_code: string | null;
  postal_area: string | null;
  birthdate: string | null;
  gender: number;
  artist_name: string | null;
  primary_instrument_type: number;
  invoice_method: string | null;
  invoice_email: string | null;
  blocked_access: boolean;
  registration_completed: number;
  campaign_code: string | null;
  subscription_travel_insurance: Subscription | null;
  subscription_instrument_insurance: (Subscription & { subscription_lines: SubscriptionLine[] }) | null;
}

export type MemberChanges = Partial<Omit<Member, 'id' | 'blocked_access' | 'campaign_code' | 'subscription_travel_insurance' | 'subscription_instrument_insurance'>>;

export interface LoginResponse extends LoginAnswer {
  blocked_access: boolean;
}

export interface ContentPage {
  title: string;
  content: string;
}

export interface DiscountCode {
  code: string;
  description: string;
}

export interface InstrumentCategory {
  id: number;
  title: string;
  use_member: number;
}

export interface Registration {
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  is_previous_member: boolean;
  campaign_code: string | null;
  password: string;
}

export const api = {
  csrfCookie: () => http.get<null>('/sanctum/csrf-cookie'),
  login: (email: string, password: string) =>
    http.post<LoginResponse>('/api/user/login', { email, password, remember: false }),
  logout: () => http.post<{ message: string }>('/api/user/logout'),
  requestReset: (email: string) => http.post<{ message: string }>('/api/user/password/reset', { email }),
  changePassword: (body: { token: string; email: string; password: string; password_confirmation: string }) =>
    http.post<{ message: string }>('/api/user/password/change', body),
  register: (body: Registration) => http.post<LoginResponse>('/api/member/register', body),
  member: (id: number) => http.get<{ data: Member }>(`/api/member/${id}`),
  updateMember: (id: number, changes: MemberChanges) => http.patch<{ data: Member }>(`/api/member/${id}`, changes),
  addCode: (id: number, campaignCode: string) =>
    http.post<{ success: boolean; data: { campaign_code: string } }>(`/api/member/${id}/add-code`, { campaign_code: campaignCode }),
  sendCard: (memberId: number, phoneNumber: string) =>
    http.post<{ success: boolean; message: string }>('/api/member/send-card', { member_id: memberId, phone_number: phoneNumber }),
  contentPage: (slug: string) => http.get<{ data: ContentPage }>(`/api/content/page/${encodeURIComponent(slug)}`),
  discountCodes: () => http.get<{ data: DiscountCode[] }>('/api/content/discount-codes'),
  postalCode: (code: string) => http.get<{ data: { code: string; area: string } }>(`/api/postal-code/${encodeURIComponent(code)}`),
  instrumentCategories: () => http.get<{ data: InstrumentCategory[] }>('/api/instrument/category/list'),
};

/** The first message the server gave for a field, from `{errors: {field: [..]}}` or `{error: {field: [..]}}`. */
export function fieldError(body: unknown, field: string): string | null {
  if (!body || typeof body !== 'object') return null;
  for (const key of ['errors', 'error'] as const) {
    const group = (body as Record<string, unknown>)[key];
    if (group && typeof group === 'object') {
      const messages = (group as Record<string, unknown>)[field];
      if (Array.isArray(messages) && typeof messages[0] === 'string') return messages[0];
    }
  }
  return null;
}
