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
    '/membership': { module: 'src/admin/members/MemberList.tsx', label: 'app.breadcrumb.membership' },
    '/membership/create-new-user': {
      module: 'src/admin/members/MemberCreate.tsx',
      label: 'app.breadcrumb.create',
      parent: '/membership',
      right: 'members.change',
    },
    '/membership/edit/:id': { module: 'src/admin/members/MemberEdit.tsx', label: 'app.breadcrumb.edit', parent: '/membership' },
    '/membership/edit/travel-insurance/:memberId': {
      module: 'src/admin/travel-insurance/TravelFormPage.tsx',
      label: 'app.travel_form.title',
      parent: '/membership/edit/:memberId',
    },
    ...Object.fromEntries(
      MEMBER_LOG_PAGES.map((pattern) => [
        pattern,
        { module: 'src/admin/logs/LogsPage.tsx', label: 'app.breadcrumb.logs', parent: '/membership/edit/:memberId', right: 'logs.read' as const },
      ]),
    ),
    '/membership/edit/instrument-insurance/:id': {
      module: 'src/admin/instrument-insurance/MemberInstrumentsPage.tsx',
      label: 'app.breadcrumb.instruments_active',
      parent: '/membership/edit/:id',
    },
  },
  right: 'members.read',
};

/** 'Importer medlemmer': the import page and one import's page. */
export const memberImport: StaffArea = {
  name: 'member-import',
  path: '/member-import',
  menu: { label: 'app.menu.member_import' },
  resources: {
    'member-imports': { list: '/api/member/import/list', one: (id) => `/api/member/import/${id}`, update: (id) => `/api/member/import/${id}` },
  },
  pages: {
    '/member-import': { module: 'src/admin/member-import/ImportPage.tsx', label: 'app.breadcrumb.member_import', parent: '/membership' },
    '/member-import/:id': { module: 'src/admin/member-import/ImportDetail.tsx', label: 'app.breadcrumb.member_import_one', parent: '/member-import' },
  },
  right: 'imports.run',
};
