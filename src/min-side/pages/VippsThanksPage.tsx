/** /vipps-thanks: after a quick checkout that created the membership. */
import { Link } from 'react-router';
import { Card, Layout } from '../components/Layout.tsx';
import { SupportContact } from '../components/SupportContact.tsx';
import { texts } from '../texts.ts';

export default function VippsThanksPage() {
  return (
    <Layout>
      <title>{`${texts.vippsThanks.title} – ${texts.appName}`}</title>
      <div className="narrow">
        <h1>{texts.vippsThanks.title}</h1>
        <Card>
          <p>{texts.vippsThanks.body}</p>
          <ol>
            {texts.vippsThanks.steps.map((step) => <li key={step}>{step}</li>)}
          </ol>
          <SupportContact />
          <p className="form-links">
            <Link to="/profile">{texts.login.title}</Link>
          </p>
        </Card>
      </div>
    </Layout>
  );
}
