/** How a section lays out its parts: a chart with its table beside it (desktop) or under it (phone), key figures in a row. */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** A chart and its table side by side from 1200 px (the table the wider), one above the other below. */
export function ChartWithTable({ chart, table }: { chart: ReactNode; table: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 3fr)' }, gap: 3, alignItems: 'start', mb: 3 }}>
      <Box sx={{ minWidth: 0 }}>{chart}</Box>
      <Box sx={{ minWidth: 0 }}>{table}</Box>
    </Box>
  );
}

/** Smaller tables in columns as the width allows. */
export function TableRow({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(auto-fit, minmax(260px, 1fr))' }, gap: 3, alignItems: 'start', mb: 3 }}
    >
      {children}
    </Box>
  );
}

/** The section's headline figures: a description list, each figure large under its name. */
export function KeyFigures({ figures }: { figures: readonly { label: string; value: string }[] }) {
  return (
    <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 2, sm: 4 }, m: 0, mb: 3 }}>
      {figures.map((figure) => (
        <Box key={figure.label} sx={{ minWidth: 120 }}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {figure.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontSize: '1.5rem', fontWeight: 700 }}>
            {figure.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
