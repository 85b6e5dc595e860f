/** The staff shell: react-admin's layout with our top bar and menu, the breadcrumb above every page and the footer below. */
import { Suspense, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { Loading, Layout as RaLayout } from 'react-admin';
import { AppBar } from './AppBar.tsx';
import { Menu } from './Menu.tsx';
import { Breadcrumb } from './Breadcrumb.tsx';
import { Footer } from './Footer.tsx';
import { useRightsFollowServer } from '../access/rights.ts';

export function Layout({ children }: { children?: ReactNode }) {
  // The rights are read again on every page, so what an administrator changed shows on the next one.
  useRightsFollowServer();
  return (
    // Without min-width 0 a wide table stretches the whole page on phones instead of scrolling in its card.
    <RaLayout appBar={AppBar} menu={Menu} sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0 } }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 'calc(100vh - 64px)', minWidth: 0 }}>
        <Breadcrumb />
        {/* The breadcrumb stays while an area's screens load; the footer comes with them, so it is not pushed down when they arrive. */}
        <Suspense
          fallback={
            <Box sx={{ flex: 1 }}>
              <Loading />
            </Box>
          }
        >
          {/* At least a window tall, so the footer starts below the fold: a page whose data comes after it does not push a visible footer down (layout shift). */}
          <Box sx={{ px: { xs: 1, sm: 2 }, pb: 3, flex: 1, minHeight: 'calc(100vh - 64px)' }}>{children}</Box>
          <Footer />
        </Suspense>
      </Box>
    </RaLayout>
  );
}
