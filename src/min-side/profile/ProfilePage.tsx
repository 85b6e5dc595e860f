/**
 * /profile/{memberId}: the member's own page (a blocked member is stopped by the route's guard).
 * The sections below the form and the invoices load their code when they come near the window
 * (at once when the member comes back from agreeing to the Vipps agreement, whose card then
 * scrolls into view).
 */
import { lazy, Suspense, useRef } from 'react';
import { useNearViewport } from '../../common/useNearViewport.ts';
import { useSearchParams } from '../router.tsx';
import { api, type Member } from '../api.ts';
import { Layout, Loading } from '../components/Layout.tsx';
import { LoadFailed } from '../components/LoadFailed.tsx';
import { SignedInHeader } from '../components/SignedInHeader.tsx';
import { useTexts } from '../locale.tsx';
import { useLoad } from '../useLoad.ts';
import { ApplicationState } from './ApplicationState.tsx';
import { CampaignCodeCard } from './CampaignCodeCard.tsx';
import { ProfileForm } from './ProfileForm.tsx';
import { InvoiceBanner } from '../invoices/InvoiceBanner.tsx';
import { InvoicesCard } from '../invoices/InvoicesCard.tsx';
import { useMemberInvoices } from '../invoices/useMemberInvoices.ts';
import { PageTitle } from '../components/PageTitle.tsx';

const ProfileSections = lazy(() => import('./ProfileSections.tsx'));
/** How near the window (px) the sections' place comes before their code loads: below a laptop's first screen. */
const NEAR = 200;

function LaterSections({ member }: { member: Member }) {
  const place = useRef<HTMLDivElement>(null);
  const [query] = useSearchParams();
  const near = useNearViewport(place, NEAR) || query.get('vipps_agreement') === 'return';
  return (
    <div ref={place}>
      {near ? (
        <Suspense fallback={<Loading />}>
          <ProfileSections member={member} />
        </Suspense>
      ) : (
        <Loading />
      )}
    </div>
  );
}

export default function ProfilePage({ memberId }: { memberId: number }) {
  const texts = useTexts();
  const [member, reload, replace] = useLoad(() => api.member(memberId), [memberId]);
  const invoices = useMemberInvoices(memberId);
  if (member.state === 'error') return <LoadFailed onRetry={reload} />;
  const data = member.state === 'loaded' ? member.data.data : null;
  return (
    <Layout wide header={<SignedInHeader name={data ? `${data.first_name} ${data.last_name}` : undefined} />}>
      <PageTitle>{`${texts.profile.title} – ${texts.appName}`}</PageTitle>
      <h1>{data ? texts.profile.greeting(data.first_name) : texts.profile.title}</h1>
      {!data ? (
        <Loading />
      ) : (
        <>
          <InvoiceBanner state={invoices} />
          <div className="profile-grid">
            <ProfileForm member={data} onSaved={(saved) => replace({ data: saved })} />
            <CampaignCodeCard member={data} onAdded={(code) => replace({ data: { ...data, campaign_code: code } })} />
          </div>
          <ApplicationState member={data} />
          <InvoicesCard state={invoices} />
          <LaterSections member={data} />
        </>
      )}
    </Layout>
  );
}
