/**
 * Choosing a file on a phone: the file input (files, or the phone's own choice of library and
 * camera) and 'Ta bilde', which opens the camera at once. The chosen file stays shown by name.
 */
import { useEffect, useRef, type ChangeEvent, type Ref } from 'react';
import { useShownLocale } from '../locale.tsx';
import { ACCEPT } from './api.ts';
import { fileSize, useDocumentTexts } from './texts.ts';

export function FilePicker({
  id,
  label,
  file,
  onPick,
  error,
  inputRef,
  disabled,
  cameraLabel,
}: {
  id: string;
  label: string;
  file: File | null;
  onPick: (file: File) => void;
  error?: string;
  /** For the form: focus goes here when the file is what is wrong. */
  inputRef?: Ref<HTMLInputElement>;
  disabled?: boolean;
  /** The camera button's name when the page has several ('Ta bilde' alone otherwise). */
  cameraLabel?: string;
}) {
  const t = useDocumentTexts();
  const locale = useShownLocale();
  const files = useRef<HTMLInputElement | null>(null);
  const camera = useRef<HTMLInputElement>(null);

  // The form was reset after an upload: both inputs let go of the file they held.
  useEffect(() => {
    if (file) return;
    if (files.current) files.current.value = '';
    if (camera.current) camera.current.value = '';
  }, [file]);

  const pick = (event: ChangeEvent<HTMLInputElement>, other: HTMLInputElement | null) => {
    const chosen = event.target.files?.[0];
    if (!chosen) return;
    // One file at a time: the other input forgets its own.
    if (other) other.value = '';
    onPick(chosen);
  };

  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="field file-field">
      <div className="field-label">
        <label htmlFor={id}>{label}</label>
      </div>
      <div className="file-row">
        <input
          id={id}
          ref={(element) => {
            files.current = element;
            if (typeof inputRef === 'function') inputRef(element);
            else if (inputRef) inputRef.current = element;
          }}
          type="file"
          accept={ACCEPT}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => pick(event, camera.current)}
        />
        <button type="button" className="btn btn-secondary" disabled={disabled} aria-label={cameraLabel} onClick={() => camera.current?.click()}>
          {t.takePhoto}
        </button>
        <input ref={camera} type="file" accept="image/*" capture="environment" hidden tabIndex={-1} onChange={(event) => pick(event, files.current)} />
      </div>
      <p className="field-hint" id={`${id}-hint`}>
        {t.limits}
      </p>
      {file && <p className="file-chosen">{t.chosen(file.name, fileSize(file.size, locale))}</p>}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
