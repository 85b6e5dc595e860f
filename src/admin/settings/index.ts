import { lazy } from 'react';
import SettingsIcon from '@mui/icons-material/Settings';

const SettingsPage = lazy(() => import('./SettingsPage.tsx'));
const TemplatesPage = lazy(() => import('./TemplatesPage.tsx'));
const CampaignsPage = lazy(() => import('./CampaignsPage.tsx'));
const VippsReportPage = lazy(() => import('./VippsReportPage.tsx'));
const ContentPage = lazy(() => import('./ContentPage.tsx'));
const PricesPage = lazy(() => import('./PricesPage.tsx'));
const RenewalPage = lazy(() => import('./RenewalPage.tsx'));
const ConsentKindsPage = lazy(() => import('./ConsentKindsPage.tsx'));
const ValuationSettingsPage = lazy(() => import('./ValuationSettingsPage.tsx'));

/** '/settings' and its pages; anything else under /settings goes back to /settings (App adds that route). */
export default {
  area: 'settings',
  icon: SettingsIcon,
  components: {
    'src/admin/settings/SettingsPage.tsx': SettingsPage,
    'src/admin/settings/TemplatesPage.tsx': TemplatesPage,
    'src/admin/settings/CampaignsPage.tsx': CampaignsPage,
    'src/admin/settings/VippsReportPage.tsx': VippsReportPage,
    'src/admin/settings/ContentPage.tsx': ContentPage,
    'src/admin/settings/PricesPage.tsx': PricesPage,
    'src/admin/settings/RenewalPage.tsx': RenewalPage,
    'src/admin/settings/ConsentKindsPage.tsx': ConsentKindsPage,
    'src/admin/settings/ValuationSettingsPage.tsx': ValuationSettingsPage,
  },
};
