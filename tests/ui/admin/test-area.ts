/**
 * An area of a test's own, beside the app's: the test mocks the registry and the views with these
 * (vi.mock), so the app's own registry is never changed.
 *
 *   vi.mock(REGISTRY, async (original) => (await import('./test-area.ts')).registryWith(original, testArea('my-test')));
 *   vi.mock(VIEWS, async (original) => (await import('./test-area.ts')).viewsWith(original, () => testView('my-test', MyPage)));
 */
import type { ComponentType } from 'react';
import type { Page, StaffArea } from '../../../src/common/staff-areas/types.ts';
import type { StaffRegistry } from '../../../src/common/staff-areas/registry.ts';
import type { AreaView } from '../../../src/admin/areas/views.ts';

type RegistryModule = StaffRegistry & { createRegistry(areas: readonly StaffArea[]): StaffRegistry };
type ViewsModule = { viewOf(area: string): AreaView | undefined };

/** The module a test area's page names: no file, the test's view binds its component to the name. */
export const testModule = (name: string, page = 'Page') => `tests/ui/admin/${name}/${page}.tsx`;

/**
 * A page area with a menu entry, labelled with catalogue keys that exist: by default one page for
 * every path under it, with a breadcrumb.
 */
export const testArea = (
  name: string,
  resources: StaffArea['resources'] = {},
  pages: Record<string, Page> = { [`/${name}/*`]: { module: testModule(name), label: 'app.profile.title' } },
): StaffArea => ({
  name,
  path: `/${name}`,
  menu: { label: 'app.profile.title' },
  resources,
  pages,
});

/** The view of a test area whose one page `component` draws (testArea's default page). */
export const testView = (name: string, component: ComponentType): AreaView => ({ area: name, components: { [testModule(name)]: component } });

/** The registry module as the app has it, with `area` added (a clash with the app's resources throws, as at start). */
export async function registryWith(original: () => Promise<unknown>, area: StaffArea): Promise<RegistryModule> {
  const real = (await original()) as RegistryModule;
  return { ...real, ...real.createRegistry([...real.STAFF_AREAS, area]) };
}

/** The views module as the app has it, with the view `view()` gives (asked when the app renders). */
export async function viewsWith(original: () => Promise<unknown>, view: () => AreaView): Promise<ViewsModule> {
  const real = (await original()) as ViewsModule;
  return { ...real, viewOf: (area: string) => (area === view().area ? view() : real.viewOf(area)) };
}
