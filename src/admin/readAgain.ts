/**
 * After a change react-admin cannot see (a custom call, or one that touches other areas: a queue,
 * its menu badge, the member's card, a log), every query is marked stale and those on screen are
 * read again, as react-admin's `useRefresh` does; this one's promise settles when they have been,
 * so a caller can move the focus or navigate afterwards. Queries not on screen are read when next
 * shown, so no list of affected keys has to be kept beside each change. A query whose answer
 * cannot change (a document's thumbnail, the rights catalogue) says so with `UNCHANGING` and is
 * left as it is.
 */
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';

/** Options of a query whose answer cannot change while the app runs: read once, never again. */
export const UNCHANGING = { staleTime: Infinity, meta: { unchanging: true } } as const;

export function useReadAgain(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ predicate: (query) => query.meta?.unchanging !== true }), [queryClient]);
}
