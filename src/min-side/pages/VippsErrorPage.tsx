/** /vipps-error: the quick checkout could not create the membership. */
import { Card, Layout } from '../components/Layout.tsx';
import { SupportContact } from '../components/SupportContact.tsx';
import { useTexts } from '../locale.tsx';
import { usePageTexts } from '../pageTexts.ts';
import { PageTitle } from '../components/PageTitle.tsx';

export default function VippsErrorPage() {
  const texts = useTexts();
  const pages = usePageTexts();
  return (
    <Layout>
      <PageTitle>{`${pages.vippsError.title} – ${texts.appName}`}</PageTitle>
      <div className="narrow">
        <h1>{pages.vippsError.title}</h1>
        <Card>
          <p>{pages.vippsError.body}</p>
          <SupportContact />
        </Card>
      </div>
    </Layout>
  );
}
