/** The routes of a staff area: its pages in the registry that name a module, drawn by the components its view binds. */
import type { ComponentType } from 'react';
import type { Needs, StaffArea } from '../../common/staff-areas/types.ts';
import { viewOf } from './views.ts';

export interface AreaRoute {
  /** The page's full path pattern, as the registry has it. */
  pattern: string;
  /** Relative to the area's path; '' is its index, '*' anything under it. */
  path: string;
  component: ComponentType;
  /** The right it needs: its own, else its area's. */
  right: Needs | undefined;
}

/** The pattern under the area's path, or throws: react-admin routes an area's pages under its path. */
function relativePath(area: StaffArea, pattern: string): string {
  if (pattern === area.path) return '';
  if (pattern.startsWith(`${area.path}/`)) return pattern.slice(area.path.length + 1);
  throw new Error(`Siden «${pattern}» ligger ikke under området «${area.name}» (${area.path})`);
}

/** The routes of `area`; throws for a page whose module its view binds no component to. */
export function routesOf(area: StaffArea): AreaRoute[] {
  const components = viewOf(area.name)?.components ?? {};
  return Object.entries(area.pages).flatMap(([pattern, page]) => {
    if (page.module === undefined) return [];
    const component = components[page.module];
    if (!component) throw new Error(`Området «${area.name}» har ingen komponent for «${page.module}» (siden «${pattern}»)`);
    return [{ pattern, path: relativePath(area, pattern), component, right: page.right ?? area.right }];
  });
}
