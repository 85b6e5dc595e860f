/** /new-member/update/{memberId}: registration step two, once the applicant's data is loaded. */
import { api } from '../api.ts';
import { ContentText } from '../components/ContentText.tsx';
import { Layout, Loading } from '../components/Layout.tsx';
import { LoadFailed } from '../components/LoadFailed.tsx';
import { SignedInHeader } from '../components/SignedInHeader.tsx';
import { useTexts } from '../locale.tsx';
import { usePageTexts } from '../pageTexts.ts';
import { useLoad } from '../useLoad.ts';
import { StepTwoForm } from './StepTwoForm.tsx';
import { PageTitle } from '../components/PageTitle.tsx';

export default function StepTwoPage({ memberId }: { memberId: number }) {
  const texts = useTexts();
  const pages = usePageTexts();
  const [member, reload] = useLoad(() => api.member(memberId), [memberId]);
  if (member.state === 'error') return <LoadFailed onRetry={reload} />;
  return (
    <Layout wide header={<SignedInHeader />}>
      <PageTitle>{`${pages.stepTwo.title} – ${texts.appName}`}</PageTitle>
      <h1>{pages.stepTwo.title}</h1>
      <div className="two-columns">
        {member.state === 'loading' ? <Loading /> : <StepTwoForm member={member.data.data} />}
        <ContentText slug="bli-medlem-steg-2" />
      </div>
    </Layout>
  );
}
