/** The terms checkbox with the terms themselves a click away, from the content source like the other texts. */
import { useId, useState } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { CheckboxField } from '../components/fields.tsx';
import { ContentText } from '../components/ContentText.tsx';
import { useTexts } from '../locale.tsx';
import { usePageTexts } from '../pageTexts.ts';

export const TERMS_SLUG = 'medlemsvilkar';

export function TermsField({ registration, error }: { registration: UseFormRegisterReturn; error?: FieldError | string }) {
  const texts = useTexts();
  const pages = usePageTexts();
  const [open, setOpen] = useState(false);
  const panel = useId();
  return (
    <CheckboxField label={texts.fields.terms} required registration={registration} error={error}>
      <button type="button" className="link-button terms-toggle" aria-expanded={open} aria-controls={panel} onClick={() => setOpen(!open)}>
        {open ? pages.register.hideTerms : pages.register.readTerms}
      </button>
      <div id={panel} className="terms-text" hidden={!open}>
        {open && <ContentText slug={TERMS_SLUG} />}
      </div>
    </CheckboxField>
  );
}
