import { lazy } from 'react';
import MusicNoteIcon from '@mui/icons-material/MusicNote';

const InstrumentQueue = lazy(() => import('./InstrumentQueue.tsx'));
const InstrumentRequestsPage = lazy(() => import('./InstrumentRequestsPage.tsx'));
const InstrumentRequestEditPage = lazy(() => import('./InstrumentRequestEditPage.tsx'));
const ValuationListPage = lazy(() => import('./ValuationListPage.tsx'));

/** The member's instrument screen, routed by the members area (its path is under /membership). */
export const MemberInstrumentsPage = lazy(() => import('./MemberInstrumentsPage.tsx'));

export default {
  area: 'instrument-insurance',
  icon: MusicNoteIcon,
  pages: [
    { path: '', component: InstrumentQueue },
    { path: 'list/:id', component: InstrumentRequestsPage },
    { path: 'edit/:id', component: InstrumentRequestEditPage },
    { path: 'valuation', component: ValuationListPage },
  ],
};
