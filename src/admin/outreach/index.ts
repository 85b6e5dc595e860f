import { lazy } from 'react';
import Groups from '@mui/icons-material/Groups';

const SegmentList = lazy(() => import('./SegmentList.tsx'));
const SegmentCreate = lazy(() => import('./SegmentCreate.tsx'));
const SegmentEdit = lazy(() => import('./SegmentEdit.tsx'));

/**
 * '/outreach' ('Utvalg'): the saved groups of members with how many each holds now,
 * '/outreach/create' a new group and '/outreach/{id}' one group, each form counting as staff type.
 */
export default {
  area: 'outreach',
  icon: Groups,
  components: {
    'src/admin/outreach/SegmentList.tsx': SegmentList,
    'src/admin/outreach/SegmentCreate.tsx': SegmentCreate,
    'src/admin/outreach/SegmentEdit.tsx': SegmentEdit,
  },
};
