/**
 * A chart of a section: a figure with its title, and a summary in words for screen readers (the
 * table beside it carries every figure). The drawing itself is hidden from them and takes no
 * focus, so the keyboard passes it by. Colours keep 3:1 against the card and are never the only
 * sign: each series has its label in the legend, lines their own dash and marks.
 */
import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** Dark enough for 3:1 (and more) on white, and told apart without colour vision by dash, mark and legend. */
export const SERIES_COLOURS = ['#1a5fb4', '#a14a00', '#5e3c99', '#00695c'] as const;
export const LINE_MARKS = ['circle', 'square', 'triangle', 'diamond'] as const;
export const LINE_DASHES = ['none', '6 4', '2 3', '10 3 2 3'] as const;

/** Screen readers read it; it is not shown. */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  margin: '-1px',
  padding: 0,
  border: 0,
} as const;

/** Whether charts move (never in tests: they run with `skipAnimation`). */
export const chartMotion = { skipAnimation: import.meta.env.MODE === 'test' };

export function StatsChart({ title, summary, children }: { title: string; summary: string; children: ReactNode }) {
  const summaryId = useId();
  return (
    <Box component="figure" aria-describedby={summaryId} sx={{ m: 0, minWidth: 0 }}>
      <Typography component="figcaption" variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      <Typography id={summaryId} sx={visuallyHidden}>
        {summary}
      </Typography>
      <Box aria-hidden sx={{ width: '100%', height: 260, '& svg': { overflow: 'visible' } }}>
        {children}
      </Box>
    </Box>
  );
}
