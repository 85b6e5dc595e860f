/**
 * The staff shell: our top bar, react-admin's sidebar with our menu, the breadcrumb above every
 * page and the footer below. The frame is react-admin's (a fixed bar, the sidebar beside the
 * content, an error boundary that shows react-admin's error page) without its default menu,
 * hidden skip button and preferences inspector, which brought their code (keyboard shortcuts
 * among it) into every staff page although none of them was shown.
 */
import { Suspense, useState, type ErrorInfo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { ErrorBoundary } from 'react-error-boundary';
import { Error as ErrorPage, Sidebar } from 'react-admin';
import { AppBar } from './AppBar.tsx';
import { Menu } from './Menu.tsx';
import { Breadcrumb } from './Breadcrumb.tsx';
import { Footer } from './Footer.tsx';
import { useRightsFollowServer } from '../access/rights.ts';
import { LoadingContent } from './TitledScreens.tsx';
import { MAIN_CONTENT_ID as MAIN } from './mainContent.ts';

export function Layout({ children }: { children?: ReactNode }) {
  // The rights are read again on every page, so what an administrator changed shows on the next one.
  useRightsFollowServer();
  const [errorInfo, setErrorInfo] = useState<ErrorInfo | undefined>(undefined);
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        minHeight: '100vh',
        width: '100%',
        minWidth: 0,
        bgcolor: 'background.default',
        position: 'relative',
        zIndex: 1,
      }}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, mt: { xs: 7, sm: 6 } }}>
        <AppBar />
        <Box component="main" sx={{ display: 'flex', flexGrow: 1 }}>
          <Sidebar>
            <Menu />
          </Sidebar>
          {/* Without min-width 0 a wide table stretches the whole page on phones instead of scrolling in its card. */}
          <Box
            id={MAIN}
            sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, flexBasis: 0, minWidth: 0, px: 1, zIndex: 2, bgcolor: 'background.default' }}
          >
            <ErrorBoundary
              onError={(_error, info) => setErrorInfo(info)}
              fallbackRender={({ error, resetErrorBoundary }) => (
                <ErrorPage error={error as Error} errorInfo={errorInfo} resetErrorBoundary={resetErrorBoundary} />
              )}
            >
              <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 'calc(100vh - 64px)', minWidth: 0 }}>
                <Breadcrumb />
                {/* The breadcrumb stays while an area's screens load; the footer comes with them, so it is not pushed down when they arrive. */}
                <Suspense fallback={<LoadingContent />}>
                  {/* At least a window tall, so the footer starts below the fold: a page whose data comes after it does not push a visible footer down (layout shift). */}
                  <Box sx={{ px: { xs: 1, sm: 2 }, pb: 3, flex: 1, minHeight: 'calc(100vh - 64px)' }}>{children}</Box>
                  <Footer />
                </Suspense>
              </Box>
            </ErrorBoundary>
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
