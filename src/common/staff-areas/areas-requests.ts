/** The request queues under 'Forespørsler': memberships, travel and instrument insurance, and the claims. */
import type { StaffArea } from './types.ts';

/** A request queue: its list, the list's CSV export (`${list}/export`) and its menu badge. */
function requestArea(name: string, label: string, resource: string, list: string, csvFile: string): StaffArea {
  return {
    name,
    path: `/${name}`,
    menu: { label: `app.menu.${label}`, group: 'requests', badge: resource },
    crumbs: [{ pattern: `/${name}/*`, label: `app.breadcrumb.${name.replace(/-/g, '_')}`, title: `app.page_title.${name.replace(/-/g, '_')}` }],
    resources: { [resource]: { list, csv: { path: `${list}/export`, filename: csvFile } } },
    right: 'members.read',
  };
}

/** The membership queue, its declined list and one declined request's page. */
function membershipRequestArea(): StaffArea {
  const area = requestArea(
    'membership-request',
    'memberships',
    'pending-memberships',
    '/api/subscription/list/pending-memberships',
    'medlemskap-foresporsel.csv',
  );
  return {
    ...area,
    crumbs: [
      { pattern: '/membership-request', label: 'app.breadcrumb.membership_request', title: 'app.page_title.membership_request' },
      { pattern: '/membership-request/declined', label: 'app.breadcrumb.membership_declined', parent: '/membership-request' },
      { pattern: '/membership-request/edit/:id', label: 'app.breadcrumb.membership_declined_one', parent: '/membership-request/declined' },
    ],
    resources: {
      ...area.resources,
      'declined-memberships': { list: '/api/subscription/list/rejected' },
      'membership-requests': { one: (id) => `/api/subscription/membership-request/${id}` },
    },
    pages: {
      '/membership-request': 'src/admin/membership-request/MembershipRequestList.tsx',
      '/membership-request/declined': 'src/admin/membership-request/DeclinedList.tsx',
      '/membership-request/edit/:id': 'src/admin/membership-request/DeclinedRequest.tsx',
    },
  };
}
/** The instrument queue also has a member's waiting instruments (list/:id) and their edit page. */
const instrumentRequests = (area: StaffArea): StaffArea => ({
  ...area,
  crumbs: [
    { pattern: '/instrument-insurance/list/:id', label: 'app.breadcrumb.instrument_list', parent: '/instrument-insurance' },
    { pattern: '/instrument-insurance/edit/:id', label: 'app.breadcrumb.instrument_edit', parent: '/instrument-insurance/list/:id' },
    { pattern: '/instrument-insurance/valuation', label: 'app.valuation.list.breadcrumb', parent: '/instrument-insurance' },
    ...area.crumbs,
  ],
  resources: {
    ...area.resources,
    'instrument-requests': { list: '/api/instrument/list' },
    // The insured instruments by their valuation (takst og dokumentasjon), the same list filtered.
    'instrument-valuation': { list: '/api/instrument/list' },
  },
  pages: {
    '/instrument-insurance': 'src/admin/instrument-insurance/InstrumentQueue.tsx',
    '/instrument-insurance/valuation': 'src/admin/instrument-insurance/ValuationListPage.tsx',
    '/instrument-insurance/list/:id': 'src/admin/instrument-insurance/InstrumentRequestsPage.tsx',
    '/instrument-insurance/edit/:id': 'src/admin/instrument-insurance/InstrumentRequestEditPage.tsx',
  },
});

/** The travel queue, plus what its form and the member page's travel form read and write. */
function travelInsurance(): StaffArea {
  const area = requestArea('travel-insurance', 'travel', 'pending-travel', '/api/subscription/list/pending-travel', 'reiseforsikring-foresporsel.csv');
  area.resources['travel-subscriptions'] = {
    list: '/api/subscription/list',
    one: (id) => `/api/subscription/${id}`,
    create: '/api/subscription/new',
    update: (id) => `/api/subscription/${id}`,
  };
  area.resources.products = { list: '/api/product/list', unpaged: true };
  area.pages = {
    '/travel-insurance': 'src/admin/travel-insurance/TravelRequestList.tsx',
    '/travel-insurance/edit/:link': 'src/admin/travel-insurance/TravelRequestEdit.tsx',
  };
  return area;
}

/**
 * 'Skademeldinger' (issue 39): the members' claims as a queue under Forespørsler (its badge counts
 * those sent or in progress, `pending-claims` in GET /api/counters), with search, a state filter and
 * the export, and one claim's page (`claims`: read, and its state changed with PATCH).
 */
export const claims: StaffArea = {
  name: 'claims',
  path: '/claims',
  menu: { label: 'app.claims.menu', group: 'requests', badge: 'pending-claims' },
  crumbs: [
    { pattern: '/claims', label: 'app.claims.breadcrumb', title: 'app.claims.page_title' },
    { pattern: '/claims/:id', label: 'app.claims.one_crumb', parent: '/claims', title: 'app.claims.one_title' },
  ],
  resources: {
    'pending-claims': { list: '/api/claim/list', csv: { path: '/api/claim/list/export', filename: 'skademeldinger.csv' } },
    claims: { one: (id) => `/api/claim/${id}`, update: (id) => `/api/claim/${id}` },
  },
  pages: { '/claims': 'src/admin/claims/ClaimList.tsx', '/claims/:id': 'src/admin/claims/ClaimPage.tsx' },
  right: 'members.read',
};

/** The queues in the order of the menu. */
export const REQUEST_AREAS: StaffArea[] = [
  membershipRequestArea(),
  travelInsurance(),
  instrumentRequests(
    requestArea(
      'instrument-insurance',
      'instruments',
      'pending-instruments',
      '/api/subscription/list/pending-instruments',
      'instrumentforsikring-foresporsel.csv',
    ),
  ),
  claims,
];
