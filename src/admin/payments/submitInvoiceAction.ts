/**
 * What both invoice dialogs do with their call's outcome: on success a toast and the dialog
 * closes; a refused field comes back to the form (react-admin shows it under the field, and the
 * dialog keeps what was typed); any other failure is the server's message in a toast that stays.
 */
import { fieldErrorsOf } from '../../dataProvider/errors.ts';
import type { useToast } from '../toast.tsx';

export async function submitInvoiceAction(
  call: () => Promise<unknown>,
  { toast, done, onClose }: { toast: ReturnType<typeof useToast>; done: string; onClose: () => void },
): Promise<Record<string, string> | undefined> {
  try {
    await call();
    toast.success(done);
    onClose();
    return undefined;
  } catch (error) {
    const errors = fieldErrorsOf(error);
    if (!errors) toast.error((error as Error).message || 'app.errors.generic');
    return errors;
  }
}

/**
 * The dialogs' form record: without one, react-admin's form would take the invoice page's record
 * and start again from it (losing what was typed) whenever the invoice in the cache changes.
 */
export const NO_RECORD = Object.freeze({});
