/** The request pages' routes and titles; their tables come with the requests area. */
import Typography from '@mui/material/Typography';
import { Title, useTranslate } from 'react-admin';
import { usePendingCounts } from '../layout/pendingCounts.ts';

type Kind = 'memberships' | 'travel' | 'instruments';

export function RequestsPage({ kind }: { kind: Kind }) {
  const translate = useTranslate();
  const counts = usePendingCounts();
  const title = translate(`app.requests.${kind}`, { count: counts[kind] });
  return (
    <>
      <Title title={title} />
      <Typography variant="h5" component="h1" sx={{ my: 2 }}>{title}</Typography>
    </>
  );
}

export default RequestsPage;
