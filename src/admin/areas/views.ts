/**
 * The screens of each staff area, found by convention: every `src/admin/<folder>/index.ts` whose
 * default export names an area of the registry. Its pages' paths are the registry's; the view binds
 * the component of each page's module, so adding an area's folder is enough to route it.
 */
import type { ComponentType } from 'react';
import type { RecordToStringFunction } from 'react-admin';

export interface AreaView {
  area: string;
  icon?: ComponentType;
  recordRepresentation?: RecordToStringFunction;
  /**
   * The component drawing each of the area's pages, by the source path its page in the registry
   * names as its `module` (a lazy import of that module, so the server's preload is that page's code).
   */
  components: Record<string, ComponentType>;
}

const isView = (value: unknown): value is AreaView => typeof value === 'object' && value !== null && typeof (value as AreaView).area === 'string';

const modules = import.meta.glob<{ default?: unknown }>(['../*/index.ts', '!../layout/index.ts'], { eager: true });

const VIEWS: AreaView[] = Object.values(modules).flatMap((module) => [module.default].flat().filter(isView));

export function viewOf(area: string): AreaView | undefined {
  return VIEWS.find((view) => view.area === area);
}
