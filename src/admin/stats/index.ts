import { lazy } from 'react';
import Insights from '@mui/icons-material/Insights';

// The page and its charts load only when it is visited: the rest of the staff app stays as light.
const StatsPage = lazy(() => import('./StatsPage.tsx'));

/** '/stats' ('Nøkkeltall'): the board's figures for a period, each section with its chart, tables and download. */
export default {
  area: 'stats',
  icon: Insights,
  components: {
    'src/admin/stats/StatsPage.tsx': StatsPage,
  },
};
