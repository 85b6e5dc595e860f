/** /vipps-thanks: after a quick checkout that created the membership. */
import { Link } from '../router.tsx';
import { Card, Layout } from '../components/Layout.tsx';
import { SupportContact } from '../components/SupportContact.tsx';
import { useTexts } from '../locale.tsx';
import { usePageTexts } from '../pageTexts.ts';
import { PageTitle } from '../components/PageTitle.tsx';

export default function VippsThanksPage() {
  const texts = useTexts();
  const pages = usePageTexts();
  return (
    <Layout>
      <PageTitle>{`${pages.vippsThanks.title} – ${texts.appName}`}</PageTitle>
      <div className="narrow">
        <h1>{pages.vippsThanks.title}</h1>
        <Card>
          <p>{pages.vippsThanks.body}</p>
          <ol>
            {pages.vippsThanks.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <SupportContact />
          <p className="form-links">
            <Link to="/profile">{pages.login.title}</Link>
          </p>
        </Card>
      </div>
    </Layout>
  );
}
