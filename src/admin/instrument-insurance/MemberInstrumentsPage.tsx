/**
 * '/membership/edit/instrument-insurance/{memberId}' ('FORSIKRING AV AKTIVE INSTRUMENT'): new
 * requests ('LEGG TIL INSTRUMENTER'), the insured instruments (editable, with export, log and
 * 'Totalverdi'; the .xlsx upload while the member has none), the waiting ones and the deleted ones.
 */
import { useId, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import HistoryIcon from '@mui/icons-material/History';
import { Title, useDataProvider, useGetOne, useTranslate } from 'react-admin';
import type { Member, StaffDataProvider } from '../../dataProvider/index.ts';
import type { ExportFormat } from '../../dataProvider/exports.ts';
import { formatDate } from '../../common/format.ts';
import { MemberHeader } from '../layout/MemberHeader.tsx';
import { paths } from '../paths.ts';
import { useToast } from '../toast.tsx';
import { InstrumentRowsTable } from './InstrumentRowsTable.tsx';
import { InstrumentReadTable } from './InstrumentReadTable.tsx';
import { InstrumentUpload } from './InstrumentUpload.tsx';
import { useInstrumentSaves } from './useInstrumentSaves.ts';
import { useMemberInstruments } from './useMemberInstruments.ts';
import { Can } from '../access/Can.tsx';
import { InstrumentDocuments } from '../documents/InstrumentDocuments.tsx';
import { ValuationSection } from './ValuationSection.tsx';
import '../../i18n/app/instruments-pages-nb.ts';
import '../../i18n/app/members-pages-nb.ts';

export const TEMPLATE_URL = '/maler/instrumentforsikring-mal.xlsx';

export function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 2, mb: 3 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

export function TemplateInfo() {
  const translate = useTranslate();
  return (
    <Alert severity="info" sx={{ my: 1 }}>
      {translate('app.instruments.template_info')}{' '}
      <Link href={TEMPLATE_URL} download>
        {translate('app.instruments.template_link')}
      </Link>
    </Alert>
  );
}

export default function MemberInstrumentsPage() {
  const id = Number(useParams().id);
  const translate = useTranslate();
  const navigate = useNavigate();
  const toast = useToast();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const { data: member, error: memberError } = useGetOne<Member>('membership', { id }, { retry: false });
  const { data, error, categories, activeRows, refresh } = useMemberInstruments(id);
  const { saveNew, saveChanges } = useInstrumentSaves(id, refresh);
  const title = translate('app.instruments.active_title');
  const active = data?.active ?? [];
  // The table's rows after saving: a row deleted but not yet saved is not counted.
  const [kept, setKept] = useState<number | null>(null);
  const count = kept ?? active.length;
  const none = data !== undefined && active.length === 0 && data.requested.length === 0 && data.deleted.length === 0;

  const exportList = async (format: ExportFormat) => {
    try {
      await dataProvider.exportInstruments(id, format);
    } catch (failure) {
      toast.error((failure as Error).message || 'app.instruments.failed');
    }
  };

  // An unknown member: the member page's not-found answer, with the way back and nothing to add to.
  if ((memberError as { status?: number } | null)?.status === 404) {
    return (
      <Box sx={{ pb: 4 }}>
        <MemberHeader backTo={paths.membership} title={translate('app.edit.not_found')} />
        <Alert severity="info">{translate('app.edit.not_found_text')}</Alert>
      </Box>
    );
  }

  return (
    <Box sx={{ pb: 4 }}>
      <Title title={title} />
      <MemberHeader member={member} backTo={paths.editMember(id)} />
      <Typography variant="h5" component="p" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {error ? <Alert severity="error">{translate('app.instruments.failed')}</Alert> : null}

      <Section title={translate('app.instruments.add_title')}>
        <InstrumentRowsTable rows={[]} categories={categories} newStatus={0} createOnly onSaveNew={saveNew} empty={<TemplateInfo />} />
      </Section>

      {/* Until the instruments come, a window's height holds their sections' place (they are taller), so the footer starts below the fold and is not pushed out of view (layout shift). */}
      {data === undefined && !error ? (
        <Box sx={{ minHeight: '100vh' }} />
      ) : (
        <>
          <Section title={translate('app.instruments.active', { count })}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
              {translate('app.instruments.insurance', { count })}
            </Typography>
            {none && <InstrumentUpload memberId={id} onUploaded={refresh} />}
            <InstrumentRowsTable
              rows={activeRows}
              categories={categories}
              newStatus={1}
              onSaveNew={saveNew}
              onSaveChanges={saveChanges}
              showTotal
              onCount={setKept}
              empty={
                <Typography color="text.secondary" sx={{ py: 1 }}>
                  {translate('app.instruments.empty')}
                </Typography>
              }
              actions={(disabled) => (
                <>
                  <Button startIcon={<DownloadIcon />} disabled={disabled || active.length === 0} onClick={() => exportList('csv')}>
                    {translate('app.instruments.export')}
                  </Button>
                  <Button startIcon={<DownloadIcon />} disabled={disabled || active.length === 0} onClick={() => exportList('xlsx')}>
                    {translate('app.exports.xlsx')}
                  </Button>
                  <Can right="logs.read">
                    <Button
                      startIcon={<HistoryIcon />}
                      disabled={disabled}
                      onClick={() => navigate(`/membership/edit/instrument-insurance/insurance-logs/${id}`)}
                    >
                      {translate('app.instruments.log')}
                    </Button>
                  </Can>
                </>
              )}
            />
          </Section>
          <ValuationSection instruments={active} />
          <InstrumentDocuments memberId={id} />

          <Section title={translate('app.instruments.requested', { count: data?.requested.length ?? 0 })}>
            <InstrumentReadTable
              instruments={data?.requested ?? []}
              categories={categories}
              label={translate('app.instruments.requested', { count: data?.requested.length ?? 0 })}
              empty={translate('app.instruments.requested_empty')}
              extra={[
                {
                  label: 'app.instruments.columns.status',
                  render: (instrument) => translate(instrument.requested_change?.delete ? 'app.instruments.pending_delete' : 'app.instruments.pending'),
                },
              ]}
            />
          </Section>

          <Section title={translate('app.instruments.deleted', { count: data?.deleted.length ?? 0 })}>
            <InstrumentReadTable
              instruments={data?.deleted ?? []}
              categories={categories}
              label={translate('app.instruments.deleted', { count: data?.deleted.length ?? 0 })}
              empty={translate('app.instruments.deleted_empty')}
              extra={[{ label: 'app.instruments.columns.deleted', render: (instrument) => formatDate(instrument.deleted_at) || '-' }]}
            />
          </Section>
        </>
      )}
    </Box>
  );
}
