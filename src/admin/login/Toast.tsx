/**
 * The sign-in pages' toast, like the staff app's: success closes after 3 s, an error stays until
 * its close button is used. It renders nothing while there is no message.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { texts } from './texts.ts';

export const SUCCESS_DURATION = 3000;

interface Message {
  kind: 'success' | 'error';
  text: string;
}

export function useToast() {
  const [message, setMessage] = useState<Message | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback((kind: Message['kind'], text: string) => {
    clearTimeout(timer.current);
    setMessage({ kind, text });
    if (kind === 'success') timer.current = setTimeout(() => setMessage(null), SUCCESS_DURATION);
  }, []);
  const toast = message && (
    <div className={`signin-toast signin-toast-${message.kind}`} role={message.kind === 'error' ? 'alert' : 'status'}>
      <span className="signin-toast-message">{message.text}</span>
      {message.kind === 'error' && (
        <button type="button" aria-label={texts.errors.dismiss} onClick={() => setMessage(null)}>
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path fill="currentColor" d="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z" />
          </svg>
        </button>
      )}
    </div>
  );
  return { toast, success: (text: string) => show('success', text), error: (text: string) => show('error', text) };
}
