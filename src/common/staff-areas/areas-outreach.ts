/** Reaching many members: 'Utvalg' (saved groups) and 'Utsendelser' (e-mail and SMS to a group). */
import type { StaffArea } from './types.ts';

/** 'Utvalg': saved groups of members (a filter over the register), each counted when read. */
export const outreach: StaffArea = {
  name: 'outreach',
  path: '/outreach',
  menu: { label: 'app.outreach.menu' },
  right: 'outreach.send',
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
    '/outreach': { module: 'src/admin/outreach/SegmentList.tsx', label: 'app.outreach.breadcrumb', title: 'app.outreach.title' },
    '/outreach/create': {
      module: 'src/admin/outreach/SegmentCreate.tsx',
      label: 'app.outreach.create_crumb',
      parent: '/outreach',
      title: 'app.outreach.create_title',
    },
    '/outreach/:id': { module: 'src/admin/outreach/SegmentEdit.tsx', label: 'app.outreach.edit_crumb', parent: '/outreach', title: 'app.outreach.edit_title' },
  },
};

/**
 * 'Utsendelser': e-mail and SMS to a group, from the draft through the preview, the test and the
 * confirmed send to the report of what went out.
 */
export const sends: StaffArea = {
  name: 'sends',
  path: '/sends',
  menu: { label: 'app.sends.menu' },
  right: 'outreach.send',
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
    '/sends': { module: 'src/admin/sends/SendList.tsx', label: 'app.sends.breadcrumb', title: 'app.sends.title' },
    '/sends/create': { module: 'src/admin/sends/SendCreate.tsx', label: 'app.sends.create_crumb', parent: '/sends', title: 'app.sends.create_title' },
    '/sends/:id': { module: 'src/admin/sends/SendPage.tsx', label: 'app.sends.one_crumb', parent: '/sends', title: 'app.sends.one_title' },
  },
};
