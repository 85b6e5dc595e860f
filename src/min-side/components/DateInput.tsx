/**
 * The spec's date picker for Min side: type dd/mm/åååå or pick from a calendar (loaded when it
 * is first opened), clear with one button. The form's value is 'yyyy-MM-dd' or ''. It is bound to
 * a form through `field` (DateField.tsx binds it to react-hook-form, lightForm.ts's `field` to a
 * light form).
 */
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { isIsoDate, isoToText, textToIso } from '../dateText.ts';
import { useShownLocale, useTexts } from '../locale.tsx';
import { messageIn } from '../texts.ts';

const DateCalendar = lazy(() => import('./DateCalendar.tsx'));

/** The date's place in its form. */
export interface DateBinding {
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  ref: (input: HTMLInputElement | null) => void;
  /** The form's message for the field, shown in the language shown. */
  error?: string;
}

export interface DateInputProps {
  label: string;
  field: DateBinding;
  autoComplete?: string;
  /** The message to show, for a form that words its own messages (else the field's own, in the language shown). */
  error?: string;
}

export function DateInput({ label, field, autoComplete, error }: DateInputProps) {
  const texts = useTexts();
  const id = useId();
  const value = field.value;
  const [text, setText] = useState(() => isoToText(value));
  const [shownValue, setShownValue] = useState(value);
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const t = texts.datePicker;

  // A value set from outside (a reset, a pick) replaces the text; one that came from typing keeps it.
  if (value !== shownValue) {
    setShownValue(value);
    if (value === '' || isIsoDate(value)) setText(isoToText(value));
  }

  const shownMessage = messageIn(field.error, useShownLocale());
  const message = error ?? shownMessage;
  const set = (next: string) => field.onChange(next);
  const close = (focus: 'input' | 'toggle') => {
    setOpen(false);
    (focus === 'input' ? input : toggle).current?.focus();
  };

  return (
    <div className="field date-field">
      <div className="field-label">
        <label htmlFor={id}>{label}</label>
      </div>
      <div className="date-field-row">
        <input
          id={id}
          ref={(element) => {
            input.current = element;
            field.ref(element);
          }}
          name={field.name}
          type="text"
          inputMode="numeric"
          autoComplete={autoComplete}
          placeholder={t.placeholder}
          value={text}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : `${id}-hint`}
          onChange={(event) => {
            setText(event.target.value);
            set(textToIso(event.target.value));
          }}
          onBlur={field.onBlur}
        />
        {text !== '' && (
          <button
            type="button"
            className="date-field-button"
            aria-label={t.clear(label)}
            onClick={() => {
              setText('');
              set('');
              input.current?.focus();
            }}
          >
            ×
          </button>
        )}
        <button
          ref={toggle}
          type="button"
          className="date-field-button"
          aria-label={t.open(label)}
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => setOpen((was) => !was)}
        >
          <svg aria-hidden="true" focusable="false" width="18" height="18" viewBox="0 0 24 24">
            <path fill="currentColor" d="M7 2h2v2h6V2h2v2h3a1 1 0 0 1 1 1v15a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h3zm12 8H5v9h14zM5 6v2h14V6z" />
          </svg>
        </button>
      </div>
      {message ? (
        <p className="field-error" id={`${id}-error`}>
          {message}
        </p>
      ) : (
        <p className="field-hint" id={`${id}-hint`}>
          {t.hint}
        </p>
      )}
      {open && (
        <Suspense fallback={<p className="field-hint">{t.loading}</p>}>
          <DateCalendar
            label={label}
            value={value}
            onPick={(picked) => {
              set(picked);
              close('input');
            }}
            onClose={() => close('toggle')}
          />
        </Suspense>
      )}
    </div>
  );
}
