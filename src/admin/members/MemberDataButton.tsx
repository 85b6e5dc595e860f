/**
 * 'Last ned alle opplysninger': the member's whole record as the zip Min side gives the member
 * (member.json and a readable summary, with their documents), for answering a request for access
 * on the member's behalf. The server records the download in the member's access log.
 */
import Button from '@mui/material/Button';
import FolderZip from '@mui/icons-material/FolderZip';
import { useDataProvider, useTranslate } from 'react-admin';
import type { StaffDataProvider } from '../../dataProvider/index.ts';
import type { Member } from '../../dataProvider/types.ts';
import { useDownload } from '../lists/useDownload.ts';

export function MemberDataButton({ member }: { member: Member }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const { start, busy } = useDownload(() => dataProvider.downloadMemberData(member.id, member.remote_id), {
    failure: 'app.privacy.download_failed',
    serverWords: false,
  });
  return (
    <Button variant="outlined" startIcon={<FolderZip />} disabled={busy} onClick={() => start()}>
      {translate('app.privacy.download_all')}
    </Button>
  );
}
