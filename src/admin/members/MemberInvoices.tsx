/**
 * 'Fakturaer' on the member page: the member's invoices, each opening its own page. Its table is
 * fetched when the section comes near the window, as the change history's.
 */
import { lazy, Suspense, useRef } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { useNearViewport } from '../../common/useNearViewport.ts';

const MemberInvoiceRows = lazy(() => import('./MemberInvoiceRows.tsx'));

export function MemberInvoices() {
  const translate = useTranslate();
  const ref = useRef<HTMLElement>(null);
  const near = useNearViewport(ref);
  const waiting = <Typography>{translate('app.loading')}</Typography>;
  return (
    <Paper component="section" ref={ref} aria-labelledby="member-invoices-title" sx={{ p: 2, mt: 3 }}>
      <Typography id="member-invoices-title" variant="h6" component="h2" gutterBottom>
        {translate('app.payments.member.title')}
      </Typography>
      <Box sx={{ minHeight: 80 }}>
        {near ? (
          <Suspense fallback={waiting}>
            <MemberInvoiceRows />
          </Suspense>
        ) : (
          waiting
        )}
      </Box>
    </Paper>
  );
}
