/**
 * One declaration per staff area: its path, menu entry and badge, breadcrumbs and /api paths.
 * The data provider, the routes, the menu, the breadcrumbs and the staff/member path split all
 * read this list, so a new area is one entry here plus its folder (screens and icon in its
 * index.ts) and its catalogue keys. No React here: the entry script and the server import it.
 */
import type { ApiPaths, Needs, StaffArea } from './types.ts';

/** The spec's log pages of one member (the message, travel and instrument logs). */
const MEMBER_LOG_PAGES = [
  '/membership/instrument-insurance/reject/:memberId',
  '/membership/edit/insurance-logs/:memberId',
  '/membership/edit/travel-insurance/insurance-logs/:memberId',
  '/membership/edit/instrument-insurance/insurance-logs/:memberId',
];

const membership: StaffArea = {
  name: 'membership',
  path: '/membership',
  menu: { label: 'app.menu.members' },
  crumbs: [
    { pattern: '/membership', label: 'app.breadcrumb.membership' },
    { pattern: '/membership/create-new-user', label: 'app.breadcrumb.create', parent: '/membership' },
    { pattern: '/membership/edit/:id', label: 'app.breadcrumb.edit', parent: '/membership' },
    { pattern: '/membership/edit/travel-insurance/:memberId', label: 'app.travel_form.title', parent: '/membership/edit/:memberId' },
    ...MEMBER_LOG_PAGES.map((pattern) => ({ pattern, label: 'app.breadcrumb.logs', parent: '/membership/edit/:memberId' })),
    { pattern: '/membership/edit/instrument-insurance/:memberId', label: 'app.breadcrumb.instruments_active', parent: '/membership/edit/:memberId' },
  ],
  resources: {
    membership: {
      list: '/api/member/list',
      csv: { path: '/api/member/list/export', filename: 'medlemsoversikt.csv' },
      one: (id) => `/api/member/${id}`,
      create: '/api/member/new',
      update: (id) => `/api/member/${id}`,
    },
    'member-changes': { of: (id) => `/api/member/${id}/changes` },
    'email-logs': { list: '/api/emails/logs/list', listQuery: { sort: '-id' } },
    'instrument-logs': { list: '/api/instrument/logs/list' },
    'travel-logs': { list: '/api/subscription/logs/list' },
    'instrument-categories': { list: '/api/instrument/category/list', unpaged: true },
    // One instrument per call, as the staff tables save their rows; a member's instruments are
    // read together (active, waiting, deleted) by the custom `memberInstruments`.
    instruments: {
      create: '/api/instrument/new',
      update: (id) => `/api/instrument/${id}`,
      remove: (id) => `/api/instrument/${id}`,
    },
  },
  pages: {
    '/membership': 'src/admin/members/MemberList.tsx',
    '/membership/create-new-user': 'src/admin/members/MemberCreate.tsx',
    '/membership/edit/:id': 'src/admin/members/MemberEdit.tsx',
    '/membership/edit/instrument-insurance/:id': 'src/admin/instrument-insurance/MemberInstrumentsPage.tsx',
    '/membership/edit/travel-insurance/:memberId': 'src/admin/travel-insurance/TravelFormPage.tsx',
    ...Object.fromEntries(MEMBER_LOG_PAGES.map((pattern) => [pattern, 'src/admin/logs/LogsPage.tsx'])),
  },
  right: 'members.read',
  pageRights: {
    '/membership/create-new-user': 'members.change',
    ...Object.fromEntries(MEMBER_LOG_PAGES.map((pattern) => [pattern, 'logs.read'])),
  },
};

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
    'membership-request', 'memberships', 'pending-memberships', '/api/subscription/list/pending-memberships', 'medlemskap-foresporsel.csv',
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
  const area = requestArea(
    'travel-insurance', 'travel', 'pending-travel', '/api/subscription/list/pending-travel', 'reiseforsikring-foresporsel.csv',
  );
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
const claims: StaffArea = {
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

/**
 * 'Betaling': the invoices (issue 35), one invoice's page, a member's invoices for the member page,
 * and 'Innbetalinger', the bank's OCR files read in and one file's payments. '/payments/files' is
 * declared before '/payments/:id': the breadcrumbs take the first pattern that matches (react-router
 * and staffPageModule rank the literal segment first anyway).
 */
const payments: StaffArea = {
  name: 'payments',
  path: '/payments',
  menu: { label: 'app.menu.payments' },
  crumbs: [
    { pattern: '/payments', label: 'app.breadcrumb.payments' },
    { pattern: '/payments/files', label: 'app.breadcrumb.payment_files', parent: '/payments', title: 'app.payments.files.title' },
    { pattern: '/payments/files/:id', label: 'app.breadcrumb.payment_file', parent: '/payments/files', title: 'app.payments.files.file_title_short' },
    { pattern: '/payments/:id', label: 'app.breadcrumb.invoice', parent: '/payments' },
  ],
  resources: {
    invoices: {
      list: '/api/invoice/list',
      one: (id) => `/api/invoice/${id}`,
      csv: { path: '/api/invoice/export', filename: 'fakturaer.csv' },
    },
    'member-invoices': { of: (id) => `/api/member/${id}/invoice` },
    'payment-files': { list: '/api/payment-file/list', one: (id) => `/api/payment-file/${id}` },
  },
  pages: {
    '/payments': 'src/admin/payments/InvoiceList.tsx',
    '/payments/files': 'src/admin/payments/PaymentFilesPage.tsx',
    '/payments/files/:id': 'src/admin/payments/PaymentFilePage.tsx',
    '/payments/:id': 'src/admin/payments/InvoicePage.tsx',
  },
  right: 'billing.read',
};

/** 'Utvalg': saved groups of members (a filter over the register), each counted when read. */
const outreach: StaffArea = {
  name: 'outreach',
  path: '/outreach',
  menu: { label: 'app.outreach.menu' },
  right: 'outreach.send',
  crumbs: [
    { pattern: '/outreach', label: 'app.outreach.breadcrumb', title: 'app.outreach.title' },
    { pattern: '/outreach/create', label: 'app.outreach.create_crumb', parent: '/outreach', title: 'app.outreach.create_title' },
    { pattern: '/outreach/:id', label: 'app.outreach.edit_crumb', parent: '/outreach', title: 'app.outreach.edit_title' },
  ],
  resources: {
    segments: {
      list: '/api/segment',
      unpaged: true,
      one: (id) => `/api/segment/${id}`,
      create: '/api/segment',
      update: (id) => `/api/segment/${id}`,
      remove: (id) => `/api/segment/${id}`,
    },
  },
  pages: {
    '/outreach': 'src/admin/outreach/SegmentList.tsx',
    '/outreach/create': 'src/admin/outreach/SegmentCreate.tsx',
    '/outreach/:id': 'src/admin/outreach/SegmentEdit.tsx',
  },
};

/**
 * 'Utsendelser': e-mail and SMS to a group, from the draft through the preview, the test and the
 * confirmed send to the report of what went out.
 */
const sends: StaffArea = {
  name: 'sends',
  path: '/sends',
  menu: { label: 'app.sends.menu' },
  right: 'outreach.send',
  crumbs: [
    { pattern: '/sends', label: 'app.sends.breadcrumb', title: 'app.sends.title' },
    { pattern: '/sends/create', label: 'app.sends.create_crumb', parent: '/sends', title: 'app.sends.create_title' },
    { pattern: '/sends/:id', label: 'app.sends.one_crumb', parent: '/sends', title: 'app.sends.one_title' },
  ],
  resources: {
    outreaches: {
      list: '/api/outreach',
      unpaged: true,
      one: (id) => `/api/outreach/${id}`,
      create: '/api/outreach',
      update: (id) => `/api/outreach/${id}`,
      remove: (id) => `/api/outreach/${id}`,
    },
  },
  pages: {
    '/sends': 'src/admin/sends/SendList.tsx',
    '/sends/create': 'src/admin/sends/SendCreate.tsx',
    '/sends/:id': 'src/admin/sends/SendPage.tsx',
  },
};

/**
 * 'Nøkkeltall' (issue 40): the board's figures for a period, five sections each read on its own
 * (GET /api/stats/{section}, the data provider's `stats`), each with its xlsx download. First in
 * the menu, and the first page after sign-in for staff who may read it (access/startPage.ts).
 */
const stats: StaffArea = {
  name: 'stats',
  path: '/stats',
  menu: { label: 'app.stats.menu' },
  crumbs: [{ pattern: '/stats', label: 'app.stats.breadcrumb', title: 'app.stats.title' }],
  resources: {},
  pages: { '/stats': 'src/admin/stats/StatsPage.tsx' },
  right: 'stats.read',
};

/**
 * 'Innstillinger': each page needs what its routes do; the page of cards shows to anyone who may
 * open one of them, or start the Tripletex sync on it.
 */
const SETTINGS_PAGE_RIGHTS: Record<string, Needs> = {
  '/settings/system-message': 'templates.change',
  '/settings/promo-code': 'campaigns.change',
  '/settings/vipps-rapport': 'members.export',
  '/settings/content': 'content.change',
  '/settings/prices': 'billing.read',
  '/settings/renewal': 'billing.read',
  '/settings/consent-kinds': 'outreach.send',
  '/settings/valuation': 'content.change',
};
const SETTINGS_RIGHTS: Needs = [...new Set([...Object.values(SETTINGS_PAGE_RIGHTS).flat(), 'billing.run' as const])];

const APP_AREAS: StaffArea[] = [
  stats,
  membership,
  membershipRequestArea(),
  travelInsurance(),
  instrumentRequests(requestArea(
    'instrument-insurance', 'instruments', 'pending-instruments', '/api/subscription/list/pending-instruments',
    'instrumentforsikring-foresporsel.csv',
  )),
  claims,
  payments,
  outreach,
  sends,
  {
    name: 'settings',
    path: '/settings',
    menu: { label: 'app.menu.settings' },
    crumbs: [
      { pattern: '/settings', label: 'app.breadcrumb.settings' },
      ...['system-message', 'promo-code', 'vipps-rapport', 'content', 'prices', 'renewal', 'consent-kinds'].map((page) => ({
        pattern: `/settings/${page}`,
        label: `app.breadcrumb.${page.replace(/-/g, '_')}`,
        parent: '/settings',
      })),
      { pattern: '/settings/valuation', label: 'app.valuation.settings.breadcrumb', parent: '/settings' },
    ],
    resources: {
      'email-templates': { list: '/api/emails/template/list', one: (id) => `/api/emails/template/${id}`, update: (id) => `/api/emails/template/${id}` },
      campaigns: {
        list: '/api/campaign/list',
        one: (id) => `/api/campaign/${id}`,
        create: '/api/campaign',
        update: (id) => `/api/campaign/${id}`,
        remove: (id) => `/api/campaign/${id}`,
      },
      'product-categories': { list: '/api/product-category/list', unpaged: true },
      benefits: { list: '/api/campaign/options/benefit', unpaged: true },
      'tripletex-runs': { list: '/api/dev/sync-tripletex/runs', one: (id) => `/api/dev/sync-tripletex/runs/${id}` },
      'content-pages': { list: '/api/content/admin/pages', unpaged: true, update: (id) => `/api/content/admin/pages/${id}` },
      'discount-codes': {
        list: '/api/content/admin/discount-codes',
        unpaged: true,
        create: '/api/content/admin/discount-codes',
        update: (id) => `/api/content/admin/discount-codes/${id}`,
        remove: (id) => `/api/content/admin/discount-codes/${id}`,
      },
    },
    pages: {
      '/settings': 'src/admin/settings/SettingsPage.tsx',
      '/settings/system-message': 'src/admin/settings/TemplatesPage.tsx',
      '/settings/promo-code': 'src/admin/settings/CampaignsPage.tsx',
      '/settings/vipps-rapport': 'src/admin/settings/VippsReportPage.tsx',
      '/settings/content': 'src/admin/settings/ContentPage.tsx',
      '/settings/prices': 'src/admin/settings/PricesPage.tsx',
      '/settings/renewal': 'src/admin/settings/RenewalPage.tsx',
      '/settings/consent-kinds': 'src/admin/settings/ConsentKindsPage.tsx',
      '/settings/valuation': 'src/admin/settings/ValuationSettingsPage.tsx',
    },
    right: SETTINGS_RIGHTS,
    pageRights: SETTINGS_PAGE_RIGHTS,
  },
  {
    name: 'access-log',
    path: '/access-log',
    menu: { label: 'app.privacy.menu' },
    crumbs: [{ pattern: '/access-log', label: 'app.privacy.crumb', title: 'app.privacy.title' }],
    resources: {
      'access-log': { list: '/api/access-log' },
      'member-access-log': { of: (id) => `/api/member/${id}/access-log` },
      'staff-users': { list: '/api/access-log/staff', unpaged: true },
      },
    pages: { '/access-log': 'src/admin/access-log/AccessLogPage.tsx' },
    right: 'staff.administer',
  },
  {
    name: 'member-import',
    path: '/member-import',
    menu: { label: 'app.menu.member_import' },
    crumbs: [
      { pattern: '/member-import', label: 'app.breadcrumb.member_import', parent: '/membership' },
      { pattern: '/member-import/:id', label: 'app.breadcrumb.member_import_one', parent: '/member-import' },
    ],
    resources: {
      'member-imports': { list: '/api/member/import/list', one: (id) => `/api/member/import/${id}`, update: (id) => `/api/member/import/${id}` },
    },
    pages: {
      '/member-import': 'src/admin/member-import/ImportPage.tsx',
      '/member-import/:id': 'src/admin/member-import/ImportDetail.tsx',
    },
    right: 'imports.run',
  },
  {
    // 'Ansatte' (administrators, 'staff.administer'): the staff users, inviting one, one user's page
    // (role, active, rights, security, access report) and 'Roller og rettigheter'.
    name: 'staff',
    path: '/staff',
    menu: { label: 'app.staff_users.menu' },
    crumbs: [
      { pattern: '/staff', label: 'app.staff_users.breadcrumb.list', title: 'app.staff_users.title' },
      { pattern: '/staff/invite', label: 'app.staff_users.breadcrumb.invite', parent: '/staff', title: 'app.staff_users.invite.title' },
      { pattern: '/staff/roles', label: 'app.staff_users.breadcrumb.roles', parent: '/staff', title: 'app.staff_users.roles.title' },
      { pattern: '/staff/:id', label: 'app.staff_users.breadcrumb.user', parent: '/staff', title: 'app.staff_users.user.title' },
    ],
    resources: {
      staff: { list: '/api/staff/list', unpaged: true, one: (id) => `/api/staff/${id}`, create: '/api/staff/invite', update: (id) => `/api/staff/${id}` },
      roles: { list: '/api/role/list', unpaged: true, create: '/api/role', update: (id) => `/api/role/${id}` },
    },
    pages: {
      '/staff': 'src/admin/staff/StaffListPage.tsx',
      '/staff/invite': 'src/admin/staff/InviteStaffPage.tsx',
      '/staff/roles': 'src/admin/staff/RolesPage.tsx',
      '/staff/:id': 'src/admin/staff/StaffUserPage.tsx',
    },
    right: 'staff.administer',
  },
];

/**
 * Refuses a resource name declared by two areas: the data provider serves a resource from the
 * first area that declares it, so a second declaration would be silently ignored.
 */
export function checkResourceNames(areas: readonly StaffArea[]): void {
  const declaredBy = new Map<string, string>();
  for (const area of areas) {
    for (const resource of Object.keys(area.resources)) {
      const first = declaredBy.get(resource);
      if (first !== undefined) {
        throw new Error(`Ressursen «${resource}» er oppgitt i to områder («${first}» og «${area.name}»): gi den ett navn i ett område`);
      }
      declaredBy.set(resource, area.name);
    }
  }
}

/** A path pattern with its parameters unnamed ('/payments/:id' and '/payments/:invoice' are one page). */
const pageKey = (pattern: string) => pattern.replace(/\/+$/, '').replace(/\/:[^/]+/g, '/:');

/** The right the page of `area` at `pattern` (its full path pattern) needs: its own, else the area's. */
export function rightOfPage(area: StaffArea, pattern: string): Needs | undefined {
  const own = Object.entries(area.pageRights ?? {}).find(([page]) => pageKey(page) === pageKey(pattern));
  return own ? own[1] : area.right;
}

/** What the app (and the server) ask the registry. */
export interface StaffRegistry {
  STAFF_AREAS: readonly StaffArea[];
  areaNamed(name: string): StaffArea;
  apiPathsOf(resource: string): ApiPaths;
  /** The module drawing the staff page at `pathname` (the most literal match, as react-router ranks), if any. */
  staffPageModule(pathname: string): string | undefined;
}

/**
 * A registry of these areas, refusing a resource name two of them declare. The app's own is built
 * below, at start (the staff app and the server both import this module, so neither starts with a
 * clash); a test that needs an area of its own builds a registry with it.
 */
export function createRegistry(areas: readonly StaffArea[]): StaffRegistry {
  checkResourceNames(areas);
  return {
    STAFF_AREAS: areas,
    areaNamed(name) {
      const area = areas.find((candidate) => candidate.name === name);
      if (!area) throw new Error(`Ukjent område: ${name}`);
      return area;
    },
    apiPathsOf(resource) {
      const paths = areas.find((area) => area.resources[resource])?.resources[resource];
      if (!paths) throw new Error(`Ukjent ressurs: ${resource}`);
      return paths;
    },
    staffPageModule(pathname) {
      const got = pathname.replace(/\/$/, '').split('/');
      let best: { module: string; literal: number } | undefined;
      for (const [pattern, module] of areas.flatMap((area) => Object.entries(area.pages ?? {}))) {
        const want = pattern.split('/');
        if (want.length !== got.length) continue;
        let literal = 0;
        const matches = want.every((part, index) => {
          if (part.startsWith(':')) return got[index] !== '';
          if (part !== got[index]) return false;
          literal += 1;
          return true;
        });
        if (matches && (!best || literal > best.literal)) best = { module, literal };
      }
      return best?.module;
    },
  };
}

export const { STAFF_AREAS, areaNamed, apiPathsOf, staffPageModule } = createRegistry(APP_AREAS);
