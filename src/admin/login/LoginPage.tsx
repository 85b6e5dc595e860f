/**
 * Staff sign-in at '/': e-mail, password, remember me and the link to '/reset-password'. Plain
 * React, so a first visit does not download react-admin; the staff app shows the same page.
 * An account with two-factor sign-in is asked for its code next; staff who must use it and have
 * not set it up are mailed a link, and the link ('/?enrol=…') leads them through setting it up
 * before anything else. A new browser at an account slowed by wrong passwords is asked for a
 * code from the e-mail.
 */
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { authProvider, finishSignIn, LOGIN_PATH, openEnrolmentLink, startSignIn, type SignInStep } from '../authProvider.ts';
import { markTwoFactorSetup, needsTwoFactorSetup } from '../../common/session.ts';
import { AuthCard, PageLink } from './AuthCard.tsx';
import { Switch, TextField } from './fields.tsx';
import { texts } from './texts.ts';
import { useToast } from './Toast.tsx';
import { emailError, requiredError } from './validation.ts';

const TwoFactorEnrolment = lazy(() => import('./TwoFactorEnrolment.tsx'));

export const RESET_PASSWORD_PATH = '/reset-password';

export interface SignInProps {
  /** Moves to another page of the same app. */
  go: (path: string) => void;
  /** Called after a staff sign-in with where the staff home is. */
  onSignedIn: (redirectTo: string) => void | Promise<void>;
}

type Stage =
  | { kind: 'password' }
  | { kind: 'code'; challenge: string; email?: boolean }
  | { kind: 'mailed'; message: string }
  | { kind: 'link'; token: string }
  | { kind: 'enrol' };

/** The enrolment link's token, when the page was opened from the mail. */
const enrolmentToken = () => new URLSearchParams(window.location.search).get('enrol');

