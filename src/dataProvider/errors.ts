/** Turns a failed ApiResult into the error react-admin's hooks expect (message, status, body). */
import { HttpError } from 'react-admin';
import type { ApiResult } from '../common/http.ts';

export function unwrap<T>(result: ApiResult<T>): T {
  if (result.ok) return result.data;
  throw new HttpError(result.message, result.status, result.body);
}

/**
 * The server's field messages of a failed save (422 `errors`), first message per field, in the
 * shape a react-admin form's onSubmit returns so each shows under its field; undefined when the
 * failure is not about fields.
 */
export function fieldErrorsOf(error: unknown): Record<string, string> | undefined {
  const errors = ((error as HttpError | undefined)?.body as { errors?: Record<string, string[]> } | undefined)?.errors;
  return errors ? Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, messages[0]])) : undefined;
}
