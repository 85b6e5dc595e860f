/**
 * Uploading a document for one instrument: its kind (Kvittering, Takst with its date and value,
 * Bilde), the file (an image or a PDF; the limits named beside it) and 'Last opp'. A refusal from
 * the server is shown in its own words, and the chosen file and what was typed stay for another try.
 */
import { useId, useState, type ChangeEvent } from 'react';
import { useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import UploadFile from '@mui/icons-material/UploadFile';
import { Form, InputHelperText, NumberInput, RadioButtonGroupInput, useInput, useTranslate, type Identifier } from 'react-admin';
import type { DocumentKind } from '../../dataProvider/index.ts';
import { fieldErrorsOf } from '../../dataProvider/errors.ts';
import { DateInput } from '../dates/DateInput.tsx';
import { useToast } from '../toast.tsx';
import { FOCUS_RING } from './DocumentTile.tsx';
import { useDocumentUpload } from './useDocuments.ts';
import '../../i18n/app/documents-pages-nb.ts';

/** What the file field accepts: any image (the server decides the type from the content) or a PDF. */
export const ACCEPT = 'image/*,application/pdf';

const KINDS: DocumentKind[] = ['receipt', 'appraisal', 'photo'];

interface UploadValues {
  kind: DocumentKind;
  valued_on: string | null;
  value: number | null;
  file: File | null;
}

const START: UploadValues = { kind: 'receipt', valued_on: null, value: null, file: null };

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  opacity: 0,
} as const;

/** 1.2 MB, 340 kB: a file's size as the limits name it. */
function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toLocaleString('nb-NO', { maximumFractionDigits: 1 })} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} kB`;
}

/** The file field: the browser's own (so the keyboard opens it), drawn as a button, with the chosen file named. */
function FileInput({ instrument, limitsId }: { instrument: string; limitsId: string }) {
  const translate = useTranslate();
  const { field, fieldState, id } = useInput({ source: 'file' });
  const file = field.value as File | null;
  return (
    <Box sx={{ my: 1, '& input:focus-visible + label': FOCUS_RING }}>
      <Box
        component="input"
        type="file"
        id={id}
        accept={ACCEPT}
        aria-label={translate('app.documents.upload.file_label', { instrument })}
        aria-describedby={limitsId}
        aria-invalid={fieldState.invalid}
        onChange={(event: ChangeEvent<HTMLInputElement>) => field.onChange(event.target.files?.[0] ?? null)}
        sx={visuallyHidden}
      />
      <Box
        component="label"
        htmlFor={id}
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 1,
          px: 2,
          py: 0.75,
          borderRadius: 1,
          cursor: 'pointer',
          border: 1,
          borderColor: 'primary.main',
          color: 'primary.main',
          fontWeight: 500,
          '&:hover': { bgcolor: 'action.hover' },
        }}
      >
        <UploadFile fontSize="small" aria-hidden />
        {translate('app.documents.upload.file')}
      </Box>
      <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }} aria-live="polite">
        {file ? translate('app.documents.upload.chosen', { name: file.name, size: formatSize(file.size) }) : translate('app.documents.upload.no_file')}
      </Typography>
      {fieldState.error && (
        <Typography component="div" variant="caption" color="error">
          <InputHelperText error={fieldState.error.message} />
        </Typography>
      )}
    </Box>
  );
}

/** An appraisal's date and value, shown only for 'Takst'. */
function AppraisalFields() {
  const kind = useWatch({ name: 'kind' }) as DocumentKind;
  if (kind !== 'appraisal') return null;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
      <DateInput source="valued_on" label="app.documents.upload.valued_on" isRequired />
      <NumberInput source="value" label="app.documents.upload.value" min={0} step={1} isRequired variant="filled" />
    </Box>
  );
}

export function DocumentUploadForm({
  instrumentId,
  instrument,
}: {
  instrumentId: Identifier;
  /** The instrument in words, naming the file field ('Velg fil for Fender Stratocaster'). */
  instrument: string;
}) {
  const translate = useTranslate();
  const toast = useToast();
  const limitsId = useId();
  const upload = useDocumentUpload(instrumentId);
  // A new form after each upload, so the next starts empty; after a refusal the form stays as it was.
  const [round, setRound] = useState(0);
  const [refusal, setRefusal] = useState<string | null>(null);

  const validate = (values: Record<string, unknown>) => {
    const { kind, valued_on: valuedOn, value, file } = values as unknown as UploadValues;
    const errors: Record<string, string> = {};
    if (!file) errors.file = translate('app.documents.upload.file_required');
    if (kind === 'appraisal' && !valuedOn) errors.valued_on = translate('app.documents.upload.valued_on_required');
    if (kind === 'appraisal' && (value === null || value === undefined || !Number.isInteger(value) || value < 0)) {
      errors.value = translate('app.documents.upload.value_required');
    }
    return errors;
  };

  const submit = async (values: Record<string, unknown>) => {
    const { kind, valued_on: valuedOn, value, file } = values as unknown as UploadValues;
    setRefusal(null);
    try {
      await upload.mutateAsync({ file: file!, kind, valued_on: valuedOn, value });
      toast.success('app.documents.upload.done');
      setRound((count) => count + 1);
      return undefined;
    } catch (error) {
      // Field messages show under their fields; anything else (size, type, count) above the button.
      const fields = fieldErrorsOf(error);
      if (!fields) setRefusal((error as Error).message);
      return fields;
    }
  };

  return (
    <Box component="section" aria-label={translate('app.documents.upload.heading')} sx={{ mt: 2, maxWidth: 560 }}>
      <Typography variant="subtitle2" component="h4">
        {translate('app.documents.upload.heading')}
      </Typography>
      <Form key={round} record={START} onSubmit={submit} validate={validate}>
        <RadioButtonGroupInput
          source="kind"
          label="app.documents.upload.kind"
          choices={KINDS.map((kind) => ({ id: kind, name: `app.documents.kind.${kind}` }))}
          row
          helperText={false}
        />
        <AppraisalFields />
        <FileInput instrument={instrument} limitsId={limitsId} />
        <Typography id={limitsId} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('app.documents.limits')}
        </Typography>
        {refusal && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {translate('app.documents.upload.failed', { message: refusal })}
          </Alert>
        )}
        <Button type="submit" variant="contained" disabled={upload.isPending} startIcon={<UploadFile />}>
          {translate(upload.isPending ? 'app.documents.upload.busy' : 'app.documents.upload.submit')}
        </Button>
      </Form>
    </Box>
  );
}
