/** Turns a failed ApiResult into the error react-admin's hooks expect (message, status, body). */
import { HttpError } from 'react-admin';
import type { ApiResult } from '../common/http.ts';

export function unwrap<T>(result: ApiResult<T>): T {
  if (result.ok) return result.data;
  throw new HttpError(result.message, result.status, result.body);
}
