/** The calls of the Vipps agreement card, typed with the server's schemas (imported as types only). */
import { http } from '../../common/http.ts';
import type { VippsAgreementAnswer, VippsAgreementStarted } from '../../../server/schemas/vipps-agreements.ts';

export type { VippsAgreementView } from '../../../server/schemas/vipps-agreements.ts';

const path = (memberId: number) => `/api/member/${memberId}/vipps-agreement`;

export const agreementApi = {
  get: (memberId: number) => http.get<VippsAgreementAnswer>(path(memberId)),
  start: (memberId: number, includesPremiums: boolean) => http.post<VippsAgreementStarted>(path(memberId), { includes_premiums: includesPremiums }),
  stop: (memberId: number) => http.delete<VippsAgreementAnswer>(path(memberId)),
};
