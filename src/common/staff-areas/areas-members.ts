/** The member register ('Medlemsoversikt') with one member's pages, and 'Importer medlemmer'. */
import type { StaffArea } from './types.ts';

/** The spec's log pages of one member (the message, travel and instrument logs). */
const MEMBER_LOG_PAGES = [
  '/membership/instrument-insurance/reject/:memberId',
  '/membership/edit/insurance-logs/:memberId',
  '/membership/edit/travel-insurance/insurance-logs/:memberId',
  '/membership/edit/instrument-insurance/insurance-logs/:memberId',
];

export const membership: StaffArea = {
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

/** 'Importer medlemmer': the import page and one import's page. */
export const memberImport: StaffArea = {
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
};
