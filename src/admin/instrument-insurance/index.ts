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
  components: {
    'src/admin/instrument-insurance/InstrumentQueue.tsx': InstrumentQueue,
    'src/admin/instrument-insurance/InstrumentRequestsPage.tsx': InstrumentRequestsPage,
    'src/admin/instrument-insurance/InstrumentRequestEditPage.tsx': InstrumentRequestEditPage,
    'src/admin/instrument-insurance/ValuationListPage.tsx': ValuationListPage,
  },
};
