/**
 * 'Tilgangsrapport' on the staff user's page: for a period (by default this month so far), what
 * they did with members' data, counted per kind and listed (the newest entries; the spreadsheet has
 * them all), and the export to XLSX. The dates are Oslo calendar days, both ends included.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { useQuery } from '@tanstack/react-query';
import { Form, HttpError, required, useDataProvider, useTranslate, type Validator } from 'react-admin';
import { useFormState } from 'react-hook-form';
import type { AccessReport, StaffUserDetail } from '../../../server/schemas/staff-users.ts';
import { RULE_MESSAGES } from '../../../server/schemas/rules.ts';
import { formatDate } from '../../common/format.ts';
import type { StaffDataProvider } from '../../dataProvider/index.ts';
import { DateInput } from '../dates/DateInput.tsx';
import { useToast } from '../toast.tsx';
import { StaffCard } from './StaffCard.tsx';
import { isoDay, personName } from './staffText.ts';
import '../../i18n/app/staff-users-pages-nb.ts';

/** The report's table (react-admin's DataTable and pager), loaded with the first report asked for. */
const AccessReportEntries = lazy(() => import('./AccessReportEntries.tsx').then((module) => ({ default: module.AccessReportEntries })));

const KINDS = ['read', 'export', 'change', 'erase', 'messages'] as const;

const requiredDate = required(RULE_MESSAGES.required);
/** The end may not come before the start. */
const notBeforeFrom: Validator = (value, values) =>
  typeof value === 'string' && typeof values?.from === 'string' && /^\d{4}-/.test(value) && /^\d{4}-/.test(values.from) && value < values.from
    ? 'app.staff_users.report.to_before_from'
    : undefined;

/** The first of this month to today. */
function thisMonth(today = new Date()) {
  return { from: isoDay(new Date(today.getFullYear(), today.getMonth(), 1)), to: isoDay(today) };
}

type Period = { from: string; to: string };

function ReportButtons({ onFormat }: { onFormat: (format: 'json' | 'xlsx') => void }) {
  const translate = useTranslate();
  const { isValid, isSubmitting } = useFormState();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
      <Button type="submit" variant="contained" disabled={!isValid || isSubmitting} onClick={() => onFormat('json')}>
        {translate('app.staff_users.report.show')}
      </Button>
      <Button type="submit" variant="outlined" startIcon={<DownloadIcon />} disabled={!isValid || isSubmitting} onClick={() => onFormat('xlsx')}>
        {translate('app.exports.xlsx_report')}
      </Button>
    </Box>
  );
}

function Counts({ report }: { report: AccessReport }) {
  const translate = useTranslate();
  return (
    <Box
      component="dl"
      aria-label={translate('app.staff_users.report.counts')}
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)', lg: 'repeat(7, 1fr)' }, gap: 1.5, m: 0, my: 2 }}
    >
      {[
        ...KINDS.map((kind) => [`app.staff_users.report.kinds.${kind}`, report.counts[kind]] as const),
        ['app.staff_users.report.exported_rows', report.exported_rows] as const,
        ['app.staff_users.report.total', report.total] as const,
      ].map(([label, value]) => (
        <Box key={label} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {translate(label)}
          </Typography>
          <Typography component="dd" variant="h6" sx={{ m: 0 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

export function AccessReportCard({ user }: { user: StaffUserDetail }) {
  const translate = useTranslate();
  const toast = useToast();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const [period, setPeriod] = useState<Period | null>(null);
  const format = useRef<'json' | 'xlsx'>('json');
  const report = useQuery({
    queryKey: ['staff-report', user.id, period?.from, period?.to],
    queryFn: () => dataProvider.staffReport(user.id, period!.from, period!.to),
    enabled: period !== null,
  });

  async function submit(values: Record<string, unknown>) {
    const chosen = { from: String(values.from), to: String(values.to) };
    if (format.current === 'json') {
      setPeriod(chosen);
      return;
    }
    const filename = `tilgangsrapport-${personName(user).toLocaleLowerCase('nb').replace(/\s+/g, '-')}-${chosen.from}-${chosen.to}.xlsx`;
    try {
      await dataProvider.exportStaffReport(user.id, chosen.from, chosen.to, filename);
      toast.success('app.staff_users.report.exported');
    } catch (error) {
      toast.error(error instanceof HttpError && error.status < 500 && error.message ? error.message : 'app.errors.generic_bang');
    }
  }

  const failure =
    report.error instanceof HttpError && report.error.status < 500 ? report.error.message : report.error ? translate('app.errors.generic_bang') : null;
  return (
    <StaffCard id="staff-report" title="app.staff_users.report.title">
      <Typography sx={{ mb: 2 }}>{translate('app.staff_users.report.intro')}</Typography>
      <Form defaultValues={thisMonth()} onSubmit={submit}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '220px 220px' }, columnGap: 2, maxWidth: 460 }}>
          <DateInput source="from" label="app.staff_users.report.from" validate={requiredDate} isRequired />
          <DateInput source="to" label="app.staff_users.report.to" validate={[requiredDate, notBeforeFrom]} isRequired />
        </Box>
        <ReportButtons
          onFormat={(chosen) => {
            format.current = chosen;
          }}
        />
      </Form>
      <div aria-live="polite">
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        )}
        {report.data && (
          <>
            <Typography sx={{ mt: 2 }}>
              {translate('app.staff_users.report.period', {
                from: formatDate(report.data.from),
                to: formatDate(report.data.to),
                role: report.data.staff.role_name,
              })}
            </Typography>
            <Counts report={report.data} />
            {report.data.total > report.data.entries.length && (
              <Alert severity="info" sx={{ mb: 2 }}>
                {translate('app.staff_users.report.more', { shown: report.data.entries.length, total: report.data.total })}
              </Alert>
            )}
            <Suspense fallback={null}>
              <AccessReportEntries entries={report.data.entries} />
            </Suspense>
          </>
        )}
      </div>
    </StaffCard>
  );
}
