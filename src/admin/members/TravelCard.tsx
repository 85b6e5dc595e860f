/** The member's travel insurance in short: product, price, period and what is invoiced. */
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { formatAmount, formatDate } from '../../common/format.ts';
import type { Subscription } from '../../dataProvider/types.ts';
import { paths } from '../paths.ts';
import { SummaryCard, SummaryRow } from './SummaryCard.tsx';
import { CertificateButtons } from './CertificateButtons.tsx';
import '../../i18n/app/insurance-pages-nb.ts';

export const isCurrent = (subscription: Subscription | null): subscription is Subscription =>
  !!subscription && (subscription.state === 'active' || subscription.state === 'pending');

export function TravelCard({ subscription, memberId }: { subscription: Subscription | null; memberId: number }) {
  const translate = useTranslate();
  const exists = isCurrent(subscription);
  return (
    <SummaryCard title="app.travel_card.title">
      {isCurrent(subscription) ? (
        <>
          <SummaryRow
            label={translate('app.travel_card.status')}
            value={translate(subscription.state === 'pending' ? 'app.travel_card.awaiting' : 'app.travel_card.active')}
          />
          <SummaryRow label={translate('app.travel_card.product')} value={subscription.product.name} />
          <SummaryRow
            label={translate('app.travel_card.price')}
            value={translate('app.travel_card.amount', { amount: formatAmount(subscription.product.price) })}
          />
          <SummaryRow
            label={translate('app.travel_card.period')}
            value={`${formatDate(subscription.subscription_start)} – ${formatDate(subscription.subscription_end)}`}
          />
          <SummaryRow
            label={translate('app.travel_card.invoiced_for')}
            value={subscription.invoiced_for ? formatDate(subscription.invoiced_for) : translate('app.travel_card.not_invoiced')}
          />
        </>
      ) : (
        <Typography color="text.secondary">{translate('app.travel_card.none')}</Typography>
      )}
      <Button component={Link} to={paths.travelForm(memberId)} variant="outlined" sx={{ mt: 1 }}>
        {translate(exists ? 'app.travel_card.edit' : 'app.travel_card.order')}
      </Button>
      {subscription?.state === 'active' && <CertificateButtons memberId={memberId} kind="travel" />}
    </SummaryCard>
  );
}
