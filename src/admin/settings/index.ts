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
  pages: [
    { path: '', component: SettingsPage },
    { path: 'system-message', component: TemplatesPage },
    { path: 'promo-code', component: CampaignsPage },
    { path: 'vipps-rapport', component: VippsReportPage },
    { path: 'content', component: ContentPage },
    { path: 'prices', component: PricesPage },
    { path: 'renewal', component: RenewalPage },
    { path: 'consent-kinds', component: ConsentKindsPage },
    { path: 'valuation', component: ValuationSettingsPage },
  ],
};
