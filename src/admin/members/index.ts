import { lazy } from 'react';
import PeopleIcon from '@mui/icons-material/People';
import { LogsPage } from '../logs/index.ts';
import { MemberInstrumentsPage } from '../instrument-insurance/index.ts';
import { TravelFormPage } from '../travel-insurance/index.ts';

export const MemberList = lazy(() => import('./MemberList.tsx'));
export const MemberCreate = lazy(() => import('./MemberCreate.tsx'));
export const MemberEdit = lazy(() => import('./MemberEdit.tsx'));

/** The spec's log paths of one member; the travel and instrument ones open on their own tab. */
const LOG_PATHS = [
  'instrument-insurance/reject/:memberId',
  'edit/insurance-logs/:memberId',
  'edit/travel-insurance/insurance-logs/:memberId',
  'edit/instrument-insurance/insurance-logs/:memberId',
];

export default {
  area: 'membership',
  icon: PeopleIcon,
  recordRepresentation: (member: { first_name: string; last_name: string }) => `${member.first_name} ${member.last_name}`,
  pages: [
    { path: '', component: MemberList },
    { path: 'create-new-user', component: MemberCreate },
    { path: 'edit/:id', component: MemberEdit },
    { path: 'edit/instrument-insurance/:id', component: MemberInstrumentsPage },
    { path: 'edit/travel-insurance/:memberId', component: TravelFormPage },
    ...LOG_PATHS.map((path) => ({ path, component: LogsPage })),
  ],
};
