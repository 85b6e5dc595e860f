/* global document, setInterval, setTimeout, clearInterval, clearTimeout */
// react-admin's DataTable always renders its ColumnsSelector, which draws nothing until a
// ColumnsButton's container ('<storeKey>-columnsSelector') is in the page: it looks for one for
// 500 ms after mounting. No staff table has a ColumnsButton, yet the selector (its search field,
// switches and drag handles) sat in every table's first load. vite.config.ts points DataTable's
// import at this file: the same look for the container, and the selector fetched once one is there.
import { createElement, lazy, Suspense, useEffect, useState } from 'react';
import { useDataTableStoreContext } from 'ra-core';

const Selector = lazy(() => import('./ra-datatable-extras.mjs').then((module) => ({ default: module.ColumnsSelector })));

export const ColumnsSelector = (props) => {
  const { storeKey } = useDataTableStoreContext();
  const elementId = `${storeKey}-columnsSelector`;
  const [found, setFound] = useState(() => typeof document !== 'undefined' && !!document.getElementById(elementId));
  useEffect(() => {
    if (found) return undefined;
    const interval = setInterval(() => {
      if (document.getElementById(elementId)) setFound(true);
    }, 100);
    const timeout = setTimeout(() => clearInterval(interval), 500);
    return () => {
      clearInterval(interval);
      clearTimeout(timeout);
    };
  }, [elementId, found]);
  return found ? createElement(Suspense, { fallback: null }, createElement(Selector, props)) : null;
};

// A column draws its selector item only inside the selector (DataTableColumn's 'columnsSelector'
// context): it comes the first time the selector is drawn, too.
const Item = lazy(() => import('./ra-datatable-extras.mjs').then((module) => ({ default: module.ColumnsSelectorItem })));

export const ColumnsSelectorItem = (props) => createElement(Suspense, { fallback: null }, createElement(Item, props));
