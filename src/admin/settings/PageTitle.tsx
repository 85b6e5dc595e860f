/** A settings page's heading (h1) and the browser title, from one catalogue key. */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Title, useTranslate } from 'react-admin';

export function PageTitle({ label, children }: { label: string; children?: ReactNode }) {
  const translate = useTranslate();
  const title = translate(label);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, my: 2 }}>
      <Title title={title} />
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      {children}
    </Box>
  );
}
