import { lazy } from 'react';
import UploadFileIcon from '@mui/icons-material/UploadFile';

const ImportPage = lazy(() => import('./ImportPage.tsx'));
const ImportDetail = lazy(() => import('./ImportDetail.tsx'));

/** 'Importer medlemmer' (under Medlemsoversikt): the upload and history, and one import's preview, progress and undo. */
export default {
  area: 'member-import',
  icon: UploadFileIcon,
  components: {
    'src/admin/member-import/ImportPage.tsx': ImportPage,
    'src/admin/member-import/ImportDetail.tsx': ImportDetail,
  },
};
