/** The profile's 'Medlemskort' section: the card's face (no QR here, so the profile loads no QR code) and the way to the full card. */
import { Link } from '../router.tsx';
import { api } from '../api.ts';
import { storeCard } from '../card/cardStore.ts';
import { Card, Loading } from '../components/Layout.tsx';
import { useFormats, useTexts } from '../locale.tsx';
import { useLoad } from '../useLoad.ts';

export function MemberCardSection({ memberId }: { memberId: number }) {
  const texts = useTexts();
  const t = texts.digitalCard;
  const format = useFormats();
  const [card] = useLoad(async () => {
    const answer = await api.memberCard(memberId);
    if (answer.ok) storeCard(memberId, answer.data.data);
    return answer;
  }, [memberId]);
  return (
    <Card title={t.title} className="member-card-section">
      {card.state === 'loading' && <Loading />}
      {card.state === 'error' && <p className="muted">{card.status === 404 ? t.notYet : t.loadFailed}</p>}
      {card.state === 'loaded' && (
        <>
          <div className="member-card member-card-small">
            <p className="member-card-org">{card.data.data.organisation}</p>
            <p className="member-card-name">{`${card.data.data.first_name} ${card.data.data.last_name}`}</p>
            <dl className="member-card-facts">
              <div>
                <dt>{t.memberNumber}</dt>
                <dd>{card.data.data.member_number}</dd>
              </div>
              <div>
                <dt>{t.validUntil}</dt>
                <dd>{format.cardDate(card.data.data.valid_until)}</dd>
              </div>
            </dl>
          </div>
          <p className="muted">{t.intro}</p>
          <Link className="btn btn-primary" to={`/profile/card/${memberId}`}>
            {t.show}
          </Link>
        </>
      )}
    </Card>
  );
}
