/**
 * The staff app: react-admin under the browser router, the spec's paths as the membership
 * resource's child routes and as custom routes, each area loaded only when visited.
 */
import { Navigate, Route } from 'react-router-dom';
import { Admin, CustomRoutes, localStorageStore, Resource, type Store } from 'react-admin';
import { QueryClient } from '@tanstack/react-query';
import { dataProvider } from '../dataProvider/index.ts';
import { i18nProvider } from '../i18n/index.ts';
import { authProvider } from './authProvider.ts';
import { Layout } from './layout/index.ts';
import { LoginPage, ResetPasswordPage } from './login/index.ts';
import { LogsPage } from './logs/index.ts';
import members, { MemberCreate, MemberEdit, MemberList } from './members/index.ts';
import { membershipRoutes, paths } from './paths.ts';
import { RequestsPage, requestRoutes } from './requests/index.ts';
import { SettingsPage } from './settings/index.ts';
import { theme } from './theme.ts';
import { Toasts } from './toast.tsx';

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 10_000 } } });
}

interface AppProps {
  queryClient?: QueryClient;
  /** Preferences kept in local storage: the locale, the requests menu state, list parameters. */
  store?: Store;
}

export function App({ queryClient = createQueryClient(), store = localStorageStore() }: AppProps) {
  return (
    <Admin
      disableTelemetry
      requireAuth
      loginPage={false}
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      queryClient={queryClient}
      store={store}
      theme={theme}
      layout={Layout}
      notification={Toasts}
      title="Musikerportalen"
    >
      <CustomRoutes noLayout>
        <Route path={paths.login} element={<LoginPage />} />
        <Route path={paths.resetPassword} element={<ResetPasswordPage />} />
      </CustomRoutes>
      <Resource {...members}>
        <Route index element={<MemberList />} />
        <Route path={membershipRoutes.create} element={<MemberCreate />} />
        <Route path={membershipRoutes.edit} element={<MemberEdit />} />
        {membershipRoutes.logs.map((path) => <Route key={path} path={path} element={<LogsPage />} />)}
        <Route path="*" element={<Navigate to={paths.membership} replace />} />
      </Resource>
      <CustomRoutes>
        {requestRoutes.map(({ path, kind }) => (
          <Route key={path} path={`${path}/*`} element={<RequestsPage kind={kind} />} />
        ))}
        <Route path={`${paths.settings}/*`} element={<SettingsPage />} />
      </CustomRoutes>
    </Admin>
  );
}
