/** A filled text field and a switch that look like the staff app's MUI ones, in plain HTML. */
import { useId, type InputHTMLAttributes } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'placeholder'> {
  label: string;
  error?: string;
}

export function TextField({ label, error, required, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <div className={`signin-field${error ? ' invalid' : ''}`}>
      {/* The blank placeholder lets CSS see an empty field, so the label sits inside it until then. */}
      <input
        id={id}
        placeholder=" "
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-helper` : undefined}
        {...input}
      />
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true">&thinsp;*</span>}
      </label>
      <p id={`${id}-helper`} className="signin-helper">
        {error ?? ''}
      </p>
    </div>
  );
}

export function Switch({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="signin-switch">
      <span className="signin-switch-box">
        <input type="checkbox" role="switch" checked={checked} onChange={(event) => onChange(event.target.checked)} />
        <span className="signin-switch-track" />
        <span className="signin-switch-thumb" />
      </span>
      {label}
    </label>
  );
}
