/** The code asked for after the password: the app's code (or a recovery code), or the one e-mailed to a new browser. */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { api, fieldError, type SignInStep } from '../api.ts';
import { TextField } from '../components/fields.tsx';
import { useTexts } from '../locale.tsx';
import { useNotify } from '../toasts.tsx';

export default function CodeForm({ challenge, email, onStep }: { challenge: string; email: boolean; onStep: (step: SignInStep) => void }) {
  const texts = useTexts();
  const notify = useNotify();
  const [recovery, setRecovery] = useState(false);
  const { register, handleSubmit, setError, reset, formState } = useForm<{ code: string }>({ defaultValues: { code: '' } });
  const t = texts.twoFactor;

  const onSubmit = handleSubmit(async ({ code }) => {
    const value = code.trim();
    if (!value) {
      setError('code', { message: t.required }, { shouldFocus: true });
      return;
    }
    const answer = await api.loginCode(challenge, recovery ? { recovery_code: value } : { code: value });
    if (!answer.ok) {
      const message = fieldError(answer.body, recovery ? 'recovery_code' : 'code') ?? answer.message;
      setError('code', { message }, { shouldFocus: true });
      notify.error(message);
      return;
    }
    onStep(answer.data);
  });

  return (
    <>
      <p>{email ? t.emailCodeIntro : recovery ? t.recoveryIntro : t.codeIntro}</p>
      <form onSubmit={onSubmit} noValidate>
        <TextField
          key={recovery ? 'recovery' : 'code'}
          label={email ? t.emailCode : recovery ? t.recoveryCode : t.code}
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          autoFocus
          required
          registration={register('code')}
          error={formState.errors.code}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={formState.isSubmitting}>
          {t.verify}
        </button>
      </form>
      {!email && (
        <p className="form-links">
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setRecovery(!recovery);
              reset({ code: '' });
            }}
          >
            {recovery ? t.useCode : t.useRecovery}
          </button>
        </p>
      )}
    </>
  );
}
