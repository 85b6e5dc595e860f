/**
 * One document in 'Dokumenter': its thumbnail, what it is, 'Last ned', and 'Slett' behind a
 * confirmation, or why it cannot be deleted while a claim uses it.
 */
import { useState } from 'react';
import { useQuestionFocus } from '../useFocus.ts';
import { todayIso } from '../../common/format.ts';
import { useFormats } from '../locale.tsx';
import { documentApi, type InstrumentDocument } from './api.ts';
import { Thumbnail } from './Thumbnail.tsx';
import { useDocumentTexts } from './texts.ts';

export function DocumentItem({ document, onRemoved }: { document: InstrumentDocument; onRemoved: (document: InstrumentDocument) => void }) {
  const t = useDocumentTexts();
  const format = useFormats();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // The question takes the focus when it opens; 'Avbryt' gives it back to 'Slett'.
  const { question, button: removeButton, stayAway } = useQuestionFocus<HTMLParagraphElement, HTMLButtonElement>(confirming);
  const name = document.file_name;

  const download = async () => {
    setProblem(null);
    const result = await documentApi.download(document);
    if (!result.ok) setProblem(result.status === 0 ? result.message : t.downloadFailed);
  };

  const remove = async () => {
    setBusy(true);
    setProblem(null);
    const result = await documentApi.remove(document.id);
    setBusy(false);
    if (result.ok) {
      onRemoved(document);
      return;
    }
    stayAway();
    setConfirming(false);
    setProblem(result.message);
  };

  // An appraisal's date and value each stay on one line (a date breaks at its dashes otherwise).
  const valued =
    document.kind === 'appraisal' && document.valued_on && document.value !== null
      ? [format.date(document.valued_on), t.amount(format.amount(document.value))]
      : null;

  return (
    <li className="doc-item">
      <Thumbnail document={document} />
      <div className="doc-body">
        <p className="doc-kind">{t.kinds[document.kind]}</p>
        {valued && (
          <p>
            <span className="nowrap">{valued[0]}</span>, <span className="nowrap">{valued[1]}</span>
          </p>
        )}
        <p className="doc-name">{name}</p>
        <p className="doc-date">{t.uploadedOn(format.date(todayIso(new Date(document.created_at))))}</p>
        {confirming ? (
          <div className="doc-confirm">
            <p ref={question} tabIndex={-1}>
              {t.confirmRemove(name)}
            </p>
            <div className="doc-actions">
              <button type="button" className="btn btn-danger btn-small" disabled={busy} onClick={() => void remove()}>
                {t.confirmYes}
              </button>
              <button type="button" className="btn btn-secondary btn-small" disabled={busy} onClick={() => setConfirming(false)}>
                {t.confirmNo}
              </button>
            </div>
          </div>
        ) : (
          <div className="doc-actions">
            <button type="button" className="btn btn-secondary btn-small" aria-label={t.open(name)} onClick={() => void download()}>
              {t.openShort}
            </button>
            {!document.in_claim && (
              <button ref={removeButton} type="button" className="btn btn-secondary btn-small" aria-label={t.remove(name)} onClick={() => setConfirming(true)}>
                {t.removeShort}
              </button>
            )}
          </div>
        )}
        {document.in_claim && <p className="doc-note">{t.inClaim}</p>}
        {problem && (
          <p className="field-error" role="alert">
            {problem}
          </p>
        )}
      </div>
    </li>
  );
}
