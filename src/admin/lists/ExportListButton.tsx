/**
 * The exports of a list page: the CSV ('Eksporter liste (csv)') and its spreadsheet twin
 * ('Eksporter liste (xlsx)'). The server streams the whole list with the page's search (not one
 * page), saved under the file name the area declares for the resource (.xlsx for the spreadsheet).
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Download from '@mui/icons-material/Download';
import { useDataProvider, useListContext, useTranslate } from 'react-admin';
import type { StaffDataProvider } from '../../dataProvider/index.ts';
import type { ExportFormat } from '../../dataProvider/exports.ts';
import { useToast } from '../toast.tsx';
import { useCan } from '../access/rights.ts';

/** Only for staff who may export ('members.export', as the export routes need). */
export function ExportListButton({ label }: { label: string }) {
  return useCan('members.export') ? <ExportButtons label={label} /> : null;
}

function ExportButtons({ label }: { label: string }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const { resource, filterValues } = useListContext();
  const toast = useToast();
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const exportList = async (format: ExportFormat) => {
    setBusy(format);
    try {
      await dataProvider.exportList(resource, filterValues, format);
    } catch (error) {
      toast.error((error as Error).message || 'app.errors.generic');
    } finally {
      setBusy(null);
    }
  };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
      <Button variant="outlined" startIcon={<Download />} onClick={() => exportList('csv')} disabled={busy !== null}>
        {translate(label)}
      </Button>
      <Button variant="outlined" startIcon={<Download />} onClick={() => exportList('xlsx')} disabled={busy !== null}>
        {translate('app.exports.xlsx')}
      </Button>
    </Box>
  );
}
