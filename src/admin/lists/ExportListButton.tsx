/**
 * The exports of a list page: the CSV ('Eksporter liste (csv)') and its spreadsheet twin
 * ('Eksporter liste (xlsx)'). The server streams the whole list with the page's search (not one
 * page), saved under the file name the area declares for the resource (.xlsx for the spreadsheet).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Download from '@mui/icons-material/Download';
import { useDataProvider, useListContext, useTranslate } from 'react-admin';
import type { StaffDataProvider } from '../../dataProvider/index.ts';
import type { ExportFormat } from '../../dataProvider/exports.ts';
import { useDownload } from './useDownload.ts';
import { useCan } from '../access/rights.ts';

/** Only for staff who may export ('members.export', as the export routes need). */
export function ExportListButton({ label }: { label: string }) {
  return useCan('members.export') ? <ExportButtons label={label} /> : null;
}

function ExportButtons({ label }: { label: string }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const { resource, filterValues } = useListContext();
  const { start: exportList, busy } = useDownload((format: ExportFormat) => dataProvider.exportList(resource, filterValues, format));
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
      <Button variant="outlined" startIcon={<Download />} onClick={() => exportList('csv')} disabled={busy}>
        {translate(label)}
      </Button>
      <Button variant="outlined" startIcon={<Download />} onClick={() => exportList('xlsx')} disabled={busy}>
        {translate('app.exports.xlsx')}
      </Button>
    </Box>
  );
}
