/**
 * react-admin's own screens (not found, an error, no access, a failed sign-in, the loading frame)
 * with the page's name in the browser's title (WCAG 2.4.2): the breadcrumb names only the pages in
 * the areas' registry, so without this a wrong address or a crash would keep the last page's name.
 */
import { useEffect, type ComponentProps } from 'react';
import {
  AccessDenied as RaAccessDenied,
  AuthenticationError as RaAuthenticationError,
  Error as RaError,
  LoadingPage as RaLoadingPage,
  NotFound as RaNotFound,
  useTranslate,
} from 'react-admin';

/** Names the page '<name> – Musikerportalen' while the screen shows. */
export function useDocumentTitle(nameKey: string): void {
  const translate = useTranslate();
  const title = `${translate(nameKey)} – ${translate('app.name')}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
}

export function NotFound() {
  useDocumentTitle('ra.page.not_found');
  return <RaNotFound />;
}

export function ErrorPage(props: ComponentProps<typeof RaError>) {
  useDocumentTitle('ra.page.error');
  return <RaError {...props} />;
}

export function AccessDenied(props: ComponentProps<typeof RaAccessDenied>) {
  useDocumentTitle('ra.page.access_denied');
  return <RaAccessDenied {...props} />;
}

export function AuthenticationError(props: ComponentProps<typeof RaAuthenticationError>) {
  useDocumentTitle('ra.page.authentication_error');
  return <RaAuthenticationError {...props} />;
}

export function LoadingPage(props: ComponentProps<typeof RaLoadingPage>) {
  useDocumentTitle('ra.page.loading');
  return <RaLoadingPage {...props} />;
}
