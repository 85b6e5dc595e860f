/**
 * Around every staff page: the page when the signed-in user holds the right it needs, else
 * 'Du har ikke tilgang' naming it. The same when the server refuses the page's data for a missing
 * right (the rights held here were out of date, or the page reads more than its area declares).
 * Until the rights have first come, the page waits in the layout's loading state, as for its code.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useAuthProvider } from 'react-admin';
import { NoAccess } from './NoAccess.tsx';
import { holds, missingRightOf, PERMISSIONS_KEY, rightsOf, type Needs, type Right, type StaffRights } from './rights.ts';

/** The rights, suspending the page until they have come (the key and answer of react-admin's usePermissions). */
function useRightsOnce(): StaffRights | null {
  const authProvider = useAuthProvider();
  const { data } = useSuspenseQuery({
    queryKey: [...PERMISSIONS_KEY, {}],
    queryFn: async ({ signal }) => ((await authProvider?.getPermissions?.({ signal })) as StaffRights | null | undefined) ?? null,
    staleTime: 5 * 60 * 1000,
  });
  return data;
}

/** The right the server named when it refused one of this page's reads, while the page is shown. */
function useRefusedRight(): Right | undefined {
  const queryClient = useQueryClient();
  const { key } = useLocation();
  const [refused, setRefused] = useState<{ key: string; right: Right }>();
  useEffect(
    () => queryClient.getQueryCache().subscribe((event) => {
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
  const rights = useRightsOnce();
  const refused = useRefusedRight();
  if (needs !== undefined && !holds(rights, needs)) return <NoAccess rights={rightsOf(needs)} />;
  if (refused) return <NoAccess rights={[refused]} />;
  return children;
}
