/** The rows in error: the first of them in a table, and all of them as a report to download. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { useDataProvider, useTranslate } from 'react-admin';
import type { StaffDataProvider } from '../../dataProvider/index.ts';
import type { MemberImport } from '../../dataProvider/types.ts';
import { useToast } from '../toast.tsx';
import '../../i18n/app/member-import-pages-nb.ts';

const SHOWN_ERRORS = 200;

export function Errors({ item }: { item: MemberImport }) {
  const translate = useTranslate();
  const toast = useToast();
  const dataProvider = useDataProvider<StaffDataProvider>();
  if (item.errors.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="errors-title" sx={{ mt: 3 }}>
      <Typography id="errors-title" variant="h6" component="h2">
        {translate('app.member_import.errors.title', { count: item.summary.error })}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {translate('app.member_import.errors.help')}
      </Typography>
      <Button
        size="small"
        variant="outlined"
        startIcon={<DownloadIcon />}
        sx={{ mb: 1 }}
        onClick={() => {
          dataProvider.importErrorReport(item).catch((error: Error) => toast.error(error.message));
        }}
      >
        {translate('app.member_import.errors.report')}
      </Button>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.member_import.errors.sheet')}</TableCell>
              <TableCell>{translate('app.member_import.errors.row')}</TableCell>
              <TableCell>{translate('app.member_import.errors.column')}</TableCell>
              <TableCell>{translate('app.member_import.errors.message')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {item.errors.slice(0, SHOWN_ERRORS).map((error, index) => (
              <TableRow key={index}>
                <TableCell>{error.sheet ?? ''}</TableCell>
                <TableCell>{error.row}</TableCell>
                <TableCell>{error.column}</TableCell>
                <TableCell>{error.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {item.errors.length > SHOWN_ERRORS && <Typography sx={{ mt: 1 }}>{translate('app.member_import.errors.more', { shown: SHOWN_ERRORS })}</Typography>}
    </Box>
  );
}
