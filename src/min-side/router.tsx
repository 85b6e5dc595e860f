/**
 * Min side's routing, on wouter (3 KB of the first load, where react-router took 14): the few
 * things its pages use, under the names they use. The staff app keeps react-router, which
 * react-admin is built on.
 *
 * Routes are tried in order and the first that matches wins: a literal path ('/profile/card')
 * goes before a pattern that would also take it ('/profile/:memberId').
 */
import { createContext, useContext, type ReactNode } from 'react';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';

export { Link, Route, Router, Switch, useParams, useSearch, useSearchParams } from 'wouter';

interface NavigateOptions {
  replace?: boolean;
  /** Kept with the history entry (a claim just sent, shown without asking again). */
  state?: unknown;
}

/** Goes to a path of this app: `navigate(path, { replace, state })`. */
export function useNavigate(): (to: string, options?: NavigateOptions) => void {
  const [, navigate] = useLocation();
  return navigate;
}

/** The current path, without the query. */
export function usePathname(): string {
  return useLocation()[0];
}

/** Goes to `to` as soon as it renders. */
export function Navigate({ to, replace = false }: { to: string; replace?: boolean }) {
  return <Redirect to={to} replace={replace} />;
}

/** A link that says when it leads to the page shown (aria-current). */
export function NavLink({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  const current = usePathname() === to;
  return (
    <Link to={to} className={className} aria-current={current ? 'page' : undefined}>
      {children}
    </Link>
  );
}

/** Where the history entry's state is read: the browser's history, or a test's memory. */
const StateSource = createContext<() => unknown>(useHistoryState);
export const NavigationStateSource = StateSource.Provider;

/** The state the navigation to this page brought (`navigate(path, { state })`), or null. */
export function useNavigationState<T>(): T | null {
  const read = useContext(StateSource);
  return (read() ?? null) as T | null;
}

/** The current path with its query, as the address bar shows it. */
export function usePathAndQuery(): string {
  const search = useSearch();
  return usePathname() + (search ? `?${search}` : '');
}
