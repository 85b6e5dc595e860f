/**
 * One tab of the Vipps report: the date range (by default the previous month), the CSV and XLSX
 * buttons, and 'Ukjent feil - prøv igjen' (with the server's reason under it) when there is
 * nothing to export. The tab says what is exported and how.
 */
import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { Form, required, useTranslate, type HttpError } from 'react-admin';
import { useFormState } from 'react-hook-form';
import type { ExportFormat } from '../../dataProvider/exports.ts';
import { RULE_MESSAGES } from '../../../server/schemas/rules.ts';
import { DateInput } from '../dates/DateInput.tsx';
import { useToast } from '../toast.tsx';
import '../../i18n/app/settings-pages-nb.ts';

/** The first and last day of the month before `today`, as 'yyyy-MM-dd'. */
export function previousMonth(today: Date = new Date()): { from: string; to: string } {
  const year = today.getFullYear();
  const month = today.getMonth(); // the previous month is month - 1 (0-based), day 0 of this month its last day
  const iso = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  return { from: iso(new Date(year, month - 1, 1)), to: iso(new Date(year, month, 0)) };
}

const requiredDate = required(RULE_MESSAGES.required);

/** Both buttons submit the form (so the dates are validated); the one pressed names the format. */
function ExportButtons({ onFormat }: { onFormat: (format: ExportFormat) => void }) {
  const translate = useTranslate();
  const { isValid, isSubmitting } = useFormState();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
      <Button type="submit" variant="contained" startIcon={<DownloadIcon />} disabled={!isValid || isSubmitting} onClick={() => onFormat('csv')}>
        {translate('app.settings.vipps.export')}
      </Button>
      <Button type="submit" variant="outlined" startIcon={<DownloadIcon />} disabled={!isValid || isSubmitting} onClick={() => onFormat('xlsx')}>
        {translate('app.exports.xlsx_report')}
      </Button>
    </Box>
  );
}

export interface VippsExportFormProps {
  /** The tab's text above the dates. */
  intro: string;
  /** Saves the file for the range (rejects with the server's HttpError, 404 when there is nothing in it). */
  exportRange: (from: string, to: string, format: ExportFormat) => Promise<void>;
}

export function VippsExportForm({ intro, exportRange }: VippsExportFormProps) {
  const translate = useTranslate();
  const toast = useToast();
  /** null while nothing failed; otherwise the server's own reason when it gave one ('' if not). */
  const [failed, setFailed] = useState<string | null>(null);
  const format = useRef<ExportFormat>('csv');

  async function submit(values: Record<string, unknown>) {
    setFailed(null);
    try {
      await exportRange(String(values.from), String(values.to), format.current);
      toast.success('app.settings.vipps.done');
    } catch (error) {
      // The spec's text stays; the server's reason ('Ingen … i perioden.') tells staff nothing is broken.
      const { status, message } = error as HttpError;
      setFailed(status && status < 500 && message ? message : '');
    }
  }

  return (
    <>
      {/* The text names the buttons by their own words, so it never drifts from them. */}
      <Typography sx={{ mb: 2 }}>{translate(intro, { csv: translate('app.settings.vipps.export'), xlsx: translate('app.exports.xlsx_report') })}</Typography>
      <Form defaultValues={previousMonth()} onSubmit={submit}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
          <DateInput source="from" label="app.settings.vipps.from" validate={requiredDate} isRequired />
          <DateInput source="to" label="app.settings.vipps.to" validate={requiredDate} isRequired />
        </Box>
        <ExportButtons
          onFormat={(chosen) => {
            format.current = chosen;
          }}
        />
      </Form>
      {failed !== null && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {translate('app.settings.vipps.no_data')}
          {failed && (
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {failed}
            </Typography>
          )}
        </Alert>
      )}
    </>
  );
}
