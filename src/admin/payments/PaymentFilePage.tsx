/**
 * '/payments/files/{id}': one OCR file from the bank: what it is, how far its booking has come
 * (read again every second until it is done), the payments booked on the invoice their KID names
 * and those matching left, which staff place on an invoice ('Plasser på faktura').
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useGetOne, useTranslate } from 'react-admin';
import { LoadingContent } from '../layout/TitledScreens.tsx';
import { LoadFailed, PageHeader } from '../layout/PageHeader.tsx';
import { formatDate, formatKid, formatKroner, formatTime } from '../../common/format.ts';
import type { PaymentFileDetails, PaymentFileItem } from '../../dataProvider/index.ts';
import { paths } from '../paths.ts';
import { useCan } from '../access/rights.ts';
import '../../i18n/app/payment-files-pages-nb.ts';

/** 'Plasser på faktura' with its invoice search (react-admin's reference and autocomplete inputs), loaded when a payment is first placed. */
const PlacePaymentDialog = lazy(() => import('./PlacePaymentDialog.tsx').then((module) => ({ default: module.PlacePaymentDialog })));

const isDone = (file: PaymentFileDetails | undefined) => file?.state === 'done';
/** The list's rows seed react-admin's cache of single files but lack the payments: wait for those. */
const isWhole = (file: PaymentFileDetails | undefined): file is PaymentFileDetails => !!file && Array.isArray(file.matched);
const when = (value: string | null) => (value ? `${formatDate(value)} ${formatTime(value)}` : '');
/** On a phone the line and the member's number give their room to the amount and what became of it. */
const wide = { display: { xs: 'none', sm: 'table-cell' } } as const;
const money = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <div>
      <Typography component="dt" variant="body2" color="text.secondary">
        {translate(`app.payments.files.fields.${label}`)}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </div>
  );
}

function Facts({ file }: { file: PaymentFileDetails }) {
  const translate = useTranslate();
  return (
    <Paper component="section" aria-label={translate('app.payments.files.facts')} sx={{ p: { xs: 2, sm: 3 } }}>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', lg: 'repeat(4, 1fr)' }, gap: 2, m: 0 }}>
        <Fact label="transmission_number">{file.transmission_number}</Fact>
        <Fact label="file_name">{file.file_name}</Fact>
        <Fact label="uploaded_by_name">{file.uploaded_by_name ?? ''}</Fact>
        <Fact label="uploaded_at">{when(file.uploaded_at)}</Fact>
        <Fact label="state">{translate(`app.payments.files.states.${file.state}`)}</Fact>
        <Fact label="booked_at">{when(file.booked_at)}</Fact>
        <Fact label="count">{file.totals.count}</Fact>
        <Fact label="amount">{formatKroner(file.totals.amount)}</Fact>
        <Fact label="booked">{formatKroner(file.totals.booked)}</Fact>
        <Fact label="unplaced">
          <strong>{formatKroner(file.totals.unplaced)}</strong>
        </Fact>
      </Box>
    </Paper>
  );
}

/** How far the job has come while it books the file, and what it made once done; a screen reader hears each change. */
function Progress({ file }: { file: PaymentFileDetails }) {
  const translate = useTranslate();
  const { count, pending, matched, unmatched } = file.totals;
  if (isDone(file)) {
    const left = file.totals.unplaced;
    return (
      <Alert role="status" severity={left > 0 ? 'warning' : 'success'} sx={{ my: 2 }}>
        {translate('app.payments.files.done', { matched, unmatched })}{' '}
        {left > 0 ? translate('app.payments.files.left', { amount: formatKroner(left) }) : translate('app.payments.files.all_booked')}
      </Alert>
    );
  }
  const booked = count - pending;
  const text = translate('app.payments.files.progress', { done: booked, count });
  return (
    <Box role="status" sx={{ my: 2 }}>
      <Typography>{text}</Typography>
      <LinearProgress
        variant={count > 0 ? 'determinate' : 'indeterminate'}
        value={count > 0 ? (booked / count) * 100 : undefined}
        sx={{ mt: 1 }}
        aria-label={translate('app.payments.files.progress_label')}
      />
    </Box>
  );
}

const memberOf = (item: PaymentFileItem) =>
  item.member_id ? (
    <Link component={RouterLink} to={paths.editMember(item.member_id)}>
      {item.member_name}
    </Link>
  ) : (
    ''
  );
const invoiceOf = (id: number | null, number: number | null) =>
  id && number ? (
    <Link component={RouterLink} to={paths.invoice(id)}>
      {number}
    </Link>
  ) : (
    ''
  );

function Section({ id, title, empty, count, children }: { id: string; title: string; empty: string; count: number; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 3 }}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {count === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <Paper sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-labelledby={id}>
          <Table size="small">{children}</Table>
        </Paper>
      )}
    </Box>
  );
}

