import { lazy } from 'react';
import ReportProblem from '@mui/icons-material/ReportProblem';

const ClaimList = lazy(() => import('./ClaimList.tsx'));
const ClaimPage = lazy(() => import('./ClaimPage.tsx'));

/** '/claims' ('Skademeldinger', under Forespørsler): the queue, and '/claims/{id}' one claim with its state change. */
export default {
  area: 'claims',
  icon: ReportProblem,
  pages: [
    { path: '', component: ClaimList },
    { path: ':id', component: ClaimPage },
  ],
};
