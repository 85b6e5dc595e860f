/** Setting up two-factor sign-in on Min side: QR code and key, one code, then the recovery codes once. */
import { useEffect, useRef, useState } from 'react';
import { useFocusWhen } from '../useFocus.ts';
import { useForm } from 'react-hook-form';
import { QRCodeSVG } from 'qrcode.react';
import { api, fieldError } from '../api.ts';
import { TextField } from '../components/fields.tsx';
import { Loading } from '../components/Layout.tsx';
import { useTexts } from '../locale.tsx';

export default function TwoFactorSetup({ onDone }: { onDone: () => void }) {
  const texts = useTexts();
  const [setup, setSetup] = useState<{ secret: string; otpauth_url: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const started = useRef(false);
  const heading = useFocusWhen<HTMLHeadingElement>(codes);
  const { register, handleSubmit, setError, formState } = useForm<{ code: string }>({ defaultValues: { code: '' } });
  const t = texts.twoFactor;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void api.twoFactorSetup().then((answer) => (answer.ok ? setSetup(answer.data.data) : setFailed(answer.message)));
  }, []);

  const onSubmit = handleSubmit(async ({ code }) => {
    if (!code.trim()) {
      setError('code', { message: t.required }, { shouldFocus: true });
      return;
    }
    const answer = await api.twoFactorEnable(code.trim());
    if (!answer.ok) {
      setError('code', { message: fieldError(answer.body, 'code') ?? answer.message }, { shouldFocus: true });
      return;
    }
    setCodes(answer.data.data.recovery_codes);
  });

  if (failed) return <p role="alert">{failed}</p>;
  if (!setup) return <Loading />;
  if (codes) {
    return (
      <>
        <h3 ref={heading} tabIndex={-1}>
          {t.recoveryTitle}
        </h3>
        <p>{t.recoveryCodesIntro}</p>
        <ul className="recovery-codes" aria-label={t.recoveryTitle}>
          {codes.map((one) => (
            <li key={one}>
              <code>{one}</code>
            </li>
          ))}
        </ul>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          {t.done}
        </button>
      </>
    );
  }
  return (
    <>
      <p>{t.steps}</p>
      <div className="two-factor-qr">
        <QRCodeSVG value={setup.otpauth_url} size={180} marginSize={4} level="M" title={t.qrLabel} />
      </div>
      <p>
        {t.key}: <code data-testid="two-factor-key">{setup.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
      </p>
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label={t.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          maxLength={6}
          registration={register('code')}
          error={formState.errors.code}
        />
        <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
          {t.enable}
        </button>
      </form>
    </>
  );
}
