/**
 * The CSV export of a list page: the server streams the whole list with the page's search (not
 * one page), saved under the file name the area declares for the resource.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Download from '@mui/icons-material/Download';
import { useDataProvider, useListContext, useTranslate } from 'react-admin';
import type { StaffDataProvider } from '../../dataProvider/index.ts';
import { useToast } from '../toast.tsx';

export function ExportListButton({ label }: { label: string }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const { resource, filterValues } = useListContext();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const exportList = async () => {
    setBusy(true);
    try {
      await dataProvider.exportList(resource, filterValues);
    } catch (error) {
      toast.error((error as Error).message || 'app.errors.generic');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" startIcon={<Download />} onClick={exportList} disabled={busy}>
      {translate(label)}
    </Button>
  );
}
