/**
 * 'Legg til bilder' in the claim form: a photo taken or chosen is uploaded at once to the
 * instrument's documents (kind photo) and attached to the claim. A refused one stays chosen,
 * with the reason and 'Prøv igjen'.
 */
import { useId, useState } from 'react';
import type { UploadProgress } from '../../common/http.ts';
import { acceptableFile, documentApi, MAX_FILE_BYTES, type InstrumentDocument } from '../documents/api.ts';
import { FilePicker } from '../documents/FilePicker.tsx';
import { useDocumentTexts } from '../documents/texts.ts';
import { UploadStatus } from '../documents/UploadStatus.tsx';
import { useClaimTexts } from './texts.ts';

export function ClaimPhotos({
  instrumentId,
  instrumentName,
  onUploaded,
}: {
  instrumentId: number;
  instrumentName: string;
  onUploaded: (document: InstrumentDocument) => void;
}) {
  const t = useClaimTexts();
  const d = useDocumentTexts();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState('');

  const send = async (chosen: File) => {
    setFile(chosen);
    setError(undefined);
    if (!acceptableFile(chosen)) return setError(d.errors.fileType);
    if (chosen.size > MAX_FILE_BYTES) return setError(d.errors.fileTooLarge);
    setBusy(true);
    setProgress(null);
    setStatus(d.uploading(chosen.name));
    const answer = await documentApi.upload(instrumentId, { file: chosen, kind: 'photo' }, setProgress);
    setBusy(false);
    if (answer.ok) {
      setFile(null);
      setStatus(d.uploaded(answer.data.data.file_name));
      onUploaded(answer.data.data);
      return undefined;
    }
    setStatus(d.uploadFailed);
    return setError(answer.status === 413 && !answer.body?.message ? d.tooLargeServer : answer.message);
  };

  return (
    <div className="claim-photos">
      <FilePicker
        id={`${id}-photos`}
        label={t.form.addPhotos}
        file={file}
        error={error}
        cameraLabel={`${d.takePhoto} – ${instrumentName}`}
        onPick={(chosen) => void send(chosen)}
      />
      {busy && file && <UploadStatus name={file.name} progress={progress} />}
      {error && file && !busy && (
        <button type="button" className="btn btn-secondary" onClick={() => void send(file)}>
          {t.form.retry}
        </button>
      )}
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </div>
  );
}
