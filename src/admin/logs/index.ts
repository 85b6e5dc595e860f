import { lazy } from 'react';

export const LogsPage = lazy(() => import('./LogsPage.tsx'));
