/**
 * /profile/claims/{memberId}/new/{instrumentId}: 'Meld skade' for one insured instrument. What the
 * register says stands read-only above the form; the claim's own record comes back when it is sent.
 */
import { Link, useParams } from '../router.tsx';
import { api } from '../api.ts';
import { Card, Layout, Loading } from '../components/Layout.tsx';
import { SignedInHeader } from '../components/SignedInHeader.tsx';
import { documentApi } from '../documents/api.ts';
import { instrumentApi } from '../instruments/api.ts';
import { useTexts } from '../locale.tsx';
import { useLoad } from '../useLoad.ts';
import { ClaimForm } from './ClaimForm.tsx';
import { RegisterFacts, snapshotOf } from './RegisterFacts.tsx';
import { canWithdraw, claimApi, claimPaths } from './api.ts';
import { useClaimTexts } from './texts.ts';
import '../documents/documents.css';
import './claims.css';
import { PageTitle } from '../components/PageTitle.tsx';

export default function NewClaimPage({ memberId }: { memberId: number }) {
  const texts = useTexts();
  const t = useClaimTexts();
  const { instrumentId = '' } = useParams();
  const id = /^\d+$/.test(instrumentId) ? Number(instrumentId) : 0;
  const [member] = useLoad(() => api.member(memberId), [memberId]);
  const [instruments] = useLoad(() => instrumentApi.list(memberId), [memberId]);
  const [documents] = useLoad(() => documentApi.list(id), [id]);
  const [claims] = useLoad(() => claimApi.list(memberId), [memberId]);
  const loads = [member, instruments, documents, claims];
  // One claim at a time per instrument (the server refuses a second while one is open): the open one is shown instead of the form.
  const open = claims.state === 'loaded' ? claims.data.data.find((claim) => claim.instrument_id === id && canWithdraw(claim)) : undefined;
  const instrument = instruments.state === 'loaded' ? instruments.data.data.active.find((one) => one.id === id) : undefined;

  let body;
  if (loads.some((load) => load.state === 'loading')) body = <Loading />;
  else if (instruments.state === 'loaded' && !instrument) body = <p className="notice notice-info">{t.notInsured}</p>;
  else if (open) {
    body = (
      <p className="notice notice-info">
        {t.openClaim} <Link to={claimPaths.one(memberId, open.id)}>{t.seeClaim(open.id)}</Link>
      </p>
    );
  } else if (member.state !== 'loaded' || !instrument) body = <p className="notice notice-error">{t.loadFailed}</p>;
  else {
    // Without the documents (a bad connection) the claim can still go: the server then attaches them all.
    const shown = documents.state === 'loaded' ? documents.data.data : null;
    body = (
      <>
        <p>{t.intro}</p>
        <Card title={t.register.title}>
          <RegisterFacts snapshot={snapshotOf(member.data.data, instrument, shown ?? [])} sent={false} />
        </Card>
        <section className="card">
          <ClaimForm memberId={memberId} instrument={instrument} documents={shown} />
        </section>
      </>
    );
  }

  return (
    <Layout header={<SignedInHeader />}>
      <PageTitle>{`${t.newTitle} – ${texts.appName}`}</PageTitle>
      <h1>{instrument ? `${t.newTitle}: ${instrument.make} ${instrument.model}` : t.newTitle}</h1>
      <p>
        <Link to={claimPaths.instruments(memberId)}>{t.backToInstruments}</Link>
      </p>
      {body}
    </Layout>
  );
}
