/** 'Vedlegg' in the claim form: the instrument's documents as checkboxes, all ticked at first. */
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { InstrumentDocument } from '../documents/api.ts';
import { useDocumentTexts } from '../documents/texts.ts';
import { Thumbnail } from '../documents/Thumbnail.tsx';
import { useFormats } from '../locale.tsx';
import { useClaimTexts } from './texts.ts';

/** `known` false: the instrument's documents could not be read (they all go with the claim). */
export function AttachmentList({ documents, known, registration }: { documents: InstrumentDocument[]; known: boolean; registration: UseFormRegisterReturn }) {
  const t = useClaimTexts();
  const d = useDocumentTexts();
  const format = useFormats();
  const label = (document: InstrumentDocument) => {
    const kind =
      document.kind === 'appraisal' && document.valued_on && document.value !== null
        ? d.appraisalOf(format.date(document.valued_on), format.amount(document.value))
        : d.kinds[document.kind];
    return `${kind} – ${document.file_name}`;
  };
  return (
    <fieldset className="field claim-attachments" aria-describedby="claim-attachments-hint">
      <legend>{t.form.attachments}</legend>
      <p className="field-hint" id="claim-attachments-hint">
        {!known ? t.form.documentsUnknown : documents.length > 0 ? t.form.attachmentsHint : t.form.noDocuments}
      </p>
      {documents.length > 0 && (
        <ul className="attachment-list">
          {documents.map((document) => (
            <li key={document.id}>
              <label className="attachment">
                <input type="checkbox" value={String(document.id)} {...registration} />
                <Thumbnail document={document} decorative />
                <span>{label(document)}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
