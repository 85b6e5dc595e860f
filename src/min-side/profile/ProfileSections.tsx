/**
 * The profile's sections below its form and invoices, from the member card to the privacy text:
 * ProfilePage loads this code when they come near the window.
 */
import type { Member } from '../api.ts';
import { ContentText } from '../components/ContentText.tsx';
import { useTexts } from '../locale.tsx';
import { AccessLogCard } from './AccessLogCard.tsx';
import { DiscountCodes } from './DiscountCodes.tsx';
import { InstrumentInsuranceTable, TravelInsuranceTable } from './InsuranceTables.tsx';
import { MemberCardSection } from './MemberCardSection.tsx';
import { TwoFactorCard } from './TwoFactorCard.tsx';
import { VippsAgreementCard } from './VippsAgreementCard.tsx';

export default function ProfileSections({ member }: { member: Member }) {
  const texts = useTexts();
  return (
    <>
      {member.role_id === 2 && <MemberCardSection memberId={member.id} />}
      {(member.role_id === 2 || member.role_id === 1) && <VippsAgreementCard memberId={member.id} canStart={member.role_id === 2} />}
      <TravelInsuranceTable member={member} />
      <InstrumentInsuranceTable member={member} />
      <DiscountCodes />
      <TwoFactorCard />
      <AccessLogCard memberId={member.id} name={`${member.first_name} ${member.last_name}`} />
      <ContentText slug="min-side" fallbackTitle={texts.privacyTitle} />
    </>
  );
}
