/**
 * /profile/card/{memberId}: the digital member card with its QR code, made to be shown from a
 * phone. Its code (and qrcode.react) loads only here. The last card fetched is kept on the
 * device, and a service worker scoped to this page keeps the page itself, so the card shows
 * without a network; the page can be added to the home screen (its web app manifest).
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from '../router.tsx';
import { QRCodeCanvas } from 'qrcode.react';
import { api, type MemberCardData } from '../api.ts';
import { Layout, Loading } from '../components/Layout.tsx';
import { SignedInHeader } from '../components/SignedInHeader.tsx';
import { useFormats, useTexts } from '../locale.tsx';
import { storeCard, storedCard } from './cardStore.ts';
import { keepCardPageOffline } from './offline.ts';
import { cardPng } from './cardPng.ts';
import { PageTitle } from '../components/PageTitle.tsx';

type State = { state: 'loading' } | { state: 'shown'; card: MemberCardData; offlineSince: string | null } | { state: 'none'; message: string };

export default function CardPage({ memberId }: { memberId: number }) {
  const texts = useTexts();
  const t = texts.digitalCard;
  const format = useFormats();
  const [shown, setShown] = useState<State>({ state: 'loading' });
  const qrHolder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let current = true;
    void api.memberCard(memberId).then((answer) => {
      if (!current) return;
      if (answer.ok) {
        storeCard(memberId, answer.data.data);
        setShown({ state: 'shown', card: answer.data.data, offlineSince: null });
        return;
      }
      const stored = storedCard(memberId);
      if (answer.status === 0 && stored) setShown({ state: 'shown', card: stored.card, offlineSince: stored.fetchedAt });
      else setShown({ state: 'none', message: answer.status === 404 ? t.notYet : t.loadFailed });
    });
    return () => {
      current = false;
    };
  }, [memberId, t.notYet, t.loadFailed]);

  useEffect(() => {
    if (shown.state === 'shown' && shown.offlineSince === null) keepCardPageOffline();
  }, [shown]);

  const download = () => {
    if (shown.state !== 'shown') return;
    const qr = qrHolder.current?.querySelector('canvas');
    if (!qr) return;
    const url = cardPng(shown.card, qr, { memberNumber: t.memberNumber, validUntil: t.validUntil });
    const link = document.createElement('a');
    link.href = url;
    link.download = `medlemskort-${shown.card.member_number}.png`;
    document.body.append(link);
    link.click();
    link.remove();
  };

  return (
    <Layout header={<SignedInHeader />}>
      <PageTitle>{`${t.pageTitle} – ${texts.appName}`}</PageTitle>
      <link rel="manifest" href="/medlemskort.webmanifest" />
      <meta name="theme-color" content="#1d3557" />
      <h1>{t.pageTitle}</h1>
      {shown.state === 'loading' && <Loading />}
      {shown.state === 'none' && <p className="notice notice-info">{shown.message}</p>}
      {shown.state === 'shown' && (
        <>
          {shown.offlineSince && (
            <p className="notice notice-info" role="status">
              {t.offline(format.dateTime(shown.offlineSince))}
            </p>
          )}
          <section className="member-card" aria-label={t.title}>
            <p className="member-card-org">{shown.card.organisation}</p>
            <p className="member-card-name">{`${shown.card.first_name} ${shown.card.last_name}`}</p>
            <dl className="member-card-facts">
              <div>
                <dt>{t.memberNumber}</dt>
                <dd>{shown.card.member_number}</dd>
              </div>
              <div>
                <dt>{t.validUntil}</dt>
                <dd>{format.cardDate(shown.card.valid_until)}</dd>
              </div>
            </dl>
            <div className="member-card-qr" ref={qrHolder}>
              <QRCodeCanvas value={shown.card.verify_url} size={500} level="H" marginSize={4} role="img" aria-label={t.qrLabel(shown.card.member_number)} />
            </div>
          </section>
          <div className="card-actions">
            <button type="button" className="btn btn-secondary" onClick={download}>
              {t.download}
            </button>
            <Link className="btn btn-secondary" to={`/profile/${memberId}`}>
              {texts.backToProfile}
            </Link>
          </div>
          <p className="muted">{t.homeScreen}</p>
        </>
      )}
    </Layout>
  );
}
