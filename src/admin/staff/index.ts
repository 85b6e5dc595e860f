import { lazy } from 'react';
import ManageAccounts from '@mui/icons-material/ManageAccounts';

const StaffListPage = lazy(() => import('./StaffListPage.tsx'));
const InviteStaffPage = lazy(() => import('./InviteStaffPage.tsx'));
const RolesPage = lazy(() => import('./RolesPage.tsx'));
const StaffUserPage = lazy(() => import('./StaffUserPage.tsx'));

/**
 * '/staff' ('Ansatte', administrators): the staff users, '/staff/invite' to invite one,
 * '/staff/roles', the roles × rights table, and '/staff/{id}', one user's page (react-router ranks
 * the literal paths above ':id').
 */
export default {
  area: 'staff',
  icon: ManageAccounts,
  recordRepresentation: (record: { first_name?: string; last_name?: string }) => [record.first_name, record.last_name].filter(Boolean).join(' '),
  components: {
    'src/admin/staff/StaffListPage.tsx': StaffListPage,
    'src/admin/staff/InviteStaffPage.tsx': InviteStaffPage,
    'src/admin/staff/RolesPage.tsx': RolesPage,
    'src/admin/staff/StaffUserPage.tsx': StaffUserPage,
  },
};
