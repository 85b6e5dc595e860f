/** The calls the member app makes, typed with the server's own schemas (imported as types only). */
import { http } from '../common/http.ts';
import type { MessageBody } from '../../server/schemas/common.ts';
import type { Member as StoredMember, MemberPatch } from '../../server/schemas/member.ts';
import type { LoginResponse, PasswordChange, Registration } from '../../server/schemas/auth.ts';
import type { AddCode, AddCodeAnswer, SendCard, SendCardAnswer } from '../../server/schemas/member-self.ts';
import type { VippsOffer, VippsStart, VippsStartAnswer } from '../../server/schemas/vipps.ts';
import type { AccessLogEntry } from '../../server/schemas/access-log.ts';
import type { ContentPage, DiscountCode, InstrumentCategory, PostalCode } from '../../server/schemas/reference.ts';
import type { MemberCardData, VerifyAnswer } from '../../server/schemas/proof.ts';
import type { UnsubscribeChoice, UnsubscribeState } from '../../server/schemas/unsubscribe.ts';

/** A member signed in to Min side is never erased: their names and e-mail are there. */
export type Member = Omit<StoredMember, 'email' | 'first_name' | 'last_name'> & { email: string; first_name: string; last_name: string };
export type { LoginResponse, Registration } from '../../server/schemas/auth.ts';
export type { MemberCardData, VerifyData } from '../../server/schemas/proof.ts';
export type { UnsubscribeChoice, UnsubscribeState } from '../../server/schemas/unsubscribe.ts';
/**
 * What a sign-in step answers: the sign-in, or the next step (a code from the authenticator app,
 * or a code mailed to the member when the account is slowed and this browser is new to it).
 */
export type SignInStep =
  | LoginResponse
  | { two_factor_required: true; challenge: string }
  | { email_code_required: true; challenge: string }
  | { two_factor_enrolment_mailed: true; message: string };

export const api = {
  csrfCookie: () => http.get<null>('/sanctum/csrf-cookie'),
  login: (email: string, password: string) => http.post<SignInStep>('/api/user/login', { email, password, remember: false }),
  loginCode: (challenge: string, answer: { code: string } | { recovery_code: string }) =>
    http.post<SignInStep>('/api/user/login/2fa', { challenge, ...answer }),
  twoFactor: () => http.get<{ data: { enabled: boolean; required: boolean } }>('/api/user/2fa'),
  twoFactorSetup: () => http.post<{ data: { secret: string; otpauth_url: string } }>('/api/user/2fa/setup'),
  twoFactorEnable: (code: string) => http.post<{ data: { recovery_codes: string[] } }>('/api/user/2fa/enable', { code }),
  twoFactorDisable: (code: string) => http.post<MessageBody>('/api/user/2fa/disable', { code }),
  logout: () => http.post<MessageBody>('/api/user/logout'),
  requestReset: (email: string) => http.post<MessageBody>('/api/user/password/reset', { email }),
  changePassword: (body: PasswordChange) => http.post<MessageBody>('/api/user/password/change', body),
  register: (body: Registration) => http.post<LoginResponse>('/api/member/register', body),
  vippsOffer: () => http.get<VippsOffer>('/api/vipps_registration/offer'),
  vippsStart: (body: VippsStart) => http.post<VippsStartAnswer>('/api/vipps_registration', body),
  member: (id: number) => http.get<{ data: Member }>(`/api/member/${id}`),
  updateMember: (id: number, changes: MemberPatch) => http.patch<{ data: Member }>(`/api/member/${id}`, changes),
  addCode: (id: number, campaignCode: string) => http.post<AddCodeAnswer>(`/api/member/${id}/add-code`, { campaign_code: campaignCode } satisfies AddCode),
  sendCard: (memberId: number, phoneNumber: string) =>
    http.post<SendCardAnswer>('/api/member/send-card', { member_id: memberId, phone_number: phoneNumber } satisfies SendCard),
  contentPage: (slug: string) => http.get<{ data: ContentPage }>(`/api/content/page/${encodeURIComponent(slug)}`),
  discountCodes: () => http.get<{ data: DiscountCode[] }>('/api/content/discount-codes'),
  postalCode: (code: string) => http.get<{ data: PostalCode }>(`/api/postal-code/${encodeURIComponent(code)}`),
  accessLog: (id: number, page: number) =>
    http.get<{ data: AccessLogEntry[]; total: number }>(`/api/member/${id}/access-log`, { query: { page, per_page: 25 } }),
  instrumentCategories: () => http.get<{ data: InstrumentCategory[] }>('/api/instrument/category/list'),
  memberCard: (id: number) => http.get<{ data: MemberCardData }>(`/api/member/${id}/card`),
  verify: (token: string) => http.get<VerifyAnswer>(`/api/verify/${encodeURIComponent(token)}`),
  unsubscribeState: (token: string) => http.get<{ data: UnsubscribeState }>(`/api/unsubscribe/${encodeURIComponent(token)}`),
  /** Without a choice: turns the link's kind off. */
  unsubscribe: (token: string, choice?: UnsubscribeChoice) => http.post<{ data: UnsubscribeState }>(`/api/unsubscribe/${encodeURIComponent(token)}`, choice),
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
