/**
 * The member's audit trail under the form. Its table (react-admin's DataTable and paging) is
 * fetched when the section comes near the window, not with the page: most visits edit the form
 * above and never scroll this far.
 */
import { lazy, Suspense, useRef } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { useNearViewport } from '../../common/useNearViewport.ts';
import '../../i18n/app/insurance-pages-nb.ts';

const ChangeRows = lazy(() => import('./ChangeRows.tsx'));

export function ChangeHistory() {
  const translate = useTranslate();
  const ref = useRef<HTMLElement>(null);
  const near = useNearViewport(ref);
  const waiting = <Typography>{translate('app.loading')}</Typography>;
  return (
    <Paper component="section" ref={ref} aria-labelledby="changes-title" sx={{ p: 2, mt: 3 }}>
      <Typography id="changes-title" variant="h6" component="h2" gutterBottom>
        {translate('app.changes.title')}
      </Typography>
      <Box sx={{ minHeight: 120 }}>
        {near ? (
          <Suspense fallback={waiting}>
            <ChangeRows />
          </Suspense>
        ) : (
          waiting
        )}
      </Box>
    </Paper>
  );
}
