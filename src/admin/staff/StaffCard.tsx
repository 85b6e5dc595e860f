/** A section of the staff user's page: a Paper with its heading (h2) naming the region. */
import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

export function StaffCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Paper component="section" aria-labelledby={`${id}-heading`} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={`${id}-heading`} variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {translate(title)}
      </Typography>
      {children}
    </Paper>
  );
}
