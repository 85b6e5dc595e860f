import { lazy } from 'react';
import PeopleIcon from '@mui/icons-material/People';

export const MemberList = lazy(() => import('./MemberList.tsx'));
export const MemberCreate = lazy(() => import('./MemberCreate.tsx'));
export const MemberEdit = lazy(() => import('./MemberEdit.tsx'));

export default {
  name: 'membership',
  icon: PeopleIcon,
  recordRepresentation: (member: { first_name: string; last_name: string }) => `${member.first_name} ${member.last_name}`,
};
