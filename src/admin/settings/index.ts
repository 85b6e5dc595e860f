import { lazy } from 'react';
import SettingsIcon from '@mui/icons-material/Settings';

const SettingsPage = lazy(() => import('./SettingsPage.tsx'));

export default { area: 'settings', icon: SettingsIcon, pages: [{ path: '*', component: SettingsPage }] };
