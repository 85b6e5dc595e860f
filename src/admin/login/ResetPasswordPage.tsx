/** '/reset-password': asks for a reset link; the server's message is shown on success and on error alike. */
import { useState, type FormEvent } from 'react';
import { http } from '../../common/http.ts';
import { AuthCard, PageLink } from './AuthCard.tsx';
import { TextField } from './fields.tsx';
import { texts } from './texts.ts';
import { useToast } from './Toast.tsx';
import { emailError } from './validation.ts';

export function ResetPasswordPage({ go }: { go: (path: string) => void }) {
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const { toast, success, error } = useToast();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (emailError(email)) {
      error(texts.invalidForm);
      return;
    }
    setBusy(true);
    const result = await http.post<{ message: string }>('/api/user/password/reset', { email });
    setBusy(false);
    if (result.ok) success(result.data.message);
    else error(result.message);
  };

  return (
    <AuthCard title={texts.reset.title} intro={texts.reset.intro}>
      {toast}
      <form onSubmit={submit} noValidate>
        <TextField
          label={texts.email}
          type="email"
          autoComplete="email"
          required
          value={email}
          error={submitted ? emailError(email) : undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button type="submit" className="signin-submit" disabled={busy}>
          {texts.reset.submit}
        </button>
      </form>
      <PageLink to="/" go={go}>
        {texts.reset.back}
      </PageLink>
    </AuthCard>
  );
}
