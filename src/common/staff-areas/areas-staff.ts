/** The areas of the administrators ('staff.administer'): the access log and the staff users. */
import type { StaffArea } from './types.ts';

/** 'Tilgangslogg': who of the staff read, exported or changed which member's data. */
export const accessLog: StaffArea = {
  name: 'access-log',
  path: '/access-log',
  menu: { label: 'app.privacy.menu' },
  resources: {
    'access-log': { list: '/api/access-log' },
    'member-access-log': { of: (id) => `/api/member/${id}/access-log` },
    'staff-users': { list: '/api/access-log/staff', unpaged: true },
  },
  pages: { '/access-log': { module: 'src/admin/access-log/AccessLogPage.tsx', label: 'app.privacy.crumb', title: 'app.privacy.title' } },
  right: 'staff.administer',
};

/**
 * 'Ansatte' (administrators, 'staff.administer'): the staff users, inviting one, one user's page
 * (role, active, rights, security, access report) and 'Roller og rettigheter'.
 */
export const staff: StaffArea = {
  name: 'staff',
  path: '/staff',
  menu: { label: 'app.staff_users.menu' },
  resources: {
    staff: { list: '/api/staff/list', unpaged: true, one: (id) => `/api/staff/${id}`, create: '/api/staff/invite', update: (id) => `/api/staff/${id}` },
    roles: { list: '/api/role/list', unpaged: true, create: '/api/role', update: (id) => `/api/role/${id}` },
  },
  pages: {
    '/staff': { module: 'src/admin/staff/StaffListPage.tsx', label: 'app.staff_users.breadcrumb.list', title: 'app.staff_users.title' },
    '/staff/invite': {
      module: 'src/admin/staff/InviteStaffPage.tsx',
      label: 'app.staff_users.breadcrumb.invite',
      parent: '/staff',
      title: 'app.staff_users.invite.title',
    },
    '/staff/roles': {
      module: 'src/admin/staff/RolesPage.tsx',
      label: 'app.staff_users.breadcrumb.roles',
      parent: '/staff',
      title: 'app.staff_users.roles.title',
    },
    '/staff/:id': {
      module: 'src/admin/staff/StaffUserPage.tsx',
      label: 'app.staff_users.breadcrumb.user',
      parent: '/staff',
      title: 'app.staff_users.user.title',
    },
  },
  right: 'staff.administer',
};
