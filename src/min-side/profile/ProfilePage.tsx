/** /profile/{memberId}: the member's own page (a blocked member is stopped by the route's guard). */
import { api } from '../api.ts';
import { ContentText } from '../components/ContentText.tsx';
import { Layout, Loading } from '../components/Layout.tsx';
import { LoadFailed } from '../components/LoadFailed.tsx';
import { SignedInHeader } from '../components/SignedInHeader.tsx';
import { useTexts } from '../locale.tsx';
import { useLoad } from '../useLoad.ts';
import { ApplicationState } from './ApplicationState.tsx';
import { CampaignCodeCard } from './CampaignCodeCard.tsx';
import { DiscountCodes } from './DiscountCodes.tsx';
import { AccessLogCard } from './AccessLogCard.tsx';
import { InstrumentInsuranceTable, TravelInsuranceTable } from './InsuranceTables.tsx';
import { MemberCardSection } from './MemberCardSection.tsx';
import { ProfileForm } from './ProfileForm.tsx';
import { TwoFactorCard } from './TwoFactorCard.tsx';
import { InvoiceBanner } from '../invoices/InvoiceBanner.tsx';
import { InvoicesCard } from '../invoices/InvoicesCard.tsx';
import { useMemberInvoices } from '../invoices/useMemberInvoices.ts';
import { VippsAgreementCard } from './VippsAgreementCard.tsx';

export default function ProfilePage({ memberId }: { memberId: number }) {
  const texts = useTexts();
  const [member, reload, replace] = useLoad(() => api.member(memberId), [memberId]);
  const invoices = useMemberInvoices(memberId);
  if (member.state === 'error') return <LoadFailed onRetry={reload} />;
  const data = member.state === 'loaded' ? member.data.data : null;
  return (
    <Layout wide header={<SignedInHeader name={data ? `${data.first_name} ${data.last_name}` : undefined} />}>
      <title>{`${texts.profile.title} – ${texts.appName}`}</title>
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
          {data.role_id === 2 && <MemberCardSection memberId={data.id} />}
          {(data.role_id === 2 || data.role_id === 1) && <VippsAgreementCard memberId={data.id} canStart={data.role_id === 2} />}
          <TravelInsuranceTable member={data} />
          <InstrumentInsuranceTable member={data} />
          <DiscountCodes />
          <TwoFactorCard />
          <AccessLogCard memberId={data.id} name={`${data.first_name} ${data.last_name}`} />
          <ContentText slug="min-side" fallbackTitle={texts.privacyTitle} />
        </>
      )}
    </Layout>
  );
}