function Head({ labels }: { labels: [string, object?][] }) {
  const translate = useTranslate();
  return (
    <TableHead>
      <TableRow>
        {labels.map(([label, sx]) => (
          <TableCell key={label} sx={sx}>
            {translate(`app.payments.files.item.${label}`)}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
}

function PlaceButton({ item, onPlace }: { item: PaymentFileItem; onPlace: (item: PaymentFileItem) => void }) {
  const translate = useTranslate();
  // Placing registers a payment ('payments.register').
  const registers = useCan('payments.register');
  if (!registers) return null;
  return (
    <Button
      size="small"
      variant="outlined"
      sx={{ whiteSpace: 'nowrap' }}
      aria-label={translate('app.payments.files.place.open_label', { amount: formatKroner(item.unplaced), line: item.line })}
      onClick={() => onPlace(item)}
    >
      {translate('app.payments.files.place.open')}
    </Button>
  );
}

/** What became of what matching left: placed by staff, to be placed, or (a reversal) nothing to place. */
function Outcome({ item, onPlace, canPlace }: { item: PaymentFileItem; onPlace: (item: PaymentFileItem) => void; canPlace: boolean }) {
  const translate = useTranslate();
  if (item.placed_invoice_id && item.placed_invoice_number) {
    return (
      <>
        {translate('app.payments.files.placed_on')}{' '}
        <Link component={RouterLink} to={paths.invoice(item.placed_invoice_id)}>
          {item.placed_invoice_number}
        </Link>
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
          {translate('app.payments.files.placed_by', { name: item.placed_by_name ?? '', at: when(item.placed_at) })}
        </Typography>
      </>
    );
  }
  if (item.kind === 'reversal') return <>{translate('app.payments.files.not_placeable')}</>;
  if (item.unplaced <= 0) return null;
  return canPlace ? <PlaceButton item={item} onPlace={onPlace} /> : null;
}

function Matched({ file, onPlace }: { file: PaymentFileDetails; onPlace: (item: PaymentFileItem) => void }) {
  const translate = useTranslate();
  // The surplus column only when an over-payment left one (placed or not).
  const surplus = file.matched.some((item) => item.unplaced > 0 || item.placed_invoice_id !== null);
  const labels: [string, object?][] = [['line', wide], ['paid_on'], ['member'], ['invoice'], ['amount', { textAlign: 'right' }], ['kind']];
  return (
    <Section
      id="matched-heading"
      title={translate('app.payments.files.matched.title', { count: file.matched.length })}
      empty={translate('app.payments.files.matched.empty')}
      count={file.matched.length}
    >
      <Head labels={surplus ? [...labels, ['left']] : labels} />
      <TableBody>
        {file.matched.map((item) => (
          <TableRow key={item.id}>
            <TableCell sx={wide}>{item.line}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(item.paid_on)}</TableCell>
            <TableCell>{memberOf(item)}</TableCell>
            <TableCell>{invoiceOf(item.invoice_id, item.invoice_number)}</TableCell>
            <TableCell align="right" sx={money}>
              {formatKroner(item.amount)}
            </TableCell>
            <TableCell>{translate(`app.payments.files.kinds.${item.kind}`)}</TableCell>
            {surplus && (
              <TableCell sx={{ minWidth: '11rem' }}>
                {item.unplaced > 0 && (
                  <Box component="span" sx={{ ...money, display: 'block', mb: 0.5 }}>
                    {formatKroner(item.unplaced)}
                  </Box>
                )}
                <Outcome item={item} onPlace={onPlace} canPlace={isDone(file)} />
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Section>
  );
}

function Unmatched({ file, onPlace }: { file: PaymentFileDetails; onPlace: (item: PaymentFileItem) => void }) {
  const translate = useTranslate();
  return (
    <Section
      id="unmatched-heading"
      title={translate('app.payments.files.unmatched.title', { count: file.unmatched.length })}
      empty={translate('app.payments.files.unmatched.empty')}
      count={file.unmatched.length}
    >
      <Head labels={[['line', wide], ['paid_on'], ['kid'], ['amount', { textAlign: 'right' }], ['kind'], ['invoice', wide], ['placed']]} />
      <TableBody>
        {file.unmatched.map((item) => (
          <TableRow key={item.id}>
            <TableCell sx={wide}>{item.line}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(item.paid_on)}</TableCell>
            <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{formatKid(item.kid)}</TableCell>
            <TableCell align="right" sx={money}>
              {formatKroner(item.amount)}
            </TableCell>
            <TableCell>{translate(`app.payments.files.kinds.${item.kind}`)}</TableCell>
            <TableCell sx={wide}>{invoiceOf(item.invoice_id, item.invoice_number)}</TableCell>
            <TableCell sx={{ minWidth: '11rem' }}>
              <Outcome item={item} onPlace={onPlace} canPlace={isDone(file)} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Section>
  );
}

export function PaymentFilePage() {
  const translate = useTranslate();
  const { id } = useParams();
  const [placing, setPlacing] = useState<PaymentFileItem | null>(null);
  const {
    data: file,
    error,
    isPending,
  } = useGetOne<PaymentFileDetails>(
    'payment-files',
    { id: Number(id) },
    {
      // Read again every second while the job books the file, and always whole on arrival (a list row in the cache lacks the payments).
      refetchInterval: (query) => (isDone(query.state.data as PaymentFileDetails | undefined) ? false : 1000),
      refetchOnMount: 'always',
      retry: false,
    },
  );
  if (error)
    return (
      <LoadFailed
        error={error}
        back={paths.paymentFiles}
        backLabel="app.payments.files.back"
        notFound="app.payments.files.not_found"
        notFoundText="app.payments.files.not_found_text"
      />
    );
  if (isPending) return <LoadingContent />;
  if (!isWhole(file)) return <Box sx={{ minHeight: '100vh' }} />;
  return (
    <Box sx={{ minHeight: '100vh' }}>
      <PageHeader
        back={paths.paymentFiles}
        backLabel="app.payments.files.back"
        title={translate('app.payments.files.file_title', { number: file.transmission_number })}
      />
      <Facts file={file} />
      <Progress file={file} />
      <Unmatched file={file} onPlace={setPlacing} />
      <Matched file={file} onPlace={setPlacing} />
      {placing && (
        <Suspense fallback={null}>
          <PlacePaymentDialog key={placing.id} item={placing} onClose={() => setPlacing(null)} />
        </Suspense>
      )}
    </Box>
  );
}

export default PaymentFilePage;
