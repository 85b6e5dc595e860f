// react-admin's default router adapter (ra-core's reactRouterProvider) builds a hash router of its
// own when the app renders it outside a router, and that brings react-router's whole data router
// (createRouter, RouterProvider: some 20 KB gzip) into every staff page. The staff app always
// renders react-admin inside its BrowserRouter (src/admin/main.tsx), so the production build
// (`raRouterInApp`, tools/vite/ra-router-in-app.ts) gives ra-core this adapter instead: the same hooks and
// components from react-router-dom, and no router of its own.
import { createElement, Fragment, useCallback, useEffect, useRef, type ReactNode } from 'react';
import {
  Link,
  matchPath,
  Navigate,
  Outlet,
  Route,
  Routes,
  useBlocker,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate as useRouterNavigate,
  useParams,
} from 'react-router-dom';
import type { RouterProvider } from 'react-admin';

/** Blocking a navigation needs a data router; a BrowserRouter has none. */
const useCanBlock = () => false;

/** react-router's navigate changes on every navigation: one stable function calling the latest. */
function useNavigate() {
  const navigate = useRouterNavigate();
  const latest = useRef(navigate);
  useEffect(() => {
    latest.current = navigate;
  }, [navigate]);
  return useCallback((...args: Parameters<typeof navigate>) => latest.current(...args), []) as ReturnType<RouterProvider['useNavigate']>;
}

function RouterWrapper({ children }: { basename?: string; children: ReactNode }) {
  if (!useInRouterContext()) throw new Error('react-admin must render inside the app’s BrowserRouter (src/admin/main.tsx)');
  return createElement(Fragment, null, children);
}

export const reactRouterProvider: RouterProvider = {
  useNavigate,
  useLocation,
  useParams: useParams as RouterProvider['useParams'],
  useBlocker,
  useMatch,
  useInRouterContext,
  useCanBlock,
  Link,
  Navigate,
  Route: Route as RouterProvider['Route'],
  Routes,
  Outlet,
  RouterWrapper,
  matchPath,
};
