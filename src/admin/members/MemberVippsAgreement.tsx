/**
 * 'Vipps-avtale' on the member page (read-only): the member's agreement for drawing the dues, its
 * charges and its latest changes. The section's body and its code come when the section comes near
 * the window, as the invoices' and the change history's do.
 */
import { lazy, Suspense, useRef } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useRecordContext, useTranslate } from 'react-admin';
import { useNearViewport } from '../../common/useNearViewport.ts';
import '../../i18n/app/vipps-agreement-pages-nb.ts';

const VippsAgreementBody = lazy(() => import('./VippsAgreementBody.tsx'));

export function MemberVippsAgreement() {
  const translate = useTranslate();
  const memberId = useRecordContext<{ id: number }>()?.id;
  const ref = useRef<HTMLElement>(null);
  const near = useNearViewport(ref);
  const waiting = <Typography>{translate('app.loading')}</Typography>;
  return (
    <Paper component="section" ref={ref} aria-labelledby="member-vipps-agreement-title" sx={{ p: 2, mt: 3 }}>
      <Typography id="member-vipps-agreement-title" variant="h6" component="h2" gutterBottom>
        {translate('app.vipps_agreement.title')}
      </Typography>
      <Box sx={{ minHeight: 24 }}>
        {near && memberId !== undefined ? (
          <Suspense fallback={waiting}>
            <VippsAgreementBody memberId={memberId} />
          </Suspense>
        ) : (
          waiting
        )}
      </Box>
    </Paper>
  );
}
