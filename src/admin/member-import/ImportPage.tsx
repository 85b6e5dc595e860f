/**
 * 'Importer medlemmer': the templates, the upload (which answers the preview, nothing saved yet)
 * and the list of earlier imports with their state, counts and error report.
 */
import { useId, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import DownloadIcon from '@mui/icons-material/Download';
import { DataTable, ListBase, Pagination, useDataProvider, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import type { StaffDataProvider } from '../../dataProvider/index.ts';
import type { MemberImport } from '../../dataProvider/types.ts';
import { formatDate, formatTime } from '../../common/format.ts';
import { PageTitle } from '../settings/PageTitle.tsx';
import { useToast } from '../toast.tsx';
import { UNCHANGING } from '../readAgain.ts';
import '../../i18n/app/member-import-pages-nb.ts';

const Column = DataTable.Col<MemberImport>;

function History() {
  const translate = useTranslate();
  const toast = useToast();
  const dataProvider = useDataProvider<StaffDataProvider>();
  return (
    <ListBase resource="member-imports" perPage={25} sort={{ field: 'created_at', order: 'DESC' }} disableSyncWithLocation>
      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        {translate('app.member_import.history')}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <DataTable<MemberImport>
          bulkActionButtons={false}
          rowClick={false}
          empty={<Typography sx={{ py: 2 }}>{translate('app.member_import.empty')}</Typography>}
        >
          <Column
            source="file_name"
            disableSort
            render={(item) => (
              <Link component={RouterLink} to={`/member-import/${item.id}`}>
                {item.file_name}
              </Link>
            )}
          />
          <Column source="created_by" disableSort render={(item) => item.created_by?.name ?? ''} />
          <Column source="created_at" disableSort render={(item) => `${formatDate(item.created_at)} ${formatTime(item.created_at)}`} />
          <Column source="state" disableSort render={(item) => translate(`app.member_import.states.${item.state}`)} />
          <Column source="summary" disableSort render={(item) => translate('app.member_import.counts', item.summary)} />
          <Column
            source="id"
            label="app.member_import.columns.report"
            disableSort
            render={(item) =>
              item.summary.error > 0 ? (
                <Button
                  size="small"
                  startIcon={<DownloadIcon />}
                  onClick={() => {
                    dataProvider.importErrorReport(item).catch((error: Error) => toast.error(error.message));
                  }}
                >
                  {translate('app.member_import.errors.report')}
                </Button>
              ) : (
                ''
              )
            }
          />
        </DataTable>
      </Box>
      <Pagination rowsPerPageOptions={[25]} />
    </ListBase>
  );
}

export function ImportPage() {
  const translate = useTranslate();
  const toast = useToast();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const dataProvider = useDataProvider<StaffDataProvider>();
  // The limits the server applies, named as it names them.
  const { data: limits } = useQuery({ queryKey: ['member-imports', 'limits'], queryFn: () => dataProvider.importLimits(), ...UNCHANGING });

  const upload = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const created = await dataProvider.uploadImport(file);
      navigate(`/member-import/${created.id}`);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };
  const template = (kind: 'xlsx' | 'csv') => {
    dataProvider.importTemplate(kind).catch((failure: Error) => toast.error(failure.message));
  };

  return (
    <Box sx={{ maxWidth: 1200 }}>
      <PageTitle label="app.member_import.title" />
      <Card variant="outlined">
        <CardContent>
          <Typography sx={{ mb: 1 }}>{translate('app.member_import.intro')}</Typography>
          <Typography sx={{ mb: 1 }}>{translate('app.member_import.sheets')}</Typography>
          <Typography sx={{ mb: 2, minHeight: '1.5em' }} color="text.secondary">
            {limits ? translate('app.member_import.limits', { mb: limits.file_mb, rows: new Intl.NumberFormat('nb-NO').format(limits.rows) }) : ''}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 3 }}>
            <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => template('xlsx')}>
              {translate('app.member_import.template_xlsx')}
            </Button>
            <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => template('csv')}>
              {translate('app.member_import.template_csv')}
            </Button>
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
            <input
              ref={input}
              id={inputId}
              type="file"
              // Hidden behind 'Velg fil', but checkers and some screen readers still meet it: it gets the button's name.
              aria-label={translate('app.member_import.choose')}
              accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              hidden
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setError(null);
              }}
            />
            <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()} aria-describedby={`${inputId}-chosen`}>
              {translate('app.member_import.choose')}
            </Button>
            <Typography id={`${inputId}-chosen`} aria-live="polite">
              {file ? translate('app.member_import.chosen', { name: file.name }) : translate('app.member_import.none_chosen')}
            </Typography>
            <Button variant="contained" disabled={!file || busy} onClick={upload}>
              {busy ? translate('app.member_import.uploading') : translate('app.member_import.upload')}
            </Button>
          </Box>
          {error && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </CardContent>
      </Card>
      <History />
    </Box>
  );
}

export default ImportPage;
