import { lazy } from 'react';
import ReportProblem from '@mui/icons-material/ReportProblem';

const ClaimList = lazy(() => import('./ClaimList.tsx'));
const ClaimPage = lazy(() => import('./ClaimPage.tsx'));

/** '/claims' ('Skademeldinger', under Forespørsler): the queue, and '/claims/{id}' one claim with its state change. */
export default {
  area: 'claims',
  icon: ReportProblem,
  components: {
    'src/admin/claims/ClaimList.tsx': ClaimList,
    'src/admin/claims/ClaimPage.tsx': ClaimPage,
  },
};
