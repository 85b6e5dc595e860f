/**
 * Around every staff page: the page when the signed-in user holds the right it needs, else
 * 'Du har ikke tilgang' naming it. The same when the server refuses the page's data for a missing
 * right (the rights held here were out of date, or the page reads more than its area declares).
 * Until the rights have first come, the page waits in the layout's loading state, as for its code;
 * when they cannot be read (the server unreachable), the page shows and the server decides.
 */
import { use, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useAuthProvider, usePermissions, type AuthProvider } from 'react-admin';
import { NoAccess } from './NoAccess.tsx';
import { holds, missingRightOf, PERMISSIONS_KEY, rightsOf, WATCH_RIGHTS, type Needs, type Right, type StaffRights } from './rights.ts';

const noop = () => undefined;

/** Settles once the rights have been read, or failed to be: one promise per client while they are read, for React's use(). */
const reading = new WeakMap<QueryClient, Promise<void>>();
function rightsRead(queryClient: QueryClient, authProvider: AuthProvider | undefined): Promise<void> {
  let read = reading.get(queryClient);
  if (!read) {
    read = queryClient
      .fetchQuery({
        // react-admin's usePermissions() query: the same key and answer, so a read under way is shared.
        queryKey: [...PERMISSIONS_KEY, {}],
        queryFn: async ({ signal }) => ((await authProvider?.getPermissions?.({ signal })) as StaffRights | null | undefined) ?? null,
      })
      .then(noop, noop)
      .finally(() => reading.delete(queryClient));
    reading.set(queryClient, read);
  }
  return read;
}

/** The right the server named when it refused one of this page's reads, while the page is shown. */
function useRefusedRight(): Right | undefined {
  const queryClient = useQueryClient();
  const { key } = useLocation();
  const [refused, setRefused] = useState<{ key: string; right: Right }>();
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        const right = missingRightOf(event.action.error);
        // A read of a page already left (nobody observes it any more) is not this page's.
        if (right && event.query.getObserversCount() > 0) setRefused({ key, right });
      }),
    [queryClient, key],
  );
  return refused?.key === key ? refused.right : undefined;
}

export function RequireRight({ needs, children }: { needs: Needs | undefined; children: ReactNode }) {
  const queryClient = useQueryClient();
  const authProvider = useAuthProvider();
  const { permissions: rights, isPending, isError } = usePermissions<StaffRights | null>({}, WATCH_RIGHTS);
  const refused = useRefusedRight();
  if (isPending) use(rightsRead(queryClient, authProvider));
  if (refused) return <NoAccess rights={[refused]} />;
  // Rights that could not be read: the page, whose reads the server answers as it may.
  if (isError && rights === undefined) return children;
  if (needs !== undefined && !holds(rights, needs)) return <NoAccess rights={rightsOf(needs)} />;
  return children;
}