export function LoginPage({ go, onSignedIn }: SignInProps) {
  const [stage, setStage] = useState<Stage>(() => {
    const token = enrolmentToken();
    if (token) return { kind: 'link', token };
    return needsTwoFactorSetup() ? { kind: 'enrol' } : { kind: 'password' };
  });
  const { toast, error } = useToast();

  const follow = async (step: SignInStep) => {
    if (step.kind === 'done') await onSignedIn(step.redirectTo);
    else setStage(step);
  };

  // The link works once: it is opened once, also where effects run twice (StrictMode).
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (stage.kind !== 'link' || opened.current === stage.token) return;
    opened.current = stage.token;
    // The token leaves the address bar (and the history) before it is used.
    window.history.replaceState(null, '', window.location.pathname);
    openEnrolmentLink(stage.token).then(follow, (failure: unknown) => {
      error(failure instanceof Error ? failure.message : texts.errors.generic);
      setStage({ kind: 'password' });
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per link
  }, [stage]);

  if (stage.kind === 'link') {
    return (
      <AuthCard title={texts.twoFactor.title} intro={texts.twoFactor.setup_required}>
        {toast}
        <p role="status">{texts.twoFactor.enrolment_link_opening}</p>
      </AuthCard>
    );
  }
  if (stage.kind === 'mailed') {
    return (
      <AuthCard title={texts.twoFactor.enrolment_mailed_title} intro={stage.message}>
        {toast}
        <button type="button" className="signin-text-button" onClick={() => setStage({ kind: 'password' })}>
          {texts.twoFactor.back_to_sign_in}
        </button>
      </AuthCard>
    );
  }
  if (stage.kind === 'code') {
    const t = texts.twoFactor;
    return (
      <AuthCard title={stage.email ? t.email_code_title : t.code_title} intro={stage.email ? t.email_code_intro : t.code_intro}>
        {toast}
        {/* A new key: the app's code may follow the e-mailed one, with a fresh form. */}
        <CodeStep key={stage.challenge} challenge={stage.challenge} email={stage.email === true} onStep={follow} onError={error} />
      </AuthCard>
    );
  }
  if (stage.kind === 'enrol') {
    return (
      <AuthCard title={texts.twoFactor.title} intro={texts.twoFactor.setup_required}>
        {toast}
        <Suspense fallback={<p role="status">{texts.twoFactor.loading}</p>}>
          <TwoFactorEnrolment
            texts={texts.twoFactor}
            onError={error}
            onDone={() => {
              markTwoFactorSetup(false);
              // '/' signed in goes on to the start page (access/StartPage.tsx).
              void onSignedIn(LOGIN_PATH);
            }}
          />
        </Suspense>
        <button
          type="button"
          className="signin-text-button"
          onClick={async () => {
            await authProvider.logout({});
            setStage({ kind: 'password' });
          }}
        >
          {texts.twoFactor.sign_out}
        </button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={texts.title} intro={texts.intro}>
      {toast}
      <PasswordStep onStep={follow} onError={error} />
      <PageLink to={RESET_PASSWORD_PATH} go={go}>
        {texts.forgot}
      </PageLink>
    </AuthCard>
  );
}

function PasswordStep({ onStep, onError }: { onStep: (step: SignInStep) => Promise<void>; onError: (message: string) => void }) {
  const [values, setValues] = useState({ email: '', password: '', remember: false });
  // As react-admin's forms: nothing is checked before the first submit, then every change is.
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const errors = submitted ? { email: emailError(values.email), password: requiredError(values.password) } : {};

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (emailError(values.email) || requiredError(values.password)) {
      onError(texts.invalidForm);
      return;
    }
    setBusy(true);
    try {
      await onStep(await startSignIn(values));
    } catch (failure) {
      onError(failure instanceof Error ? failure.message : texts.errors.generic);
      setBusy(false);
    }
  };

  return (
    // noValidate: the app shows its own Norwegian messages, not the browser's bubble.
    <form onSubmit={submit} noValidate>
      <TextField
        label={texts.email}
        type="email"
        autoComplete="username"
        required
        value={values.email}
        error={errors.email}
        onChange={(event) => setValues({ ...values, email: event.target.value })}
      />
      <TextField
        label={texts.password}
        type="password"
        autoComplete="current-password"
        required
        value={values.password}
        error={errors.password}
        onChange={(event) => setValues({ ...values, password: event.target.value })}
      />
      <Switch label={texts.remember} checked={values.remember} onChange={(remember) => setValues({ ...values, remember })} />
      <button type="submit" className="signin-submit" disabled={busy}>
        {texts.submit}
      </button>
    </form>
  );
}

function CodeStep({
  challenge,
  email,
  onStep,
  onError,
}: {
  challenge: string;
  email: boolean;
  onStep: (step: SignInStep) => Promise<void>;
  onError: (message: string) => void;
}) {
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLDivElement>(null);
  const t = texts.twoFactor;

  useEffect(() => {
    field.current?.querySelector('input')?.focus();
  }, [recovery]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) {
      setFieldError(texts.required);
      return;
    }
    setBusy(true);
    try {
      await onStep(await finishSignIn(challenge, recovery ? { recovery_code: value.trim() } : { code: value.trim() }));
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : texts.errors.generic;
      setFieldError(message);
      onError(message);
      setBusy(false);
    }
  };

  return (
    <div className="two-factor">
      {recovery && <p>{t.recovery_intro}</p>}
      <form onSubmit={submit} noValidate>
        <div ref={field}>
          <TextField
            key={recovery ? 'recovery' : 'code'}
            label={email ? t.email_code : recovery ? t.recovery_code : t.code}
            inputMode={recovery ? 'text' : 'numeric'}
            autoComplete="one-time-code"
            required
            value={value}
            error={fieldError}
            onChange={(event) => {
              setValue(event.target.value);
              setFieldError(undefined);
            }}
          />
        </div>
        <button type="submit" className="signin-submit" disabled={busy}>
          {t.verify}
        </button>
      </form>
      {!email && (
        <button
          type="button"
          className="signin-text-button"
          onClick={() => {
            setRecovery(!recovery);
            setValue('');
            setFieldError(undefined);
          }}
        >
          {recovery ? t.use_code : t.use_recovery}
        </button>
      )}
    </div>
  );
}
