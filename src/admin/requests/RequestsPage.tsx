/** A request queue's route and title (with its pending count); the tables come with the requests area. */
import Typography from '@mui/material/Typography';
import { Title, useResourceContext, useTranslate } from 'react-admin';
import { areaNamed } from '../areas/registry.ts';
import { usePendingCounts } from '../layout/pendingCounts.ts';

const TITLES: Record<string, string> = {
  'membership-request': 'app.requests.memberships',
  'travel-insurance': 'app.requests.travel',
  'instrument-insurance': 'app.requests.instruments',
};

export function RequestsPage() {
  const translate = useTranslate();
  const area = areaNamed(useResourceContext() ?? '');
  const counts = usePendingCounts();
  const title = translate(TITLES[area.name], { count: counts.of[area.menu.badge ?? ''] ?? 0 });
  return (
    <>
      <Title title={title} />
      <Typography variant="h5" component="h1" sx={{ my: 2 }}>{title}</Typography>
    </>
  );
}

export default RequestsPage;
