/**
 * Around every staff page: the page when the signed-in user holds the right it needs, else
 * 'Du har ikke tilgang' naming it. The same when the server refuses the page's data for a missing
 * right (the rights held here were out of date, or the page reads more than its area declares).
 * Until the rights have first come, the page shows the layout's loading state, as for its code;
 * when they cannot be read (the server unreachable), the page shows and the server decides.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { usePermissions } from 'react-admin';
import { LoadingContent } from '../layout/TitledScreens.tsx';
import { NoAccess } from './NoAccess.tsx';
import { holds, missingRightOf, rightsOf, WATCH_RIGHTS, type Needs, type Right, type StaffRights } from './rights.ts';

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
  const { permissions: rights, isPending, isError } = usePermissions<StaffRights | null>({}, WATCH_RIGHTS);
  const refused = useRefusedRight();
  // The layout's loading state, as while the page's code comes. (Not by suspending: a render that
  // suspended in use() and was retried once the rights had come no longer called it, which React
  // forbids.)
  if (isPending) return <LoadingContent />;
  if (refused) return <NoAccess rights={[refused]} />;
  // Rights that could not be read: the page, whose reads the server answers as it may.
  if (isError && rights === undefined) return children;
  if (needs !== undefined && !holds(rights, needs)) return <NoAccess rights={rightsOf(needs)} />;
  return children;
}
