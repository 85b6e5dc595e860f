/** /profile/{memberId}: the member's own page (a blocked member is stopped by the route's guard). */
import { useNavigate } from 'react-router';
import { api, type Member } from '../api.ts';
import { ContentText } from '../components/ContentText.tsx';
import { Layout, Loading } from '../components/Layout.tsx';
import { LoadFailed } from '../components/LoadFailed.tsx';
import { useSession } from '../session.tsx';
import { texts } from '../texts.ts';
import { useLoad } from '../useLoad.ts';
import { CampaignCodeCard } from './CampaignCodeCard.tsx';
import { DiscountCodes } from './DiscountCodes.tsx';
import { InstrumentInsuranceTable, TravelInsuranceTable } from './InsuranceTables.tsx';
import { ProfileForm } from './ProfileForm.tsx';

function ProfileHeader({ member }: { member: Member | null }) {
  const { session, signOut } = useSession();
  const navigate = useNavigate();
  const name = member ? `${member.first_name} ${member.last_name}` : `${session?.firstName ?? ''} ${session?.lastName ?? ''}`;
  const logout = async () => {
    await api.logout();
    signOut();
    navigate('/profile', { replace: true });
  };
  return (
    <div className="topbar-user">
      <span className="topbar-name">{name.trim()}</span>
      <button type="button" className="btn btn-light" onClick={() => void logout()}>
        {texts.profile.logout}
      </button>
    </div>
  );
}

export default function ProfilePage({ memberId }: { memberId: number }) {
  const [member, reload, replace] = useLoad(() => api.member(memberId), [memberId]);
  if (member.state === 'error') return <LoadFailed onRetry={reload} />;
  const data = member.state === 'loaded' ? member.data.data : null;
  return (
    <Layout wide header={<ProfileHeader member={data} />}>
      <title>{`${texts.profile.title} – ${texts.appName}`}</title>
      <h1>{data ? texts.profile.greeting(data.first_name) : texts.profile.title}</h1>
      {!data ? (
        <Loading />
      ) : (
        <>
          <div className="profile-grid">
            <ProfileForm member={data} onSaved={(saved) => replace({ data: saved })} />
            <CampaignCodeCard member={data} onAdded={(code) => replace({ data: { ...data, campaign_code: code } })} />
          </div>
          <TravelInsuranceTable member={data} />
          <InstrumentInsuranceTable member={data} />
          <DiscountCodes />
          <ContentText slug="min-side" fallbackTitle={texts.privacyTitle} />
        </>
      )}
    </Layout>
  );
}
