/**
 * The screens of each staff area, found by convention: every `src/admin/<folder>/index.ts` whose
 * default export names an area of the registry. So adding an area's folder is enough to route it.
 */
import type { ComponentType } from 'react';
import type { RecordToStringFunction } from 'react-admin';

export interface AreaPage {
  /** Relative to the area's path; '' is its index, '*' anything under it. */
  path: string;
  component: ComponentType;
}

export interface AreaView {
  area: string;
  icon?: ComponentType;
  recordRepresentation?: RecordToStringFunction;
  pages: AreaPage[];
}

const isView = (value: unknown): value is AreaView => typeof value === 'object' && value !== null && typeof (value as AreaView).area === 'string';

const modules = import.meta.glob<{ default?: unknown }>(['../*/index.ts', '!../layout/index.ts'], { eager: true });

const VIEWS: AreaView[] = Object.values(modules).flatMap((module) => [module.default].flat().filter(isView));

export function viewOf(area: string): AreaView | undefined {
  return VIEWS.find((view) => view.area === area);
}
