/** A titled card of label/value rows for the insurance summaries. */
import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

export function SummaryCard({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Card component="section" aria-label={translate(title)}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate(title)}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** `label` is already translated. */
export function SummaryRow({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Typography component="div" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }}>
      <span>{label}</span>
      <strong>{value}</strong>
    </Typography>
  );
}
