// react-admin's default router adapter (ra-core's reactRouterProvider) builds a hash router of its
// own when the app renders it outside a router, and that brings react-router's whole data router
// (createRouter, RouterProvider: some 20 KB gzip) into every staff page. The staff app always
// renders react-admin inside its BrowserRouter (src/admin/main.tsx), so the production build
// (vite.config.ts, `raRouterInApp`) gives ra-core this adapter instead: the same hooks and
// components from react-router-dom, and no router of its own.
import { createElement, Fragment, useCallback, useEffect, useRef } from 'react';
import {
  Link, matchPath, Navigate, Outlet, Route, Routes, useBlocker, useInRouterContext, useLocation, useMatch,
  useNavigate as useRouterNavigate, useParams,
} from 'react-router-dom';

/** Blocking a navigation needs a data router; a BrowserRouter has none. */
const useCanBlock = () => false;

/** react-router's navigate changes on every navigation: one stable function calling the latest. */
function useNavigate() {
  const navigate = useRouterNavigate();
  const latest = useRef(navigate);
  useEffect(() => {
    latest.current = navigate;
  }, [navigate]);
  return useCallback((...args) => latest.current(...args), []);
}

function RouterWrapper({ children }) {
  if (!useInRouterContext()) throw new Error('react-admin must render inside the app’s BrowserRouter (src/admin/main.tsx)');
  return createElement(Fragment, null, children);
}

export const reactRouterProvider = {
  useNavigate,
  useLocation,
  useParams,
  useBlocker,
  useMatch,
  useInRouterContext,
  useCanBlock,
  Link,
  Navigate,
  Route,
  Routes,
  Outlet,
  RouterWrapper,
  matchPath,
};
