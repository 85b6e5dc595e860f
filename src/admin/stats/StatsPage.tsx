/**
 * '/stats' ('Nøkkeltall'): the board's figures for a period, in five sections (members, requests,
 * insurance, campaigns, money), each read on its own with its chart, its tables and its download.
 * The period lives in the address (?from=&to=), so a link or a reload shows the same figures.
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Title, useTranslate } from 'react-admin';
import { todayIso } from '../../common/format.ts';
import type { StatsPeriod } from '../../dataProvider/index.ts';
import { CampaignsSection } from './CampaignsSection.tsx';
import { InsuranceSection } from './InsuranceSection.tsx';
import { MembersSection } from './MembersSection.tsx';
import { MoneySection } from './MoneySection.tsx';
import { periodFromSearch } from './period.ts';
import { PeriodPicker } from './PeriodPicker.tsx';
import { RequestsSection } from './RequestsSection.tsx';

export function StatsPage() {
  const translate = useTranslate();
  const [search, setSearch] = useSearchParams();
  const today = todayIso();
  const inAddress = periodFromSearch(search, today);
  // Held here as well as in the address: the router applies an address change a moment later (in a
  // transition), and the choice must show at once. An address changed otherwise (back, a link) is followed.
  const [period, setPeriod] = useState(inAddress);
  useEffect(() => {
    setPeriod((shown) => (shown.from === inAddress.from && shown.to === inAddress.to ? shown : inAddress));
    // The period's two dates are what matter, not the object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [inAddress.from, inAddress.to]);
  const show = (next: StatsPeriod) => {
    setPeriod(next);
    setSearch({ from: next.from, to: next.to });
  };
  return (
    <Box sx={{ pb: 4, minWidth: 0 }}>
      <Title title={translate('app.stats.title')} />
      <Typography variant="h5" component="h1" sx={{ my: 2 }}>
        {translate('app.stats.title')}
      </Typography>
      <PeriodPicker period={period} today={today} onChange={show} />
      <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
        <MembersSection period={period} />
        <RequestsSection period={period} />
        <InsuranceSection period={period} />
        <CampaignsSection period={period} />
        <MoneySection period={period} />
      </Box>
    </Box>
  );
}

export default StatsPage;
