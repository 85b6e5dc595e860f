/**
 * Setting up two-factor sign-in: the QR code of the otpauth address and the key as text, one code
 * from the app to confirm, then the ten recovery codes, shown once. Plain React, loaded only when
 * needed, so both the sign-in page and the staff app's profile can show it.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import { http } from '../../common/http.ts';
import { TextField } from './fields.tsx';
import type { texts as allTexts } from './texts.ts';
import './signin.css';

export type TwoFactorTexts = typeof allTexts.twoFactor;

/** The key in groups of four, as authenticator apps show it. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

export default function TwoFactorEnrolment({
  texts,
  intro,
  onDone,
  onError,
}: {
  texts: TwoFactorTexts;
  intro?: string;
  onDone: () => void;
  onError: (message: string) => void;
}) {
  const [setup, setSetup] = useState<{ secret: string; otpauth_url: string } | null>(null);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const started = useRef(false);

  useEffect(() => {
    // Once per mount, also under StrictMode: a second setup would replace the key just shown.
    if (started.current) return;
    started.current = true;
    void http.post<{ data: { secret: string; otpauth_url: string } }>('/api/user/2fa/setup').then((result) => {
      if (result.ok) setSetup(result.data.data);
      else onError(result.message);
    });
  }, [onError]);

  useEffect(() => {
    if (recoveryCodes) heading.current?.focus();
  }, [recoveryCodes]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setFieldError(texts.code);
      return;
    }
    setBusy(true);
    const result = await http.post<{ data: { recovery_codes: string[] } }>('/api/user/2fa/enable', { code: code.trim() });
    setBusy(false);
    if (!result.ok) {
      const message = result.body?.errors?.code?.[0] ?? result.message;
      setFieldError(message);
      onError(message);
      return;
    }
    setRecoveryCodes(result.data.data.recovery_codes);
  };

  if (recoveryCodes) {
    return (
      <div className="two-factor">
        <h2 ref={heading} tabIndex={-1}>
          {texts.recovery_title}
        </h2>
        <p>{texts.recovery_codes_intro}</p>
        <ul className="two-factor-codes" aria-label={texts.recovery_title}>
          {recoveryCodes.map((one) => (
            <li key={one}>
              <code>{one}</code>
            </li>
          ))}
        </ul>
        <button type="button" className="signin-submit" onClick={onDone}>
          {texts.done}
        </button>
      </div>
    );
  }

  return (
    <div className="two-factor">
      <h2>{texts.setup_title}</h2>
      {intro && <p className="two-factor-note">{intro}</p>}
      <p>{texts.setup_steps}</p>
      {setup ? (
        <>
          <div className="two-factor-qr">
            <QRCodeSVG value={setup.otpauth_url} size={180} marginSize={4} level="M" title={texts.qr_label} />
          </div>
          <p className="two-factor-key">
            <span>{texts.key}: </span>
            <code data-testid="two-factor-key">{grouped(setup.secret)}</code>
          </p>
          <form onSubmit={submit} noValidate>
            <TextField
              label={texts.code}
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              maxLength={6}
              value={code}
              error={fieldError}
              onChange={(event) => {
                setCode(event.target.value);
                setFieldError(undefined);
              }}
            />
            <button type="submit" className="signin-submit" disabled={busy}>
              {texts.enable}
            </button>
          </form>
        </>
      ) : (
        <p role="status">{texts.loading}</p>
      )}
    </div>
  );
}
