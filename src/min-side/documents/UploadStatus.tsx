/** An upload's progress, shown by the document form and the claim's photos alike. */
import type { UploadProgress } from '../../common/http.ts';
import { useDocumentTexts } from './texts.ts';

const percentOf = (progress: UploadProgress | null): number =>
  progress && progress.total > 0 ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : 0;

/** The upload's progress bar and what it is doing, for the form and the claim's photos alike. */
export function UploadStatus({ name, progress }: { name: string; progress: UploadProgress | null }) {
  const t = useDocumentTexts();
  const percent = percentOf(progress);
  return (
    <div className="upload-progress">
      <progress max={100} value={progress ? percent : undefined} aria-label={t.progressLabel} aria-valuetext={progress ? `${percent} %` : undefined} />
      <span aria-hidden="true">{progress ? t.uploadingPercent(name, percent) : t.uploading(name)}</span>
    </div>
  );
}
