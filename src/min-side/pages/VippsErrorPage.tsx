/** /vipps-error: the quick checkout could not create the membership. */
import { Card, Layout } from '../components/Layout.tsx';
import { SupportContact } from '../components/SupportContact.tsx';
import { texts } from '../texts.ts';

export default function VippsErrorPage() {
  return (
    <Layout>
      <title>{`${texts.vippsError.title} – ${texts.appName}`}</title>
      <div className="narrow">
        <h1>{texts.vippsError.title}</h1>
        <Card>
          <p>{texts.vippsError.body}</p>
          <SupportContact />
        </Card>
      </div>
    </Layout>
  );
}
