/** Every staff path the spec names, for links; the areas' roots come from their registry. */
import { areaNamed } from '../common/staff-areas/registry.ts';

type Id = string | number;

const root = (area: string) => areaNamed(area).path;

export const paths = {
  login: '/',
  resetPassword: '/reset-password',
  membership: root('membership'),
  createMember: `${root('membership')}/create-new-user`,
  editMember: (id: Id) => `${root('membership')}/edit/${id}`,
  memberLogs: (id: Id) => `${root('membership')}/instrument-insurance/reject/${id}`,
  instrumentForm: (id: Id) => `${root('membership')}/edit/instrument-insurance/${id}`,
  travelForm: (id: Id) => `${root('membership')}/edit/travel-insurance/${id}`,
  travelLogs: (id: Id) => `${root('membership')}/edit/travel-insurance/insurance-logs/${id}`,
  travelRequests: root('travel-insurance'),
  travelRequest: (subscriptionId: Id, memberId: Id) => `${root('travel-insurance')}/edit/subscription_id=${subscriptionId}&member_id=${memberId}`,
  payments: root('payments'),
  invoice: (id: Id) => `${root('payments')}/${id}`,
  paymentFiles: `${root('payments')}/files`,
  paymentFile: (id: Id) => `${root('payments')}/files/${id}`,
  prices: `${root('settings')}/prices`,
};
