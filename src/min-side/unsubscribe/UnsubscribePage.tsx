/**
 * /unsubscribe/{token}: the page the link at the bottom of a send's e-mail (or its SMS) opens,
 * no sign-in. Opening it changes nothing (mail scanners open links too); one button turns the
 * link's kind off, then the member sees it done and their other choice, which they can switch,
 * and a way to Min side for the rest.
 */
import { useState } from 'react';
import { useFocusWhen } from '../useFocus.ts';
import { Link, useParams } from '../router.tsx';
import { api, type UnsubscribeState } from '../api.ts';
import { Layout, Loading } from '../components/Layout.tsx';
import { useShownLocale, useTexts } from '../locale.tsx';
import { usePageTexts } from '../pageTexts.ts';
import { useLoad } from '../useLoad.ts';
import { PageTitle } from '../components/PageTitle.tsx';

type Consent = UnsubscribeState['consents'][number];

/** The member's other optional kind as a switch: each press POSTs the new choice. */
function OtherChoice({ consent, label, busy, onChange }: { consent: Consent; label: string; busy: boolean; onChange: (given: boolean) => void }) {
  const t = usePageTexts().unsubscribe;
  const hint = `unsubscribe-hint-${consent.kind}`;
  return (
    <div className="consent-choice">
      <button
        type="button"
        role="switch"
        aria-checked={consent.given}
        aria-describedby={hint}
        className="consent-switch"
        // Not disabled while a change is on its way: a disabled button would lose the keyboard's focus.
        aria-disabled={busy}
        onClick={() => {
          if (!busy) onChange(!consent.given);
        }}
      >
        <span className="consent-switch-label">{label}</span>
        <span className={`consent-switch-state ${consent.given ? 'is-on' : 'is-off'}`} aria-hidden="true">
          {consent.given ? t.on : t.off}
        </span>
      </button>
      <p id={hint} className="muted consent-hint">
        {consent.given ? t.otherOn : t.otherOff}
      </p>
    </div>
  );
}

function Choices({ token, initial }: { token: string; initial: UnsubscribeState }) {
  const t = usePageTexts().unsubscribe;
  const en = useShownLocale() === 'en';
  const [state, setState] = useState(initial);
  // Already off when the page opened: nothing to press, the page says so.
  const [done, setDone] = useState<'now' | 'before' | null>(initial.consents[0].given ? null : 'before');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [changed, setChanged] = useState<string | null>(null);
  const labelOf = (consent: { label: string; label_en: string }) => (en ? consent.label_en : consent.label);
  const kindLabel = en ? state.kind_label_en : state.kind_label;

  // The button is gone once it has done its work: the focus goes to what it did.
  const result = useFocusWhen<HTMLHeadingElement>(done === 'now');

  const send = async (choice?: { kind: Consent['kind']; given: boolean }) => {
    setBusy(true);
    setError(null);
    const answer = await api.unsubscribe(token, choice);
    setBusy(false);
    if (!answer.ok) {
      setError(answer.status === 404 ? t.invalid : answer.status === 429 ? answer.message : t.failed);
      return;
    }
    setState(answer.data.data);
    if (!choice) setDone('now');
    else {
      const consent = answer.data.data.consents.find((each) => each.kind === choice.kind)!;
      setChanged(consent.given ? t.changedOn(labelOf(consent)) : t.changedOff(labelOf(consent)));
    }
  };

  const errorNotice = error && (
    <p className="notice notice-error" role="alert">
      {error}
    </p>
  );
  if (!done) {
    return (
      <>
        <p>{t.about(kindLabel)}</p>
        <p className="muted">{t.required}</p>
        {errorNotice}
        <button
          type="button"
          className="btn btn-primary btn-block"
          aria-disabled={busy}
          onClick={() => {
            if (!busy) void send();
          }}
        >
          {busy ? t.working : t.button}
        </button>
      </>
    );
  }
  const others = state.consents.filter((consent) => consent.kind !== state.kind);
  return (
    <>
      <div className="notice notice-success">
        <h2 ref={result} tabIndex={-1} className="unsubscribe-done">
          {done === 'now' ? t.done(kindLabel) : t.alreadyOff(kindLabel)}
        </h2>
        <p>{t.doneText}</p>
      </div>
      <p className="muted">{t.required}</p>
      {others.length > 0 && (
        <section aria-labelledby="unsubscribe-other">
          <h2 id="unsubscribe-other">{t.otherHeading}</h2>
          {others.map((consent) => (
            <OtherChoice
              key={consent.kind}
              consent={consent}
              label={labelOf(consent)}
              busy={busy}
              onChange={(given) => void send({ kind: consent.kind, given })}
            />
          ))}
          <p role="status" className="consent-changed">
            {changed}
          </p>
        </section>
      )}
      {errorNotice}
      <p>
        {t.rest} <Link to="/profile">{t.minSide}</Link>
      </p>
    </>
  );
}

export default function UnsubscribePage() {
  const texts = useTexts();
  const t = usePageTexts().unsubscribe;
  const { token = '' } = useParams();
  const [answer] = useLoad(() => api.unsubscribeState(token), [token]);
  return (
    <Layout>
      <PageTitle>{`${t.pageTitle} – ${texts.appName}`}</PageTitle>
      <h1>{t.heading}</h1>
      {answer.state === 'loading' && <Loading />}
      {answer.state === 'loaded' && <Choices token={token} initial={answer.data.data} />}
      {answer.state === 'error' && (
        <>
          <p className="notice notice-error" role="alert">
            {answer.status === 404 || answer.status === 400 ? t.invalid : answer.status === 429 ? answer.message : t.failed}
          </p>
          <p>
            <Link to="/profile">{t.minSide}</Link>
          </p>
        </>
      )}
    </Layout>
  );
}
