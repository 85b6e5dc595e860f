/**
 * The registry names the module drawing each staff page (the server preloads its chunks): every
 * page an area's index.ts routes has one, and it is the module the page's lazy component loads.
 */
import { describe, expect, it } from 'vitest';
import type { ComponentType } from 'react';
import { STAFF_AREAS, staffPageModule } from '../../../src/common/staff-areas/registry.ts';
import { viewOf } from '../../../src/admin/areas/views.ts';

/** What React.lazy keeps before its first render: the function that imports the module. */
interface LazyComponent {
  _payload?: { _result?: unknown };
}
const sources = import.meta.glob<{ default?: ComponentType }>('../../../src/admin/*/*.tsx');
const sourceOf = (module: string) => sources[`../../../${module}`];

describe('the staff pages’ modules', () => {
  const pages = STAFF_AREAS.flatMap((area) =>
    (viewOf(area.name)?.pages ?? [])
      .filter((page) => page.path !== '*')
      .map((page) => ({
        pattern: page.path === '' ? area.path : `${area.path}/${page.path}`,
        component: page.component as unknown as LazyComponent,
      })),
  );

  it.each(pages.map((page) => [page.pattern, page] as const))('%s loads the module the registry names', async (_pattern, page) => {
    const module = staffPageModule(page.pattern.replace(/:\w+/g, '7'));
    expect(module).toBeDefined();
    const load = sourceOf(module!);
    expect(load, module).toBeDefined();
    const importer = page.component._payload?._result;
    expect(typeof importer).toBe('function');
    const loaded = (await (importer as () => Promise<{ default: ComponentType }>)()).default;
    expect(loaded).toBe((await load()).default);
  });

  it('covers every area with pages', () => {
    expect(pages.length).toBeGreaterThan(20);
  });
});
