import type { ApiPaths, Crumb, Needs, StaffArea } from './types.ts';

/**
 * Refuses a resource name declared by two areas: the data provider serves a resource from the
 * first area that declares it, so a second declaration would be silently ignored.
 */
export function checkResourceNames(areas: readonly StaffArea[]): void {
  const declaredBy = new Map<string, string>();
  for (const area of areas) {
    for (const resource of Object.keys(area.resources)) {
      const first = declaredBy.get(resource);
      if (first !== undefined) {
        throw new Error(`Ressursen «${resource}» er oppgitt i to områder («${first}» og «${area.name}»): gi den ett navn i ett område`);
      }
      declaredBy.set(resource, area.name);
    }
  }
}

/** A path pattern with its parameters unnamed ('/payments/:id' and '/payments/:invoice' are one page). */
const pageKey = (pattern: string) => pattern.replace(/\/+$/, '').replace(/\/:[^/]+/g, '/:');

/** The right the page of `area` at `pattern` (its full path pattern) needs: its own, else the area's. */
export function rightOfPage(area: StaffArea, pattern: string): Needs | undefined {
  const own = Object.entries(area.pages).find(([page]) => pageKey(page) === pageKey(pattern));
  return own?.[1].right ?? area.right;
}

/** The breadcrumbs of `area`: its pages with a label, in the order it declares them. */
export function crumbsOf(area: StaffArea): Crumb[] {
  return Object.entries(area.pages).flatMap(([pattern, { label, parent, title }]) => (label === undefined ? [] : [{ pattern, label, parent, title }]));
}

/** What the app (and the server) ask the registry. */
export interface StaffRegistry {
  STAFF_AREAS: readonly StaffArea[];
  areaNamed(name: string): StaffArea;
  apiPathsOf(resource: string): ApiPaths;
  /** The module drawing the staff page at `pathname` (the most literal match, as react-router ranks), if any. */
  staffPageModule(pathname: string): string | undefined;
}

/**
 * A registry of these areas, refusing a resource name two of them declare. The app's own is built
 * below, at start (the staff app and the server both import this module, so neither starts with a
 * clash); a test that needs an area of its own builds a registry with it.
 */
export function createRegistry(areas: readonly StaffArea[]): StaffRegistry {
  checkResourceNames(areas);
  return {
    STAFF_AREAS: areas,
    areaNamed(name) {
      const area = areas.find((candidate) => candidate.name === name);
      if (!area) throw new Error(`Ukjent område: ${name}`);
      return area;
    },
    apiPathsOf(resource) {
      const paths = areas.find((area) => area.resources[resource])?.resources[resource];
      if (!paths) throw new Error(`Ukjent ressurs: ${resource}`);
      return paths;
    },
    staffPageModule(pathname) {
      const got = pathname.replace(/\/$/, '').split('/');
      let best: { module: string; literal: number } | undefined;
      for (const [pattern, { module }] of areas.flatMap((area) => Object.entries(area.pages))) {
        if (module === undefined) continue;
        const want = pattern.split('/');
        // A catch-all ('/x/*') takes the rest of the path, and ranks below any page naming it.
        const rest = want.at(-1) === '*';
        if (rest ? got.length < want.length - 1 : want.length !== got.length) continue;
        let literal = rest ? -1 : 0;
        const matches = want.every((part, index) => {
          if (part === '*' && index === want.length - 1) return true;
          if (part.startsWith(':')) return got[index] !== '';
          if (part !== got[index]) return false;
          literal += 1;
          return true;
        });
        if (matches && (!best || literal > best.literal)) best = { module, literal };
      }
      return best?.module;
    },
  };
}
