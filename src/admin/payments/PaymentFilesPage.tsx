/**
 * '/payments/files' ('Innbetalinger'): read in the bank's OCR file, and the files read in, newest
 * first, each row opening the file's page. A refused file (read in before, or not an OCR file)
 * is said beside the form in the server's words, and the chosen file stays chosen.
 */
import { useId, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { DataTable, ListBase, Pagination, useDataProvider, useListContext, useTranslate } from 'react-admin';
import { LoadingContent } from '../layout/TitledScreens.tsx';
import { formatDate, formatKroner, formatTime } from '../../common/format.ts';
import type { PaymentFile, StaffDataProvider } from '../../dataProvider/index.ts';
import { paths } from '../paths.ts';
import { PageTitle } from '../settings/PageTitle.tsx';
import { Can } from '../access/Can.tsx';
import { useReadAgain } from '../readAgain.ts';
import '../../i18n/app/payment-files-pages-nb.ts';

const Column = DataTable.Col<PaymentFile>;
const stop = (event: MouseEvent) => event.stopPropagation();
/** On a phone the file's name, who read it in and the sums booked and left give their room to the rest. */
const wide = { display: { xs: 'none', sm: 'table-cell' } } as const;
const money = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
const LIST_HEADING = 'payment-files-heading';

function UploadForm() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const readAgain = useReadAgain();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || busy) return;
    setBusy(true);
    setError(null);
    try {
      const created = await dataProvider.uploadPaymentFile(file);
      await readAgain();
      navigate(paths.paymentFile(created.id));
    } catch (failure) {
      // 409 (read in before) and 422 (not an OCR file, or another account; the message names the line) in the server's words.
      setError(failure instanceof Error && failure.message ? failure.message : translate('app.errors.generic'));
      setBusy(false);
    }
  };

  return (
    <Paper component="section" aria-labelledby={`${id}-title`} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={`${id}-title`} variant="h6" component="h2">
        {translate('app.payments.files.upload.title')}
      </Typography>
      <Typography sx={{ mt: 1, mb: 2 }}>{translate('app.payments.files.upload.intro')}</Typography>
      <Box component="form" onSubmit={submit} aria-busy={busy} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        {/* Banks name the file variously (OCR.D200127, .txt, .ocr): no accept filter, any file may be chosen; the server reads what it is. */}
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          name="file"
          aria-label={translate('app.payments.files.upload.file')}
          hidden
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setError(null);
          }}
        />
        <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()} aria-describedby={`${id}-chosen`} disabled={busy}>
          {translate('app.payments.files.upload.choose')}
        </Button>
        <Typography id={`${id}-chosen`} aria-live="polite" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {file ? translate('app.payments.files.upload.chosen', { name: file.name }) : translate('app.payments.files.upload.none_chosen')}
        </Typography>
        <Button type="submit" variant="contained" disabled={!file || busy}>
          {busy ? translate('app.payments.files.upload.busy') : translate('app.payments.files.upload.submit')}
        </Button>
      </Box>
      {error && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
    </Paper>
  );
}

const when = (value: string | null) => (value ? `${formatDate(value)} ${formatTime(value)}` : '');

function FileTable() {
  const translate = useTranslate();
  const { error } = useListContext();
  if (error) return <Alert severity="error">{translate('app.errors.generic')}</Alert>;
  return (
    <Paper sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-labelledby={LIST_HEADING}>
      <DataTable<PaymentFile>
        rowClick={(id) => paths.paymentFile(id)}
        bulkActionButtons={false}
        size="small"
        empty={<Typography sx={{ p: 3 }}>{translate('app.payments.files.list.empty')}</Typography>}
      >
        <Column
          source="transmission_number"
          label="app.payments.files.columns.transmission_number"
          disableSort
          render={(file) => (
            <Link component={RouterLink} to={paths.paymentFile(file.id)} onClick={stop}>
              {file.transmission_number}
            </Link>
          )}
        />
        <Column source="file_name" label="app.payments.files.columns.file_name" disableSort sx={{ ...wide, overflowWrap: 'anywhere' }} />
        <Column source="uploaded_by_name" label="app.payments.files.columns.uploaded_by_name" disableSort sx={wide} />
        <Column source="uploaded_at" label="app.payments.files.columns.uploaded_at" sx={{ whiteSpace: 'nowrap' }} render={(file) => when(file.uploaded_at)} />
        <Column source="state" label="app.payments.files.columns.state" disableSort render={(file) => translate(`app.payments.files.states.${file.state}`)} />
        <Column source="totals.count" label="app.payments.files.columns.count" disableSort align="right" sx={money} />
        <Column
          source="totals.amount"
          label="app.payments.files.columns.amount"
          disableSort
          align="right"
          sx={money}
          render={(file) => formatKroner(file.totals.amount)}
        />
        <Column
          source="totals.booked"
          label="app.payments.files.columns.booked"
          disableSort
          align="right"
          sx={{ ...money, ...wide }}
          render={(file) => formatKroner(file.totals.booked)}
        />
        <Column source="totals.unmatched" label="app.payments.files.columns.unmatched" disableSort align="right" sx={money} />
        <Column
          source="totals.unplaced"
          label="app.payments.files.columns.unplaced"
          disableSort
          align="right"
          sx={{ ...money, ...wide }}
          render={(file) => formatKroner(file.totals.unplaced)}
        />
      </DataTable>
    </Paper>
  );
}

export function PaymentFilesPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <Box sx={{ minHeight: '100vh' }}>
      <PageTitle label="app.payments.files.title">
        <Button variant="outlined" startIcon={<ArrowBack />} onClick={() => navigate(paths.payments)}>
          {translate('app.payments.files.to_invoices')}
        </Button>
      </PageTitle>
      <Can right="payments.register">
        <UploadForm />
      </Can>
      <ListBase<PaymentFile>
        resource="payment-files"
        perPage={25}
        sort={{ field: 'uploaded_at', order: 'DESC' }}
        authLoading={<LoadingContent />}
        disableSyncWithLocation
        // A file's state and counts change as the queue's job books it: read again on arrival, and every few seconds while one is being booked.
        queryOptions={{
          refetchOnMount: 'always',
          refetchInterval: (query) => ((query.state.data as { data?: PaymentFile[] } | undefined)?.data?.some((file) => file.state !== 'done') ? 2000 : false),
        }}
      >
        <Typography id={LIST_HEADING} variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
          {translate('app.payments.files.list.title')}
        </Typography>
        <FileTable />
        <Pagination rowsPerPageOptions={[25]} />
      </ListBase>
    </Box>
  );
}

export default PaymentFilesPage;
