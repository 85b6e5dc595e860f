/** /profile/claims/{memberId}: 'Skademeldinger', the member's claims, newest first, each to follow, download or withdraw. */
import { Link } from '../router.tsx';
import { Layout, Loading } from '../components/Layout.tsx';
import { SignedInHeader } from '../components/SignedInHeader.tsx';
import { useTexts } from '../locale.tsx';
import { useLoad } from '../useLoad.ts';
import { claimApi, claimPaths } from './api.ts';
import { ClaimView } from './ClaimView.tsx';
import { useClaimTexts } from './texts.ts';
import '../documents/documents.css';
import './claims.css';
import { PageTitle } from '../components/PageTitle.tsx';

export default function ClaimsPage({ memberId }: { memberId: number }) {
  const texts = useTexts();
  const t = useClaimTexts();
  const [claims, , replace] = useLoad(() => claimApi.list(memberId), [memberId]);
  const list = claims.state === 'loaded' ? [...claims.data.data].sort((a, b) => b.created_at.localeCompare(a.created_at)) : [];
  return (
    <Layout header={<SignedInHeader />}>
      <PageTitle>{`${t.listTitle} – ${texts.appName}`}</PageTitle>
      <h1>{t.listTitle}</h1>
      <p>
        <Link to={claimPaths.instruments(memberId)}>{t.backToInstruments}</Link>
      </p>
      <p>{t.listIntro}</p>
      {claims.state === 'loading' && <Loading />}
      {claims.state === 'error' && <p className="notice notice-error">{t.loadFailed}</p>}
      {claims.state === 'loaded' &&
        (list.length === 0 ? (
          <p className="card muted">{t.empty}</p>
        ) : (
          <ul className="claim-list">
            {list.map((claim) => (
              <li key={claim.id} className="card">
                <ClaimView claim={claim} onChanged={(changed) => replace({ data: claims.data.data.map((one) => (one.id === changed.id ? changed : one)) })} />
              </li>
            ))}
          </ul>
        ))}
    </Layout>
  );
}
