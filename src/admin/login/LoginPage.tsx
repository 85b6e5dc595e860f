/**
 * Staff sign-in at '/': e-mail, password, remember me and the link to '/reset-password'. Plain
 * React, so a first visit does not download react-admin; the staff app shows the same page.
 */
import { useState, type FormEvent } from 'react';
import { authProvider } from '../authProvider.ts';
import { AuthCard, PageLink } from './AuthCard.tsx';
import { Switch, TextField } from './fields.tsx';
import { texts } from './texts.ts';
import { useToast } from './Toast.tsx';
import { emailError, requiredError } from './validation.ts';

export const RESET_PASSWORD_PATH = '/reset-password';

export interface SignInProps {
  /** Moves to another page of the same app. */
  go: (path: string) => void;
  /** Called after a staff sign-in with where the staff home is. */
  onSignedIn: (redirectTo: string) => void | Promise<void>;
}

export function LoginPage({ go, onSignedIn }: SignInProps) {
  const [values, setValues] = useState({ email: '', password: '', remember: false });
  // As react-admin's forms: nothing is checked before the first submit, then every change is.
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const { toast, error } = useToast();
  const errors = submitted ? { email: emailError(values.email), password: requiredError(values.password) } : {};

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (emailError(values.email) || requiredError(values.password)) {
      error(texts.invalidForm);
      return;
    }
    setBusy(true);
    try {
      const answer = (await authProvider.login(values)) as { redirectTo?: string } | undefined;
      await onSignedIn(answer?.redirectTo ?? '/membership');
    } catch (failure) {
      error(failure instanceof Error ? failure.message : texts.errors.generic);
      setBusy(false);
    }
  };

  return (
    <AuthCard title={texts.title} intro={texts.intro}>
      {toast}
      {/* noValidate: the app shows its own Norwegian messages, not the browser's bubble. */}
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
      <PageLink to={RESET_PASSWORD_PATH} go={go}>
        {texts.forgot}
      </PageLink>
    </AuthCard>
  );
}
