import { lazy } from 'react';
import { paths } from '../paths.ts';

export const RequestsPage = lazy(() => import('./RequestsPage.tsx'));

export const requestRoutes = [
  { path: paths.membershipRequests, kind: 'memberships' },
  { path: paths.travelRequests, kind: 'travel' },
  { path: paths.instrumentRequests, kind: 'instruments' },
] as const;
