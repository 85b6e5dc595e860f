/** The profile's two-factor sign-in section: optional for members; set up in place, turned off with a code. */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { api, fieldError } from '../api.ts';
import { TextField } from '../components/fields.tsx';
import { Card, Loading } from '../components/Layout.tsx';
import { useTexts } from '../locale.tsx';
import { useNotify } from '../toasts.tsx';

const TwoFactorSetup = lazy(() => import('./TwoFactorSetup.tsx'));

export function TwoFactorCard() {
  const texts = useTexts();
  const notify = useNotify();
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  const [mode, setMode] = useState<'view' | 'setup' | 'disable'>('view');
  const t = texts.twoFactor;

  useEffect(() => {
    void api.twoFactor().then((answer) => {
      if (answer.ok) setEnabled(answer.data.data.enabled);
      else setUnavailable(true);
    });
  }, []);

  // A blocked account cannot change its sign-in; the section is left out then.
  if (unavailable) return null;

  return (
    <Card title={t.title}>
      {enabled === null ? (
        <Loading />
      ) : mode === 'setup' ? (
        <Suspense fallback={<Loading />}>
          <TwoFactorSetup
            onDone={() => {
              notify.success(t.enabled);
              setEnabled(true);
              setMode('view');
            }}
          />
        </Suspense>
      ) : mode === 'disable' ? (
        <DisableForm
          onCancel={() => setMode('view')}
          onDone={() => {
            notify.success(t.disabled);
            setEnabled(false);
            setMode('view');
          }}
        />
      ) : (
        <>
          <p>{enabled ? t.statusOn : t.statusOff}</p>
          <button type="button" className={`btn ${enabled ? 'btn-secondary' : 'btn-primary'}`} onClick={() => setMode(enabled ? 'disable' : 'setup')}>
            {enabled ? t.disable : t.start}
          </button>
        </>
      )}
    </Card>
  );
}

function DisableForm({ onCancel, onDone }: { onCancel: () => void; onDone: () => void }) {
  const texts = useTexts();
  const { register, handleSubmit, setError, formState } = useForm<{ code: string }>({ defaultValues: { code: '' } });
  const t = texts.twoFactor;
  const onSubmit = handleSubmit(async ({ code }) => {
    if (!code.trim()) {
      setError('code', { message: t.required }, { shouldFocus: true });
      return;
    }
    const answer = await api.twoFactorDisable(code.trim());
    if (!answer.ok) {
      setError('code', { message: fieldError(answer.body, 'code') ?? answer.message }, { shouldFocus: true });
      return;
    }
    onDone();
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <p>{t.disableIntro}</p>
      <TextField
        label={t.code}
        inputMode="numeric"
        autoComplete="one-time-code"
        autoFocus
        required
        registration={register('code')}
        error={formState.errors.code}
      />
      <div className="button-row">
        <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
          {t.disable}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {t.cancel}
        </button>
      </div>
    </form>
  );
}
