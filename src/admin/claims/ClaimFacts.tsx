/**
 * Everything a claim says, as the insurer's packet does: what happened, the member, the instrument,
 * and the cover and appraisal, each a titled card of terms and values, from the claim's snapshot of
 * the register when it was made.
 */
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { Claim } from '../../dataProvider/index.ts';
import { formatAmount, formatDate, formatPhone, formatTime } from '../../common/format.ts';
import { paths } from '../paths.ts';
import { personName, useCountryName } from './claimText.tsx';
import '../../i18n/app/claims-pages-nb.ts';

type Row = [field: string, value: ReactNode];

/** A titled card of a claim's page. */
export function ClaimCard({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 2, minWidth: 0 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Facts({ rows }: { rows: Row[] }) {
  const translate = useTranslate();
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2, rowGap: 0.5, m: 0 }}>
      {rows.map(([field, value]) => (
        <Box key={field} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {translate(`app.claims.fields.${field}`)}
          </Typography>
          <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {value === null || value === undefined || value === '' ? '–' : value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

export function ClaimFacts({ claim }: { claim: Claim }) {
  const translate = useTranslate();
  const country = useCountryName();
  const { member, instrument, appraisal } = claim.snapshot;
  const kroner = (amount: number) => translate('app.claims.kroner', { amount: formatAmount(amount) });
  const happened: Row[] = [
    ['kind', translate(`app.claims.kind.${claim.kind}`)],
    ['occurred_on', formatDate(claim.occurred_on)],
    ['place', claim.place],
    ['country', country(claim.country)],
    ['description', claim.description],
    ...(claim.police_report || claim.kind === 'theft' ? [['police_report', claim.police_report] as Row] : []),
    ['created_at', `${formatDate(claim.created_at)} ${formatTime(claim.created_at)}`],
  ];
  const address = [member.address, [member.postal_code, member.postal_area].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const who: Row[] = [
    [
      'name',
      <Link key="member" component={RouterLink} to={paths.editMember(member.id)}>
        {personName(member)}
      </Link>,
    ],
    ['member_number', member.member_number],
    ['email', member.email],
    ['phone', formatPhone(member.phone)],
    ['address', address],
  ];
  const what: Row[] = [
    ['category', instrument.category],
    ['make', instrument.make],
    ['model', instrument.model],
    ['serial_number', instrument.serial_number],
    ['value', kroner(instrument.value)],
    ['insurance_start', formatDate(instrument.insurance_start)],
  ];
  const cover: Row[] = [
    [
      'appraisal',
      appraisal
        ? translate('app.claims.appraisal', { amount: formatAmount(appraisal.value), date: formatDate(appraisal.valued_on) })
        : translate('app.claims.no_appraisal'),
    ],
    ['policy_number', claim.snapshot.policy_number],
    ['insurer', claim.snapshot.insurer],
  ];
  return (
    <>
      <ClaimCard title={translate('app.claims.sections.claim')}>
        <Facts rows={happened} />
      </ClaimCard>
      <ClaimCard title={translate('app.claims.sections.member')}>
        <Facts rows={who} />
      </ClaimCard>
      <ClaimCard title={translate('app.claims.sections.instrument')}>
        <Facts rows={what} />
      </ClaimCard>
      <ClaimCard title={translate('app.claims.sections.insurance')}>
        <Facts rows={cover} />
      </ClaimCard>
    </>
  );
}
