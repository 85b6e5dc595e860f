/** The centred card both logged-out pages use. */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

export function AuthCard({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'background.default', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 420 }}>
        <CardContent sx={{ p: 4 }}>
          <Typography component="p" variant="overline" color="primary" sx={{ fontWeight: 700 }}>{translate('app.name')}</Typography>
          <Typography component="h1" variant="h5" gutterBottom>{title}</Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>{intro}</Typography>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
