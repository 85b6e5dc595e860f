import { lazy } from 'react';
import Flight from '@mui/icons-material/Flight';

export const TravelRequestList = lazy(() => import('./TravelRequestList.tsx'));
export const TravelRequestEdit = lazy(() => import('./TravelRequestEdit.tsx'));
/** The staff travel form lives under /membership (see members/index.ts), but its code is here. */
export const TravelFormPage = lazy(() => import('./TravelFormPage.tsx'));

export default {
  area: 'travel-insurance',
  icon: Flight,
  components: {
    'src/admin/travel-insurance/TravelRequestList.tsx': TravelRequestList,
    'src/admin/travel-insurance/TravelRequestEdit.tsx': TravelRequestEdit,
  },
};
