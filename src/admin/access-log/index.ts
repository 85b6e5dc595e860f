import { lazy } from 'react';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';

const AccessLogPage = lazy(() => import('./AccessLogPage.tsx'));

/** '/access-log': who read, changed or exported members' data, across members. */
export default {
  area: 'access-log',
  icon: VisibilityOutlined,
  components: {
    'src/admin/access-log/AccessLogPage.tsx': AccessLogPage,
  },
};
