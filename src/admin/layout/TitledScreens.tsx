/**
 * react-admin's own screens (not found, an error, no access, a failed sign-in, the loading frame)
 * with the page's name in the browser's title (WCAG 2.4.2): the breadcrumb names only the pages in
 * the areas' registry, so without this a wrong address or a crash would keep the last page's name.
 */
import { useEffect, type ComponentProps } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import {
  AccessDenied as RaAccessDenied,
  AuthenticationError as RaAuthenticationError,
  Error as RaError,
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

/**
 * A named spinner and its words in the text colour (react-admin's `Loading` has a nameless progress
 * bar and grey words below 4.5:1). Inside the frame it holds half a window while an area's screens
 * or a list's sign-in check load (what comes below a list is not drawn near the window meanwhile, to
 * load early); the breadcrumb has named the page already.
 */
export function LoadingContent({ minHeight = '50vh' }: { minHeight?: string }) {
  const translate = useTranslate();
  return (
    <Box role="status" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, flex: 1, minHeight, p: 2 }}>
      <CircularProgress aria-label={translate('ra.page.loading')} />
      <Typography component="p" sx={{ color: 'text.primary' }}>
        {translate('ra.message.loading')}
      </Typography>
    </Box>
  );
}

/** The frame while the app gets ready, named in the browser's title. */
export function LoadingPage() {
  useDocumentTitle('ra.page.loading');
  return <LoadingContent minHeight="100vh" />;
}
