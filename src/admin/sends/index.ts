import { lazy } from 'react';
import Campaign from '@mui/icons-material/Campaign';

const SendList = lazy(() => import('./SendList.tsx'));
const SendCreate = lazy(() => import('./SendCreate.tsx'));
const SendPage = lazy(() => import('./SendPage.tsx'));

/**
 * '/sends' ('Utsendelser'): every send with its state and counts, '/sends/create' a new draft and
 * '/sends/{id}' one send: its form while a draft, its preview, test and send, then its report.
 */
export default {
  area: 'sends',
  icon: Campaign,
  components: {
    'src/admin/sends/SendList.tsx': SendList,
    'src/admin/sends/SendCreate.tsx': SendCreate,
    'src/admin/sends/SendPage.tsx': SendPage,
  },
};
