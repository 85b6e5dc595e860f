/** '/outreach/{id}': one group, its filter as saved and its members counted now. */
import { useParams } from 'react-router-dom';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useGetOne, useTranslate } from 'react-admin';
import type { Segment } from '../../dataProvider/index.ts';
import { SegmentForm } from './SegmentForm.tsx';

export default function SegmentEdit() {
  const translate = useTranslate();
  const { id } = useParams();
  const { data, error, isPending } = useGetOne<Segment>('segments', { id: Number(id) }, { enabled: Number(id) > 0 });
  if (isPending) return <LinearProgress aria-label={translate('app.loading')} sx={{ mt: 2 }} />;
  if (error || !data) return <Typography sx={{ mt: 2 }}>{translate('app.errors.generic_bang')}</Typography>;
  return <SegmentForm segment={data} />;
}
