/**
 * The staff app: react-admin under the browser router, one <Resource> per area of the registry
 * with the spec's paths as its child routes, each area's screens loaded only when visited.
 */
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, Route, useLocation } from 'react-router-dom';
import CssBaseline from '@mui/material/CssBaseline';
import { AdminContext, CoreAdminUI, CustomRoutes, localStorageStore, Resource, type CatchAllComponent, type Store, useLocaleState } from 'react-admin';
import { QueryClient } from '@tanstack/react-query';
import { dataProvider } from '../dataProvider/index.ts';
import { i18nProvider } from '../i18n/index.ts';
import { STAFF_AREAS } from '../common/staff-areas/registry.ts';
import type { StaffArea } from '../common/staff-areas/types.ts';
import { RequireRight } from './access/RequireRight.tsx';
import { routesOf } from './areas/routes.ts';
import { viewOf } from './areas/views.ts';
import { authProvider, hasStaffSession } from './authProvider.ts';
import { Layout } from './layout/index.ts';
import { AccessDenied, AuthenticationError, ErrorPage, LoadingPage, NotFound } from './layout/TitledScreens.tsx';
import { paths } from './paths.ts';
import { theme } from './theme.ts';
import { Toasts } from './toast.tsx';

// A signed-in visit never shows the sign-in pages, so they load only when shown.
const StaffLoginPage = lazy(() => import('./login/InApp.tsx').then((module) => ({ default: module.StaffLoginPage })));
const StaffResetPasswordPage = lazy(() => import('./login/InApp.tsx').then((module) => ({ default: module.StaffResetPasswordPage })));

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 10_000 } } });
}

interface AppProps {
  queryClient?: QueryClient;
  /** Preferences kept in local storage: the locale, the requests menu state, list parameters. */
  store?: Store;
}

/** One <Resource> per area: each page behind the right it needs ('Du har ikke tilgang' without it). */
function areaResource(area: StaffArea) {
  const view = viewOf(area.name);
  const pages = routesOf(area);
  return (
    <Resource key={area.name} name={area.name} icon={view?.icon} recordRepresentation={view?.recordRepresentation}>
      {pages.map(({ path, component: Page, right }) => {
        const element = (
          <RequireRight needs={right}>
            <Page />
          </RequireRight>
        );
        return path === '' ? <Route key="index" index element={element} /> : <Route key={path} path={path} element={element} />;
      })}
      {!pages.some((page) => page.path === '*') && <Route path="*" element={<Navigate to={area.path} replace />} />}
    </Resource>
  );
}

/**
 * A visitor without a staff session goes straight to the sign-in page. react-admin would get
 * there too (its catch-all logs out, then navigates and clears its cache), but under a busy CPU
 * that cache clearing can keep re-rendering the old page before the navigation lands, over and
 * over; a plain redirect has nothing to race with.
 */
function SignedInOnly({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const open = pathname === paths.login || pathname === paths.resetPassword;
  return open || hasStaffSession() ? children : <Navigate to={paths.login} replace />;
}

/** The page's language follows the chosen one, so screen readers speak English in English (index.html starts at 'nb'). */
function DocumentLanguage() {
  const [locale] = useLocaleState();
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return null;
}

export function App({ queryClient = createQueryClient(), store = localStorageStore() }: AppProps) {
  return (
    // react-admin's <Admin> without its defaults we replace anyway: its English messages and its
    // login form (with the form library) would otherwise ride along on every first load.
    <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider} queryClient={queryClient} store={store} theme={theme}>
      <DocumentLanguage />
      <CssBaseline enableColorScheme>
        <SignedInOnly>
          <CoreAdminUI
            disableTelemetry
            requireAuth
            loginPage={false}
            layout={Layout}
            title="Musikerportalen"
            accessDenied={AccessDenied}
            authenticationError={AuthenticationError}
            catchAll={NotFound as CatchAllComponent}
            error={ErrorPage}
            loading={LoadingPage}
          >
            <CustomRoutes noLayout>
              <Route
                path={paths.login}
                element={
                  <Suspense>
                    <StaffLoginPage />
                  </Suspense>
                }
              />
              <Route
                path={paths.resetPassword}
                element={
                  <Suspense>
                    <StaffResetPasswordPage />
                  </Suspense>
                }
              />
            </CustomRoutes>
            {STAFF_AREAS.map(areaResource)}
          </CoreAdminUI>
        </SignedInOnly>
        <Toasts />
      </CssBaseline>
    </AdminContext>
  );
}
