// MUI for react-admin's DataTableLoading (the table's placeholder rows while it loads): the same
// components, except that its header and rows' checkbox, drawn only for a table with bulk actions
// (no staff table has them), is fetched the first time it is drawn instead of with every table.
import { createElement, lazy, Suspense } from 'react';

export { default as Table } from '@mui/material/Table';
export { default as TableCell } from '@mui/material/TableCell';
export { default as TableHead } from '@mui/material/TableHead';
export { default as TableRow } from '@mui/material/TableRow';
export { default as TableBody } from '@mui/material/TableBody';
export { default as IconButton } from '@mui/material/IconButton';

const LazyCheckbox = lazy(() => import('./ra-datatable-extras.mjs').then((module) => ({ default: module.Checkbox })));

export const Checkbox = (props) => createElement(Suspense, { fallback: null }, createElement(LazyCheckbox, props));
