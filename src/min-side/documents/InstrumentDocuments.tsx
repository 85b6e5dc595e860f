/**
 * 'Dokumenter og skade' on the instrument screen: for each insured instrument its documents as
 * thumbnails, 'Legg til dokument', and 'Meld skade'; and the way to the member's claims.
 */
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { Link } from '../router.tsx';
import { claimPaths } from '../claims/api.ts';
import type { Instrument } from '../instruments/api.ts';
import { useLoad } from '../useLoad.ts';
import { documentApi, MAX_DOCUMENTS, type InstrumentDocument } from './api.ts';
import { DocumentItem } from './DocumentItem.tsx';
import { useDocumentTexts } from './texts.ts';
import './documents.css';

// The upload form, with its form library, loads when the member goes for it (the button's hover
// or focus), not with the screen.
const loadUploadForm = () => import('./UploadForm.tsx');
const UploadForm = lazy(() => loadUploadForm().then((module) => ({ default: module.UploadForm })));

/** The documents of one instrument, as a list the screen keeps up to date after uploads and deletes. */
export function useInstrumentDocuments(instrumentId: number) {
  const [loaded, , replace] = useLoad(() => documentApi.list(instrumentId), [instrumentId]);
  const documents = loaded.state === 'loaded' ? loaded.data.data : null;
  const set = (next: InstrumentDocument[]) => replace({ data: next });
  return {
    state: loaded.state,
    documents,
    added: (document: InstrumentDocument) => set([...(documents ?? []), document]),
    removed: (document: InstrumentDocument) => set((documents ?? []).filter((one) => one.id !== document.id)),
  };
}

export function DocumentGrid({ documents, onRemoved }: { documents: InstrumentDocument[]; onRemoved: (document: InstrumentDocument) => void }) {
  return (
    <ul className="doc-grid">
      {documents.map((document) => (
        <DocumentItem key={document.id} document={document} onRemoved={onRemoved} />
      ))}
    </ul>
  );
}

function InstrumentCard({ memberId, instrument, onChanged }: { memberId: number; instrument: Instrument; onChanged?: () => void }) {
  const t = useDocumentTexts();
  const id = useId();
  const name = `${instrument.make} ${instrument.model}`;
  const { state, documents, added, removed } = useInstrumentDocuments(instrument.id);
  const [announce, setAnnounce] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  // The upload form opens on asking, so a phone's page of several instruments stays short.
  const [adding, setAdding] = useState(false);
  return (
    <section className="doc-instrument" aria-labelledby={`${id}-name`}>
      <div className="doc-instrument-head">
        <h3 id={`${id}-name`}>{name}</h3>
        <p className="muted">{[instrument.category, instrument.serial_number].filter(Boolean).join(' · ')}</p>
        <Link className="btn btn-primary" to={claimPaths.create(memberId, instrument.id)} aria-label={t.reportClaimOn(name)}>
          {t.reportClaim}
        </Link>
      </div>
      <h4 ref={heading} tabIndex={-1}>
        {documents ? t.count(documents.length) : t.title}
      </h4>
      {state === 'loading' && <p className="muted">{t.loading}</p>}
      {state === 'error' && <p className="notice notice-error">{t.loadFailed}</p>}
      {documents && (
        <>
          {documents.length === 0 ? (
            <p className="muted">{t.none}</p>
          ) : (
            <DocumentGrid
              documents={documents}
              onRemoved={(document) => {
                removed(document);
                onChanged?.();
                setAnnounce(t.removed(document.file_name));
                // The deleted item took the focus with it: it goes to the list's heading.
                heading.current?.focus();
              }}
            />
          )}
          <p className="visually-hidden" role="status">
            {announce}
          </p>
          {documents.length >= MAX_DOCUMENTS ? (
            <p className="notice notice-info">{t.full}</p>
          ) : (
            <>
              <button
                type="button"
                className="btn btn-secondary"
                aria-expanded={adding}
                aria-controls={`${id}-upload`}
                onPointerEnter={() => void loadUploadForm()}
                onFocus={() => void loadUploadForm()}
                onClick={() => setAdding(!adding)}
              >
                {t.addTitle}
              </button>
              <div id={`${id}-upload`} hidden={!adding}>
                {adding && (
                  <Suspense fallback={null}>
                    <UploadForm
                      instrumentId={instrument.id}
                      instrumentName={name}
                      onUploaded={(document) => {
                        added(document);
                        onChanged?.();
                      }}
                    />
                  </Suspense>
                )}
              </div>
            </>
          )}
        </>
      )}
    </section>
  );
}

export function InstrumentDocuments({ memberId, instruments, onChanged }: { memberId: number; instruments: Instrument[]; onChanged?: () => void }) {
  const t = useDocumentTexts();
  // Claims outlive the cover: their list stays reachable when nothing is insured any more.
  if (instruments.length === 0)
    return (
      <p>
        <Link to={claimPaths.list(memberId)}>{t.claims}</Link>
      </p>
    );
  return (
    <div className="doc-section">
      <h2 className="card-title">{t.sectionTitle}</h2>
      <p className="muted">{t.sectionIntro}</p>
      <p>
        <Link to={claimPaths.list(memberId)}>{t.claims}</Link>
      </p>
      {instruments.map((instrument) => (
        <InstrumentCard key={instrument.id} memberId={memberId} instrument={instrument} onChanged={onChanged} />
      ))}
    </div>
  );
}
