import { lazy } from 'react';
import HowToReg from '@mui/icons-material/HowToReg';

const MembershipRequestList = lazy(() => import('./MembershipRequestList.tsx'));
const DeclinedList = lazy(() => import('./DeclinedList.tsx'));
const DeclinedRequest = lazy(() => import('./DeclinedRequest.tsx'));

/** '/membership-request': the queue, the declined list and a declined request's page; anything else goes to the queue. */
export default {
  area: 'membership-request',
  icon: HowToReg,
  components: {
    'src/admin/membership-request/MembershipRequestList.tsx': MembershipRequestList,
    'src/admin/membership-request/DeclinedList.tsx': DeclinedList,
    'src/admin/membership-request/DeclinedRequest.tsx': DeclinedRequest,
  },
};
