/** /profile/edit/travel-insurane/{memberId} (spelled so in the spec): ordering comes with its own issue. */
import { Link } from 'react-router';
import { Card, Layout } from '../components/Layout.tsx';
import { texts } from '../texts.ts';

export default function TravelInsurancePage({ memberId }: { memberId: number }) {
  return (
    <Layout>
      <title>{`${texts.travel.pageTitle} – ${texts.appName}`}</title>
      <h1>{texts.travel.pageTitle}</h1>
      <Card>
        <p>{texts.travel.later}</p>
        <Link to={`/profile/${memberId}`}>{texts.backToProfile}</Link>
      </Card>
    </Layout>
  );
}
