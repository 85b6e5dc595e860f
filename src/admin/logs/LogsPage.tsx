/** A member's logs: header with member number and name, 'Gå tilbake', and the three tabs. */
import { useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Title, useGetOne, useTranslate } from 'react-admin';
import type { Member } from '../../dataProvider/types.ts';
import { MemberHeader } from '../layout/MemberHeader.tsx';
import { paths } from '../paths.ts';
import { InsuranceLog } from './InsuranceLog.tsx';
import { MessageLog } from './MessageLog.tsx';
import { MemberAccessLog } from '../access-log/MemberAccessLog.tsx';
import '../../i18n/app/insurance-pages-nb.ts';

const TABS = ['messages', 'instruments', 'travel', 'access'] as const;
type TabName = (typeof TABS)[number];

/** The travel and instrument log routes open on their own tab. */
function initialTab(pathname: string): TabName {
  if (pathname.includes('/travel-insurance/insurance-logs/')) return 'travel';
  if (pathname.includes('/instrument-insurance/insurance-logs/')) return 'instruments';
  return 'messages';
}

export function LogsPage() {
  const translate = useTranslate();
  const { memberId } = useParams();
  const { pathname } = useLocation();
  const id = Number(memberId);
  const { data: member } = useGetOne<Member>('membership', { id });
  const [tab, setTab] = useState<TabName>(initialTab(pathname));
  return (
    <>
      <Title title={translate('app.breadcrumb.logs')} />
      <MemberHeader member={member} backTo={paths.editMember(id)} />
      <Paper sx={{ px: 2, pb: 2 }}>
        <Tabs
          value={tab}
          onChange={(_event, value: TabName) => setTab(value)}
          aria-label={translate('app.logs.tabs.label')}
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {TABS.map((name) => (
            <Tab
              key={name}
              value={name}
              label={translate(name === 'access' ? 'app.privacy.tab' : `app.logs.tabs.${name}`)}
              id={`tab-${name}`}
              aria-controls={name === tab ? `panel-${name}` : undefined}
            />
          ))}
        </Tabs>
        <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
          {tab === 'messages' && <MessageLog memberId={id} />}
          {tab === 'instruments' && <InsuranceLog kind="instruments" memberId={id} />}
          {tab === 'travel' && <InsuranceLog kind="travel" memberId={id} />}
          {tab === 'access' && <MemberAccessLog memberId={id} />}
        </div>
      </Paper>
    </>
  );
}

export default LogsPage;
