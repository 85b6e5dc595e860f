import { lazy } from 'react';
import PeopleIcon from '@mui/icons-material/People';
import { LogsPage } from '../logs/index.ts';
import { MemberInstrumentsPage } from '../instrument-insurance/index.ts';
import { TravelFormPage } from '../travel-insurance/index.ts';

export const MemberList = lazy(() => import('./MemberList.tsx'));
export const MemberCreate = lazy(() => import('./MemberCreate.tsx'));
export const MemberEdit = lazy(() => import('./MemberEdit.tsx'));

/** The member's pages, with those whose code lives in other folders (the logs, the travel form, the instruments). */
export default {
  area: 'membership',
  icon: PeopleIcon,
  recordRepresentation: (member: { first_name: string; last_name: string }) => `${member.first_name} ${member.last_name}`,
  components: {
    'src/admin/members/MemberList.tsx': MemberList,
    'src/admin/members/MemberCreate.tsx': MemberCreate,
    'src/admin/members/MemberEdit.tsx': MemberEdit,
    'src/admin/instrument-insurance/MemberInstrumentsPage.tsx': MemberInstrumentsPage,
    'src/admin/travel-insurance/TravelFormPage.tsx': TravelFormPage,
    'src/admin/logs/LogsPage.tsx': LogsPage,
  },
};
