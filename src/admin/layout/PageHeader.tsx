/**
 * The head of a page that shows one thing (an invoice, a payment file, a staff user, a send): its
 * title as the page's h1 and document title, and a way back to the list it came from. `LoadFailed`
 * is the same page when the thing could not be read: 'not found' for a 404, the general error
 * otherwise.
 */
import type { ReactNode } from 'react';
import { Title, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';

interface Back {
  /** The list the page goes back to. */
  back: string;
  /** The back button's catalogue key; 'Tilbake' when left out. */
  backLabel?: string;
}

export function PageHeader({ title, back, backLabel = 'app.back', children }: Back & { title: string; children?: ReactNode }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, my: 2 }}>
      <Title title={title} />
      {/* What the page adds (a send's state) stays beside the title, the back button at the far end. */}
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2, minWidth: 0 }}>
        <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {title}
        </Typography>
        {children}
      </Box>
      <Button variant="outlined" startIcon={<ArrowBack />} onClick={() => navigate(back)}>
        {translate(backLabel)}
      </Button>
    </Box>
  );
}

/** The page when reading its record failed: `notFound` and `notFoundText` are catalogue keys for a 404. */
export function LoadFailed({ error, notFound, notFoundText, ...back }: Back & { error: unknown; notFound: string; notFoundText: string }) {
  const translate = useTranslate();
  const missing = (error as { status?: number } | null)?.status === 404;
  return (
    <>
      <PageHeader title={translate(missing ? notFound : 'app.errors.generic_bang')} {...back} />
      <Alert severity={missing ? 'info' : 'error'}>{translate(missing ? notFoundText : 'app.errors.generic_bang')}</Alert>
    </>
  );
}
