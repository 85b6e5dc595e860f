/**
 * /profile/claims/{memberId}/{claimId}: one claim, also the page a sent claim lands on (with the
 * claim the server answered, so nothing is read twice) with 'Last ned skademelding (PDF)'.
 */
import { Link, useNavigationState, useParams } from '../router.tsx';
import { Layout, Loading } from '../components/Layout.tsx';
import { SignedInHeader } from '../components/SignedInHeader.tsx';
import { useTexts } from '../locale.tsx';
import { useLoad } from '../useLoad.ts';
import { claimApi, claimPaths, type Claim } from './api.ts';
import { ClaimView } from './ClaimView.tsx';
import { useClaimTexts } from './texts.ts';
import '../documents/documents.css';
import './claims.css';
import { PageTitle } from '../components/PageTitle.tsx';

export default function ClaimPage({ memberId }: { memberId: number }) {
  const texts = useTexts();
  const t = useClaimTexts();
  const { claimId = '' } = useParams();
  const id = /^\d+$/.test(claimId) ? Number(claimId) : 0;
  const state = useNavigationState<{ claim?: Claim; sent?: boolean }>();
  const given = state?.claim?.id === id ? state.claim : undefined;
  const [loaded, , replace] = useLoad(() => (given ? Promise.resolve({ ok: true as const, status: 200, data: { data: given } }) : claimApi.get(id)), [id]);
  // The claim just sent shows at once; one opened from a link is read.
  const claim = loaded.state === 'loaded' ? loaded.data.data : given;
  return (
    <Layout header={<SignedInHeader />}>
      <PageTitle>{`${t.claimTitle} – ${texts.appName}`}</PageTitle>
      <h1>{t.claimTitle}</h1>
      <p className="link-row">
        <Link to={claimPaths.list(memberId)}>{t.backToList}</Link>
        <Link to={claimPaths.instruments(memberId)}>{t.backToInstruments}</Link>
      </p>
      {state?.sent && given && (
        <p className="notice notice-success" role="status">
          {t.sent}
        </p>
      )}
      {!claim && loaded.state === 'loading' && <Loading />}
      {loaded.state === 'error' && <p className="notice notice-error">{loaded.status === 404 ? loaded.message : t.loadFailed}</p>}
      {claim && (
        <section className="card">
          <ClaimView claim={claim} open onChanged={(changed) => replace({ data: changed })} />
        </section>
      )}
    </Layout>
  );
}
