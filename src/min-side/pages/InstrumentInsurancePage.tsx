/** /profile/edit/instrument-insurance/{memberId}: the member's instruments in four tabs. */
import { useState } from 'react';
import { Link, useSearch } from '../router.tsx';
import { Card, Layout, Loading } from '../components/Layout.tsx';
import { SignedInHeader } from '../components/SignedInHeader.tsx';
import { useLoad } from '../useLoad.ts';
import { useTexts } from '../locale.tsx';
import { useInstrumentTexts } from '../instruments/texts.ts';
import { instrumentApi } from '../instruments/api.ts';
import { InstrumentScreen } from '../instruments/InstrumentScreen.tsx';
import '../instruments/instruments.css';
import { CertificateButtons } from '../profile/CertificateButtons.tsx';
import { PageTitle } from '../components/PageTitle.tsx';

const TABS = ['add', 'active', 'requested', 'deleted'];

export default function InstrumentInsurancePage({ memberId }: { memberId: number }) {
  const texts = useTexts();
  const t = useInstrumentTexts();
  const [instruments, reload, replace] = useLoad(() => instrumentApi.list(memberId), [memberId]);
  // A document added or deleted changes an instrument's valuation: read the list again without
  // taking the screen (and an upload form in use) away while it comes.
  const refresh = () => void instrumentApi.list(memberId).then((answer) => answer.ok && replace(answer.data));
  const [categories] = useLoad(() => instrumentApi.categories(), []);
  // A link may open a tab ('?tab=active': the insured instruments with their documents, from a claim's pages).
  const asked = new URLSearchParams(useSearch()).get('tab');
  const [tab, setTab] = useState(() => (asked && TABS.includes(asked) ? asked : 'add'));
  const [ordered, setOrdered] = useState(false);
  return (
    <Layout wide header={<SignedInHeader />}>
      <PageTitle>{`${t.pageTitle} – ${texts.appName}`}</PageTitle>
      <h1>{t.pageTitle}</h1>
      <p>
        <Link to={`/profile/${memberId}`}>{t.back}</Link>
      </p>
      {instruments.state === 'loading' || categories.state === 'loading' ? <Loading /> : null}
      {instruments.state === 'error' && (
        <Card>
          <p className="notice notice-error">{t.loadFailed}</p>
        </Card>
      )}
      {/* The certificates come with the instruments' screen, never before it: arriving above them, it would move them down. */}
      {instruments.state === 'loaded' && categories.state === 'loaded' && (
        <>
          <InstrumentScreen
            memberId={memberId}
            data={instruments.data.data}
            categories={categories.data.data}
            reload={reload}
            refresh={refresh}
            tab={tab}
            setTab={setTab}
            ordered={ordered}
            setOrdered={setOrdered}
          />
          {instruments.data.data.active.length > 0 && (
            <Card title={texts.certificates.title}>
              <CertificateButtons memberId={memberId} kind="instruments" />
            </Card>
          )}
        </>
      )}
    </Layout>
  );
}
