/**
 * What the signed-in staff user may do: their rights as GET /api/user/rights answers them, held by
 * react-admin as its permissions (authProvider.getPermissions) and read again on every page
 * navigation (useRightsFollowServer), so a right an administrator gives or takes shows from the
 * next page on, as the server applies it from the next request.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { usePermissions } from 'react-admin';
import type { Right } from '../../../server/domain/staff/rights.ts';
import type { Needs } from '../../common/staff-areas/types.ts';

export type { Needs, Right };

/** The permissions the staff app's authProvider gives react-admin. */
export interface StaffRights {
  roleId: number;
  roleName: string;
  rights: readonly Right[];
}

/** react-admin's query of the permissions (usePermissions, and CoreAdminRoutes with no params). */
export const PERMISSIONS_KEY = ['auth', 'getPermissions'] as const;

export const rightsOf = (needs: Needs): readonly Right[] => (typeof needs === 'string' ? [needs] : needs);

/** Whether these rights hold what `needs` asks (any one of a list); nothing asked: yes. */
export function holds(rights: StaffRights | null | undefined, needs: Needs | undefined): boolean {
  if (needs === undefined) return true;
  return !!rights && rightsOf(needs).some((right) => rights.rights.includes(right));
}

/**
 * How the staff app's components watch the rights: as react-admin keeps them fresh, but a component
 * appearing does not read again rights that failed to come (each read would hide and show the page
 * again, which would read again); the next page does.
 */
export const WATCH_RIGHTS = { staleTime: 5 * 60 * 1000, retryOnMount: false } as const;

/** The signed-in user's rights; undefined until they have come. */
export function useRights(): StaffRights | undefined {
  const { permissions } = usePermissions<StaffRights | null>({}, WATCH_RIGHTS);
  return permissions ?? undefined;
}

/**
 * Whether the signed-in user holds `needs` (any one of a list): `useCan('members.export')`. False
 * until the rights have come, so nothing shows that the user might lack.
 */
export function useCan(needs: Needs): boolean {
  return holds(useRights(), needs);
}

/** The right a 403 from the server names (it refuses a staff user without the route's right so). */
export function missingRightOf(error: unknown): Right | undefined {
  const failure = error as { status?: number; body?: { right?: unknown } } | null | undefined;
  const right = failure?.status === 403 ? failure.body?.right : undefined;
  return typeof right === 'string' ? (right as Right) : undefined;
}

export const refreshRights = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: PERMISSIONS_KEY });

/**
 * Reads the rights again on every page navigation, and whenever the server refuses a call for a
 * missing right (the rights held here were out of date).
 */
export function useRightsFollowServer(): void {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const seen = useRef(pathname);
  useEffect(() => {
    if (seen.current === pathname) return;
    seen.current = pathname;
    void refreshRights(queryClient);
  }, [pathname, queryClient]);
  useEffect(() => {
    const refused = (error: unknown) => {
      if (missingRightOf(error)) void refreshRights(queryClient);
    };
    const queries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') refused(event.action.error);
    });
    const mutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') refused(event.action.error);
    });
    return () => {
      queries();
      mutations();
    };
  }, [queryClient]);
}
