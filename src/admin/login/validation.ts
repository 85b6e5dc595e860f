/** The sign-in forms' checks, with the catalogue's messages (the same rules react-admin's `required` and `email` apply). */
import { texts } from './texts.ts';

// React-admin's `email` validator's pattern, so the same addresses pass as before.
const EMAIL = /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;

export function emailError(value: string): string | undefined {
  if (!value.trim()) return texts.required;
  return EMAIL.test(value) ? undefined : texts.invalid_email;
}

export const requiredError = (value: string): string | undefined => (value.trim() ? undefined : texts.required);
