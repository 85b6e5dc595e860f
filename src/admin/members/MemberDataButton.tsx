/**
 * 'Last ned alle opplysninger': the member's whole record as the zip Min side gives the member
 * (member.json and a readable summary, with their documents), for answering a request for access
 * on the member's behalf. The server records the download in the member's access log.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import FolderZip from '@mui/icons-material/FolderZip';
import { useDataProvider, useTranslate } from 'react-admin';
import type { StaffDataProvider } from '../../dataProvider/index.ts';
import type { Member } from '../../dataProvider/types.ts';
import { useToast } from '../toast.tsx';

export function MemberDataButton({ member }: { member: Member }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await dataProvider.downloadMemberData(member.id, member.remote_id);
    } catch {
      toast.error('app.privacy.download_failed');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" startIcon={<FolderZip />} disabled={busy} onClick={() => void save()}>
      {translate('app.privacy.download_all')}
    </Button>
  );
}
