/**
 * '/staff/{id}': one staff user: who they are and their state, their role and whether they may sign
 * in, rights beyond their role or taken from it, their sign-ins and two-factor sign-in, and the
 * access report ('Tilgangsrapport') of a period.
 */
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ShowBase, useShowContext, useTranslate } from 'react-admin';
import { LoadingContent } from '../layout/TitledScreens.tsx';
import { LoadFailed, PageHeader } from '../layout/PageHeader.tsx';
import type { StaffUserDetail } from '../../../server/schemas/staff-users.ts';
import { AccessReportCard } from './AccessReportCard.tsx';
import { StaffAccessCard } from './StaffAccessCard.tsx';
import { StaffRightsCard } from './StaffRightsCard.tsx';
import { StaffSecurityCard } from './StaffSecurityCard.tsx';
import { StaffStateChip } from './StaffStateChip.tsx';
import { dateTime, personName, STAFF_PATHS } from './staffText.ts';
import '../../i18n/app/staff-users-pages-nb.ts';

/** The list's rows seed react-admin's cache of single users but lack their rights: wait for those. */
const isWhole = (record: unknown): record is StaffUserDetail => !!record && Array.isArray((record as StaffUserDetail).rights);

function Fact({ label, children }: { label: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <div>
      <Typography component="dt" variant="body2" color="text.secondary">
        {translate(`resources.staff.fields.${label}`)}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </div>
  );
}

function Facts({ user }: { user: StaffUserDetail }) {
  const translate = useTranslate();
  return (
    <Paper component="section" aria-label={translate('app.staff_users.user.facts')} sx={{ p: { xs: 2, sm: 3 } }}>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '2fr repeat(4, 1fr)' }, gap: 2, m: 0 }}>
        <Fact label="email">{user.email}</Fact>
        <Fact label="role_name">{user.role_name}</Fact>
        <Fact label="state">
          <StaffStateChip user={user} />
        </Fact>
        <Fact label="last_sign_in_at">{dateTime(user.last_sign_in_at) || translate('app.staff_users.never')}</Fact>
        <Fact label="two_factor">{translate(user.two_factor ? 'app.staff_users.two_factor_on' : 'app.staff_users.two_factor_off')}</Fact>
      </Box>
    </Paper>
  );
}

function StaffUserView() {
  const { record, error } = useShowContext<StaffUserDetail>();
  if (error)
    return <LoadFailed error={error} back={STAFF_PATHS.list} notFound="app.staff_users.user.not_found" notFoundText="app.staff_users.user.not_found_text" />;
  if (!isWhole(record)) return <Box sx={{ minHeight: '100vh' }} />;
  return (
    // minmax(0, …): a wide table scrolls inside its card instead of widening the page.
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, pb: 3 }}>
      <PageHeader back={STAFF_PATHS.list} title={personName(record)} />
      <Facts user={record} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, gap: 2, alignItems: 'start' }}>
        <StaffAccessCard user={record} />
        <StaffSecurityCard user={record} />
      </Box>
      <StaffRightsCard user={record} />
      <AccessReportCard user={record} />
    </Box>
  );
}

export function StaffUserPage() {
  const { id } = useParams();
  return (
    <ShowBase<StaffUserDetail>
      resource="staff"
      id={Number(id)}
      authLoading={<LoadingContent />}
      // A missing user is said on the page, not with react-admin's toast and a redirect.
      redirectOnError={false}
      // Always the whole user: a list row in the cache would otherwise count as fresh.
      queryOptions={{ refetchOnMount: 'always', onError: () => undefined }}
    >
      <StaffUserView />
    </ShowBase>
  );
}

export default StaffUserPage;
