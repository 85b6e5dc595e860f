/** /profile/edit/instrument-insurance/{memberId}: managing instruments comes with its own issue. */
import { Link } from 'react-router';
import { Card, Layout } from '../components/Layout.tsx';
import { texts } from '../texts.ts';

export default function InstrumentInsurancePage({ memberId }: { memberId: number }) {
  return (
    <Layout>
      <title>{`${texts.instruments.pageTitle} – ${texts.appName}`}</title>
      <h1>{texts.instruments.pageTitle}</h1>
      <Card>
        <p>{texts.instruments.later}</p>
        <Link to={`/profile/${memberId}`}>{texts.backToProfile}</Link>
      </Card>
    </Layout>
  );
}
