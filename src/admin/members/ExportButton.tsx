/** 'Eksporter liste (csv)': the server streams the whole filtered list as medlemsoversikt.csv. */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Download from '@mui/icons-material/Download';
import { useDataProvider, useListContext, useTranslate } from 'react-admin';
import type { StaffDataProvider } from '../../dataProvider/index.ts';
import { useToast } from '../toast.tsx';

export function ExportButton() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const { filterValues } = useListContext();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const exportList = async () => {
    setBusy(true);
    try {
      await dataProvider.exportMembers(filterValues);
    } catch {
      toast.error('app.errors.generic');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" startIcon={<Download />} onClick={exportList} disabled={busy}>
      {translate('app.members.export')}
    </Button>
  );
}
