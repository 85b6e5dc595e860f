/** Every staff path the spec names, built in one place for routes and links alike. */
type Id = string | number;

export const paths = {
  login: '/',
  resetPassword: '/reset-password',
  membership: '/membership',
  createMember: '/membership/create-new-user',
  editMember: (id: Id) => `/membership/edit/${id}`,
  memberLogs: (id: Id) => `/membership/instrument-insurance/reject/${id}`,
  membershipRequests: '/membership-request',
  travelRequests: '/travel-insurance',
  instrumentRequests: '/instrument-insurance',
  settings: '/settings',
};

/** Route patterns relative to the membership resource (its children). */
export const membershipRoutes = {
  create: 'create-new-user',
  edit: 'edit/:id',
  logs: [
    'instrument-insurance/reject/:memberId',
    'edit/insurance-logs/:memberId',
    'edit/travel-insurance/insurance-logs/:memberId',
    'edit/instrument-insurance/insurance-logs/:memberId',
  ],
};
