/** The request queues under 'Forespørsler': memberships, travel and instrument insurance, and the claims. */
import type { StaffArea } from './types.ts';

/**
 * A request queue: its list, the list's CSV export (`${list}/export`), its menu badge, and one
 * breadcrumb for every path under it (after the pages that have their own).
 */
function requestArea(name: string, label: string, resource: string, list: string, csvFile: string): StaffArea {
  return {
    name,
    path: `/${name}`,
    menu: { label: `app.menu.${label}`, group: 'requests', badge: resource },
    resources: { [resource]: { list, csv: { path: `${list}/export`, filename: csvFile } } },
    pages: { [`/${name}/*`]: { label: `app.breadcrumb.${name.replace(/-/g, '_')}`, title: `app.page_title.${name.replace(/-/g, '_')}` } },
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
    resources: {
      ...area.resources,
      'declined-memberships': { list: '/api/subscription/list/rejected' },
      'membership-requests': { one: (id) => `/api/subscription/membership-request/${id}` },
    },
    // Its own breadcrumbs instead of the queue's one for every path under it.
    pages: {
      '/membership-request': {
        module: 'src/admin/membership-request/MembershipRequestList.tsx',
        label: 'app.breadcrumb.membership_request',
        title: 'app.page_title.membership_request',
      },
      '/membership-request/declined': {
        module: 'src/admin/membership-request/DeclinedList.tsx',
        label: 'app.breadcrumb.membership_declined',
        parent: '/membership-request',
      },
      '/membership-request/edit/:id': {
        module: 'src/admin/membership-request/DeclinedRequest.tsx',
        label: 'app.breadcrumb.membership_declined_one',
        parent: '/membership-request/declined',
      },
    },
  };
}
/** The instrument queue also has a member's waiting instruments (list/:id) and their edit page. */
const instrumentRequests = (area: StaffArea): StaffArea => ({
  ...area,
  resources: {
    ...area.resources,
    'instrument-requests': { list: '/api/instrument/list' },
    // The insured instruments by their valuation (takst og dokumentasjon), the same list filtered.
    'instrument-valuation': { list: '/api/instrument/list' },
  },
  pages: {
    // The queue itself has the queue's breadcrumb (its catch-all, after these).
    '/instrument-insurance': { module: 'src/admin/instrument-insurance/InstrumentQueue.tsx' },
    '/instrument-insurance/list/:id': {
      module: 'src/admin/instrument-insurance/InstrumentRequestsPage.tsx',
      label: 'app.breadcrumb.instrument_list',
      parent: '/instrument-insurance',
    },
    '/instrument-insurance/edit/:id': {
      module: 'src/admin/instrument-insurance/InstrumentRequestEditPage.tsx',
      label: 'app.breadcrumb.instrument_edit',
      parent: '/instrument-insurance/list/:id',
    },
    '/instrument-insurance/valuation': {
      module: 'src/admin/instrument-insurance/ValuationListPage.tsx',
      label: 'app.valuation.list.breadcrumb',
      parent: '/instrument-insurance',
    },
    ...area.pages,
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
  // Both pages have the queue's breadcrumb (its catch-all, after them).
  area.pages = {
    '/travel-insurance': { module: 'src/admin/travel-insurance/TravelRequestList.tsx' },
    '/travel-insurance/edit/:link': { module: 'src/admin/travel-insurance/TravelRequestEdit.tsx' },
    ...area.pages,
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
  resources: {
    'pending-claims': { list: '/api/claim/list', csv: { path: '/api/claim/list/export', filename: 'skademeldinger.csv' } },
    claims: { one: (id) => `/api/claim/${id}`, update: (id) => `/api/claim/${id}` },
  },
  pages: {
    '/claims': { module: 'src/admin/claims/ClaimList.tsx', label: 'app.claims.breadcrumb', title: 'app.claims.page_title' },
    '/claims/:id': { module: 'src/admin/claims/ClaimPage.tsx', label: 'app.claims.one_crumb', parent: '/claims', title: 'app.claims.one_title' },
  },
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
