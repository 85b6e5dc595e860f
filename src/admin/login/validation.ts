/** The sign-in forms' checks, with the catalogue's messages. */
import { EMAIL_PATTERN } from '../../../server/schemas/rules.ts';
import { texts } from './texts.ts';

// The server's own e-mail rule, so the page refuses no address the server accepts (such as ola@bjørn.no).
export function emailError(value: string): string | undefined {
  if (!value.trim()) return texts.required;
  return EMAIL_PATTERN.test(value) ? undefined : texts.invalid_email;
}

export const requiredError = (value: string): string | undefined => (value.trim() ? undefined : texts.required);
