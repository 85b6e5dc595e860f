/**
 * An action on one invoice (payment, credit) in react-query's useMutation: the answer is the
 * invoice as it now is, put in react-admin's cache of that invoice so its page shows the new
 * state at once; the lists that sum or show it (the invoice list's totals, the member page's
 * invoices) are read again, since react-admin cannot know they changed.
 */
import { useMutation } from '@tanstack/react-query';
import { useReadAgain } from '../readAgain.ts';
import type { Identifier } from 'react-admin';
import type { InvoiceDetails } from '../../dataProvider/index.ts';

export function useInvoiceAction<Body>(id: Identifier, call: (id: Identifier, body: Body) => Promise<InvoiceDetails>) {
  const readAgain = useReadAgain();
  return useMutation({
    mutationFn: (body: Body) => call(id, body),
    onSuccess: () => readAgain(),
  });
}
