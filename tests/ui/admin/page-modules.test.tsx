/**
 * The registry names the module drawing each staff page (the server preloads its chunks), and the
 * area's view binds that module's component: every page with a module has its component, which
 * loads that very module, and the view binds no component that no page names.
 */
import { describe, expect, it } from 'vitest';
import type { ComponentType } from 'react';
import { STAFF_AREAS, staffPageModule } from '../../../src/common/staff-areas/registry.ts';
import { routesOf } from '../../../src/admin/areas/routes.ts';
import { viewOf } from '../../../src/admin/areas/views.ts';

/** What React.lazy keeps before its first render: the function that imports the module. */
interface LazyComponent {
  _payload?: { _result?: unknown };
}
const sources = import.meta.glob<{ default?: ComponentType }>('../../../src/admin/*/*.tsx');
const sourceOf = (module: string) => sources[`../../../${module}`];

describe('the staff pages’ modules', () => {
  const pages = STAFF_AREAS.flatMap((area) =>
    Object.entries(area.pages).flatMap(([pattern, page]) => (page.module === undefined ? [] : [{ area, pattern, module: page.module }])),
  );

  it('every area’s view binds a component to each module its pages name, and to nothing else', () => {
    for (const area of STAFF_AREAS) {
      const named = new Set(Object.values(area.pages).flatMap((page) => page.module ?? []));
      expect(new Set(Object.keys(viewOf(area.name)?.components ?? {})), area.name).toEqual(named);
    }
  });

  it.each(pages.map((page) => [page.pattern, page] as const))('%s is drawn by the module the server preloads for it', async (pattern, page) => {
    expect(staffPageModule(pattern.replace(/:\w+/g, '7'))).toBe(page.module);
    const load = sourceOf(page.module);
    expect(load, page.module).toBeDefined();
    const route = routesOf(page.area).find((candidate) => candidate.pattern === pattern);
    const importer = (route?.component as unknown as LazyComponent | undefined)?._payload?._result;
    expect(typeof importer).toBe('function');
    const loaded = (await (importer as () => Promise<{ default: ComponentType }>)()).default;
    expect(loaded).toBe((await load()).default);
  });

  it('covers every area with pages', () => {
    expect(pages.length).toBeGreaterThan(20);
  });
});
