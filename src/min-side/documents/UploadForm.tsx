/**
 * 'Legg til dokument': what it is (a receipt, an appraisal with its date and value, a photo), the
 * file or a photo from the camera, the limits, and the upload's progress. When the server
 * refuses, its message stands under the field it concerns and everything chosen stays.
 */
import { useId, useState } from 'react';
import { useController, useForm, useWatch, type Path } from 'react-hook-form';
import type { UploadProgress } from '../../common/http.ts';
import { instrumentValue } from '../../../server/schemas/instrument-rules.ts';
import { DateField } from '../components/DateField.tsx';
import { RadioGroup, TextField } from '../components/fields.tsx';
import { lazyResolver } from '../lazyResolver.ts';
import { documentApi, type DocumentKind, type InstrumentDocument } from './api.ts';
import { FilePicker } from './FilePicker.tsx';
import { errorText, useDocumentTexts } from './texts.ts';
import { UploadStatus } from './UploadStatus.tsx';

export interface UploadValues {
  kind: '' | DocumentKind;
  valued_on: string;
  value: string;
  file: File | null;
}

const EMPTY: UploadValues = { kind: '', valued_on: '', value: '', file: null };
const FIELDS: readonly Path<UploadValues>[] = ['kind', 'valued_on', 'value', 'file'];
const resolver = lazyResolver<UploadValues>(() => import('./schema.ts').then((schemas) => schemas.uploadSchema));

export function UploadForm({
  instrumentId,
  instrumentName,
  onUploaded,
}: {
  instrumentId: number;
  instrumentName: string;
  onUploaded: (document: InstrumentDocument) => void;
}) {
  const t = useDocumentTexts();
  const id = useId();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [status, setStatus] = useState({ text: '', shown: false });
  // The focus goes to the first field to fix in the order shown (react-hook-form's own order is the order fields appeared).
  const { register, control, handleSubmit, setError, setFocus, reset, formState } = useForm<UploadValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: EMPTY,
    shouldFocusError: false,
  });
  const { errors, isSubmitting } = formState;
  const kind = useWatch({ control, name: 'kind' });
  const { field: fileField } = useController({ control, name: 'file' });
  const kinds = (['receipt', 'appraisal', 'photo'] as const).map((value) => ({ value, label: t.kinds[value] }));

  const onSubmit = handleSubmit(
    async (values) => {
      const file = values.file as File;
      setStatus({ text: t.uploading(file.name), shown: false });
      setProgress(null);
      const answer = await documentApi.upload(
        instrumentId,
        { file, kind: values.kind as DocumentKind, valued_on: values.valued_on, value: instrumentValue(values.value) ?? undefined },
        setProgress,
      );
      setProgress(null);
      if (answer.ok) {
        reset(EMPTY);
        setStatus({ text: t.uploaded(answer.data.data.file_name), shown: true });
        onUploaded(answer.data.data);
        return;
      }
      setStatus({ text: t.uploadFailed, shown: false });
      // The server's messages go under their fields; one about the file as a whole under the file.
      let placed = false;
      for (const [field, messages] of Object.entries(answer.body?.errors ?? {})) {
        const name = FIELDS.find((known) => known === field);
        if (!name || !messages[0]) continue;
        setError(name, { type: 'server', message: messages[0] }, { shouldFocus: !placed });
        placed = true;
      }
      if (!placed) {
        const message = answer.status === 413 && !answer.body?.message ? t.tooLargeServer : answer.message;
        setError('file', { type: 'server', message }, { shouldFocus: true });
      }
    },
    (invalid) => {
      const first = FIELDS.find((name) => invalid[name]);
      if (first) setFocus(first);
    },
  );

  return (
    <form className="upload-form" onSubmit={onSubmit} noValidate aria-label={`${t.addTitle} – ${instrumentName}`}>
      <RadioGroup legend={t.kindLegend} options={kinds} registration={register('kind')} error={errorText(t, errors.kind?.message)} />
      {kind === 'appraisal' && (
        <div className="field-row">
          <DateField label={t.valuedOn} name="valued_on" control={control} error={errorText(t, errors.valued_on?.message)} />
          <TextField label={t.value} inputMode="numeric" registration={register('value')} error={errorText(t, errors.value?.message)} />
        </div>
      )}
      <FilePicker
        id={`${id}-file`}
        label={t.file}
        file={fileField.value}
        inputRef={fileField.ref}
        cameraLabel={`${t.takePhoto} – ${instrumentName}`}
        error={errorText(t, errors.file?.message)}
        onPick={(file) => fileField.onChange(file)}
      />
      {isSubmitting && fileField.value && <UploadStatus name={fileField.value.name} progress={progress} />}
      <p className={status.shown ? 'notice notice-success' : 'visually-hidden'} role="status">
        {status.text}
      </p>
      <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
        {t.upload}
      </button>
    </form>
  );
}
