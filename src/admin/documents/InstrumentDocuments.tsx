/**
 * 'Dokumenter' on the staff instrument screens: for each of the member's instruments (the insured
 * and the waiting ones; `waiting` for the waiting ones only) a panel with its documents
 * (InstrumentPanels.tsx), whose code loads when the section comes near the window: the section
 * stands below the instruments, and most visits decide a request or change an instrument above it.
 */
import { lazy, Suspense, useId, useRef } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslate, type Identifier } from 'react-admin';
import { useNearViewport } from '../../common/useNearViewport.ts';
import { useMemberInstruments } from '../instrument-insurance/useMemberInstruments.ts';
import '../../i18n/app/documents-pages-nb.ts';

const InstrumentPanels = lazy(() => import('./InstrumentPanels.tsx'));

export function InstrumentDocuments({
  memberId,
  waiting = false,
}: {
  memberId: Identifier;
  /** Only the instruments waiting for staff (the request page); else the insured and the waiting ones. */
  waiting?: boolean;
}) {
  const translate = useTranslate();
  const headingId = useId();
  const ref = useRef<HTMLElement>(null);
  const { data } = useMemberInstruments(memberId);
  // The pages mount the section once what stands above it is whole, so where it is now is where it stays.
  const near = useNearViewport(ref);
  // An insured instrument with a change waiting is in both lists: once here.
  const seen = new Set<number>();
  const instruments = data ? [...(waiting ? [] : data.active), ...data.requested] : [];
  const shown = instruments.filter((instrument) => {
    if (seen.has(instrument.id)) return false;
    seen.add(instrument.id);
    return true;
  });
  return (
    <Paper component="section" ref={ref} aria-labelledby={headingId} sx={{ p: 2, my: 3 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('app.documents.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {translate('app.documents.intro')}
      </Typography>
      {data && shown.length === 0 ? (
        <Typography color="text.secondary">{translate('app.documents.no_instruments')}</Typography>
      ) : (
        <Box sx={{ minHeight: 56 * Math.max(1, shown.length) }}>
          {near && data ? (
            <Suspense fallback={<Typography>{translate('app.loading')}</Typography>}>
              <InstrumentPanels instruments={shown} />
            </Suspense>
          ) : (
            <Typography>{translate('app.loading')}</Typography>
          )}
        </Box>
      )}
    </Paper>
  );
}
