// react-admin's DataTable imports its bulk-action toolbar, its default bulk delete button (with
// its confirm dialog and delete controller) and its selection checkboxes statically, but draws them only when a table offers bulk
// actions, and every staff table passes bulkActionButtons={false}. vite.config.ts points DataTable's
// (and its rows' and header's) imports of them at this file: the same components, fetched the first time one is drawn.
import { createElement, lazy, Suspense } from 'react';

const onUse = (load, name) => {
  const Component = lazy(() => load().then((module) => ({ default: module[name] })));
  const OnUse = (props) => createElement(Suspense, { fallback: null }, createElement(Component, props));
  OnUse.displayName = name;
  return OnUse;
};

export const BulkActionsToolbar = onUse(() => import('./ra-datatable-extras.mjs'), 'BulkActionsToolbar');
export const BulkDeleteButton = onUse(() => import('./ra-datatable-extras.mjs'), 'BulkDeleteButton');

// The rows' and the header's selection checkboxes are drawn only with bulk actions as well.
export const SelectRowCheckbox = onUse(() => import('./ra-datatable-extras.mjs'), 'SelectRowCheckbox');
export const SelectPageCheckbox = onUse(() => import('./ra-datatable-extras.mjs'), 'SelectPageCheckbox');
