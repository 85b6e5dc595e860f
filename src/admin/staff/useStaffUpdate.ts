/** Saves a change to one staff user (PATCH /api/staff/{id}); a refusal is said in the server's words. */
import { HttpError, useUpdate } from 'react-admin';
import type { StaffRightsPatch } from '../../../server/schemas/staff.ts';
import type { StaffUserDetail } from '../../../server/schemas/staff-users.ts';
import { fieldErrorsOf } from '../../dataProvider/errors.ts';
import { useToast } from '../toast.tsx';

/**
 * Answers a save for a form's onSubmit: undefined when saved (with `done` toasted), else the field
 * errors of a 422, the server's message (a 409: the last administrator is kept) toasted either way.
 */
export function useStaffUpdate(user: StaffUserDetail) {
  const [update] = useUpdate<StaffUserDetail>();
  const toast = useToast();
  return async (data: StaffRightsPatch, done: string, args: Record<string, unknown> = {}) => {
    try {
      // react-admin puts the answer over the user it has, in the list and on the page.
      await update('staff', { id: user.id, data, previousData: user }, { mutationMode: 'pessimistic', returnPromise: true });
      toast.success(done, args);
      return undefined;
    } catch (error) {
      toast.error(error instanceof HttpError && error.status < 500 && error.message ? error.message : 'app.errors.generic_bang');
      return fieldErrorsOf(error);
    }
  };
}
