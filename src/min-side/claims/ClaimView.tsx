/**
 * One claim as the member follows it: what happened, its state in words ('Sendt', 'Under
 * behandling', 'Avgjort' with the outcome, 'Trukket'), our note, the packet to download in the
 * language shown, 'Trekk skademeldingen' while it can be withdrawn, and everything it recorded.
 */
import { useState } from 'react';
import { useQuestionFocus } from '../useFocus.ts';
import { todayIso } from '../../common/format.ts';
import { useDocumentTexts } from '../documents/texts.ts';
import { useFormats, useShownLocale } from '../locale.tsx';
import { canWithdraw, claimApi, type Claim } from './api.ts';
import { countryName } from './countries.ts';
import { RegisterFacts } from './RegisterFacts.tsx';
import { useClaimTexts } from './texts.ts';

function Withdraw({ claim, onChanged }: { claim: Claim; onChanged: (claim: Claim) => void }) {
  const t = useClaimTexts();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { question, button, stayAway } = useQuestionFocus<HTMLParagraphElement, HTMLButtonElement>(asking);

  const withdraw = async () => {
    setBusy(true);
    setProblem(null);
    const answer = await claimApi.withdraw(claim.id);
    setBusy(false);
    if (answer.ok) {
      stayAway();
      onChanged(answer.data.data);
      return;
    }
    setProblem(answer.message);
  };

  if (!asking) {
    return (
      <button ref={button} type="button" className="btn btn-secondary" aria-label={t.withdrawFor(claim.id)} onClick={() => setAsking(true)}>
        {t.withdraw}
      </button>
    );
  }
  return (
    <div className="claim-confirm">
      <p ref={question} tabIndex={-1}>
        {t.confirmWithdraw}
      </p>
      <div className="button-group">
        <button type="button" className="btn btn-danger" disabled={busy} onClick={() => void withdraw()}>
          {t.confirmYes}
        </button>
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => setAsking(false)}>
          {t.confirmNo}
        </button>
      </div>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

export function ClaimView({
  claim,
  onChanged,
  open,
  headingLevel = 2,
}: {
  claim: Claim;
  onChanged: (claim: Claim) => void;
  /** Whether all details show at first (the claim's own page) or wait behind 'Alle opplysninger' (the list). */
  open?: boolean;
  headingLevel?: 2 | 3;
}) {
  const t = useClaimTexts();
  const d = useDocumentTexts();
  const format = useFormats();
  const locale = useShownLocale();
  const [packetProblem, setPacketProblem] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const Sub = headingLevel === 2 ? 'h3' : 'h4';
  const { instrument } = claim.snapshot;
  const headingId = `claim-${claim.id}`;

  const packet = async () => {
    setPacketProblem(null);
    const result = await claimApi.packet(claim.id, locale);
    if (!result.ok) setPacketProblem(result.status === 0 ? result.message : t.packetFailed);
  };

  // The state stands beside the heading; a decided claim's outcome comes first among the facts.
  const facts: [string, string][] = claim.outcome ? [[t.facts.outcome, t.outcomes[claim.outcome]]] : [];
  facts.push(
    [t.facts.reported, format.date(todayIso(new Date(claim.created_at)))],
    [t.facts.occurredOn, format.date(claim.occurred_on)],
    [t.facts.place, `${claim.place}, ${countryName(claim.country, locale)}`],
  );
  if (claim.police_report) facts.push([t.facts.police, claim.police_report]);

  return (
    <article className="claim" aria-labelledby={headingId}>
      <div className="claim-head">
        <Heading id={headingId}>{t.heading(t.form.kinds[claim.kind], `${instrument.make} ${instrument.model}`)}</Heading>
        <span className={`claim-state claim-state-${claim.state}`}>{t.states[claim.state]}</span>
      </div>
      <p className="muted claim-number">{t.number(claim.id)}</p>
      <dl className="claim-facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {claim.note && (
        <div className="claim-note">
          <p className="claim-note-title">{t.note}</p>
          <p>{claim.note}</p>
        </div>
      )}
      <div className="button-group claim-actions">
        <button type="button" className="btn btn-primary" aria-label={t.packetFor(claim.id)} onClick={() => void packet()}>
          {t.packet}
        </button>
        {canWithdraw(claim) && (
          <Withdraw
            claim={claim}
            onChanged={(changed) => {
              setAnnounce(t.withdrawn);
              onChanged(changed);
            }}
          />
        )}
      </div>
      {packetProblem && (
        <p className="field-error" role="alert">
          {packetProblem}
        </p>
      )}
      <p className="visually-hidden" role="status">
        {announce}
      </p>
      <details className="claim-details" open={open}>
        <summary>{t.facts.details}</summary>
        <Sub>{t.facts.description}</Sub>
        <p className="claim-description">{claim.description}</p>
        <RegisterFacts snapshot={claim.snapshot} sent />
        <Sub>{t.facts.documents}</Sub>
        {claim.documents.length === 0 ? (
          <p className="muted">{t.noDocuments}</p>
        ) : (
          <ul className="claim-documents">
            {claim.documents.map((document) => (
              <li key={document.id}>{`${d.kinds[document.kind]} – ${document.file_name}`}</li>
            ))}
          </ul>
        )}
        <Sub>{t.facts.history}</Sub>
        <ol className="claim-history">
          {claim.events.map((event, index) => (
            <li key={index}>
              <span>{`${format.dateTime(event.created_at)}: ${t.states[event.state]}${event.outcome ? ` (${t.outcomes[event.outcome]})` : ''}`}</span>
              {event.note && <span className="claim-history-note">{event.note}</span>}
            </li>
          ))}
        </ol>
      </details>
    </article>
  );
}
