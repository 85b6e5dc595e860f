/**
 * Labelled form controls for react-hook-form. Each ties its label to the input and points
 * aria-describedby at its error or hint, so screen readers read both.
 */
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useShownLocale } from '../locale.tsx';
import { messageIn } from '../texts.ts';

interface BaseProps {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError | string;
  hint?: string;
  required?: boolean;
}

/** The field's message, in the language shown (a message shown before a switch follows it). */
function useMessage(error?: FieldError | string): string | undefined {
  const locale = useShownLocale();
  return messageIn(typeof error === 'string' ? error : error?.message, locale);
}

function describedBy(id: string, error?: string, hint?: string): string | undefined {
  return [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
}

function Help({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  return (
    <>
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </>
  );
}

/** The asterisk sits outside the label so the field's accessible name stays exactly its label. */
function FieldLabel({ id, label, required }: { id: string; label: string; required?: boolean }) {
  return (
    <div className="field-label">
      <label htmlFor={id}>{label}</label>
      {required && (
        <span className="required-mark" aria-hidden="true">
          *
        </span>
      )}
    </div>
  );
}

type TextFieldProps = BaseProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'>;

export function TextField({ label, registration, error, hint, required, className, ...input }: TextFieldProps) {
  const id = useId();
  const message = useMessage(error);
  return (
    <div className={`field ${className ?? ''}`}>
      <FieldLabel id={id} label={label} required={required} />
      <input
        id={id}
        type="text"
        aria-invalid={message ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(id, message, hint)}
        {...input}
        {...registration}
      />
      <Help id={id} error={message} hint={hint} />
    </div>
  );
}

type TextAreaFieldProps = BaseProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name'>;

export function TextAreaField({ label, registration, error, hint, required, className, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  const message = useMessage(error);
  return (
    <div className={`field ${className ?? ''}`}>
      <FieldLabel id={id} label={label} required={required} />
      <textarea
        id={id}
        aria-invalid={message ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(id, message, hint)}
        {...textarea}
        {...registration}
      />
      <Help id={id} error={message} hint={hint} />
    </div>
  );
}

type SelectFieldProps = BaseProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name'> & {
    options: readonly { value: string | number; label: string; lang?: string }[];
  };

export function SelectField({ label, registration, error, hint, required, options, className, ...select }: SelectFieldProps) {
  const id = useId();
  const message = useMessage(error);
  return (
    <div className={`field ${className ?? ''}`}>
      <FieldLabel id={id} label={label} required={required} />
      <select
        id={id}
        aria-invalid={message ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(id, message, hint)}
        {...select}
        {...registration}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
      <Help id={id} error={message} hint={hint} />
    </div>
  );
}

export function CheckboxField({ label, registration, error, hint, required, children }: Omit<BaseProps, 'label'> & { label: ReactNode; children?: ReactNode }) {
  const id = useId();
  const message = useMessage(error);
  return (
    <div className="field field-checkbox">
      <input
        id={id}
        type="checkbox"
        aria-invalid={message ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(id, message, hint)}
        {...registration}
      />
      <label htmlFor={id}>{label}</label>
      {required && (
        <span className="required-mark" aria-hidden="true">
          *
        </span>
      )}
      {children}
      <Help id={id} error={message} hint={hint} />
    </div>
  );
}

export function RadioGroup({
  legend,
  registration,
  options,
  error,
}: {
  legend: string;
  registration: UseFormRegisterReturn;
  options: readonly { value: string; label: string }[];
  error?: FieldError | string;
}) {
  const id = useId();
  const message = useMessage(error);
  return (
    <fieldset className="field field-radio" aria-describedby={message ? `${id}-error` : undefined}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="radio-option">
          <input type="radio" value={option.value} {...registration} />
          {option.label}
        </label>
      ))}
      <Help id={id} error={message} />
    </fieldset>
  );
}
