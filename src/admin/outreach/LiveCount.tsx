/**
 * How many members the form's filter holds now, and some of them by name, counted by the server a
 * moment after staff stop changing the filter (a count is never stored: saving does not freeze it).
 * A filter the server refuses shows its message here until it is put right.
 */
import { Link as RouterLink } from 'react-router-dom';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useSettled } from '../forms/useSettled.ts';
import { useDataProvider, useTranslate } from 'react-admin';
import type { SegmentFilter, StaffDataProvider } from '../../dataProvider/index.ts';
import { cleanFilter } from './segmentFilter.ts';
import '../../i18n/app/outreach-pages-nb.ts';

/** How long the filter must stay unchanged before it is counted. */
export const COUNT_DELAY_MS = 400;

export function LiveCount() {
  const translate = useTranslate();
  const staffData = useDataProvider<StaffDataProvider>();
  const filter = useWatch({ name: 'filter' }) as Record<string, unknown> | undefined;
  const key = useSettled(JSON.stringify(cleanFilter(filter)), COUNT_DELAY_MS);
  const { data, error, isFetching } = useQuery({
    queryKey: ['segment-count', key],
    queryFn: ({ signal }) => staffData.countSegmentFilter(JSON.parse(key) as SegmentFilter, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const more = data ? data.count - data.sample.length : 0;

  return (
    <Paper component="section" aria-labelledby="segment-count-heading" sx={{ p: 2, position: { md: 'sticky' }, top: { md: 88 } }}>
      <Typography id="segment-count-heading" variant="h6" component="h2">
        {translate('app.outreach.count.heading')}
      </Typography>
      <Typography variant="h4" component="p" aria-live="polite" sx={{ my: 1 }}>
        {error
          ? translate('app.outreach.count.problem', { message: (error as Error).message })
          : data
            ? translate('app.outreach.count.members', { smart_count: data.count })
            : translate('app.outreach.count.counting')}
      </Typography>
      <LinearProgress sx={{ visibility: isFetching ? 'visible' : 'hidden' }} aria-hidden />
      {data &&
        !error &&
        (data.count === 0 ? (
          <Typography sx={{ mt: 2 }}>{translate('app.outreach.count.none')}</Typography>
        ) : (
          <>
            <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
              {translate('app.outreach.count.sample')}
            </Typography>
            <ul aria-label={translate('app.outreach.count.sample')} style={{ margin: 0, paddingLeft: '1.25rem' }}>
              {data.sample.map((member) => (
                <li key={member.id}>
                  <Link component={RouterLink} to={`/membership/edit/${member.id}`}>
                    {member.member_number ? `${member.member_number} – ${member.name}` : member.name}
                  </Link>
                </li>
              ))}
            </ul>
            {more > 0 && (
              <Typography variant="body2" sx={{ mt: 1 }}>
                {translate('app.outreach.count.more', { smart_count: more })}
              </Typography>
            )}
          </>
        ))}
    </Paper>
  );
}
