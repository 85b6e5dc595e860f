import { lazy } from 'react';

const RequestsPage = lazy(() => import('./RequestsPage.tsx'));

/** The three request queues: one page each for now, titled from the area it is under. */
export default ([] as string[]).map((area) => ({
  area,
  pages: [{ path: '*', component: RequestsPage }],
}));
