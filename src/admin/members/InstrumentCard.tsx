/** The member's instrument insurance in short: product, price, each insured instrument (type, maker, model), 'Totalverdi' and 'Stopp forsikring'. */
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { paths } from '../paths.ts';
import { formatAmount, formatDate } from '../../common/format.ts';
import type { InstrumentSubscription } from '../../dataProvider/types.ts';
import { StopInsuranceButton } from './StopInsuranceButton.tsx';
import { Can } from '../access/Can.tsx';
import { SummaryCard, SummaryRow } from './SummaryCard.tsx';
import { isCurrent } from './TravelCard.tsx';
import { CertificateButtons } from './CertificateButtons.tsx';
import '../../i18n/app/insurance-pages-nb.ts';

export function InstrumentCard({ subscription, memberId }: { subscription: InstrumentSubscription | null; memberId: number }) {
  const translate = useTranslate();
  // The member's instrument screen: add, change and delete instruments, export and import.
  const open = (
    <Button component={Link} to={paths.instrumentForm(memberId)} variant="outlined" sx={{ mt: 1, mr: 1 }}>
      {translate('app.instrument_card.open')}
    </Button>
  );
  if (!isCurrent(subscription)) {
    return (
      <SummaryCard title="app.instrument_card.title">
        <Typography color="text.secondary">{translate('app.instrument_card.none')}</Typography>
        {open}
      </SummaryCard>
    );
  }
  const lines = subscription.instruments ?? [];
  const total = lines.reduce((sum, line) => sum + (line.value ?? 0), 0);
  return (
    <SummaryCard title="app.instrument_card.title">
      <SummaryRow label={translate('app.instrument_card.product')} value={subscription.product.name} />
      <SummaryRow label={translate('app.instrument_card.price')} value={`${formatAmount(subscription.product.price)},-`} />
      <SummaryRow
        label={translate('app.instrument_card.invoiced_for')}
        value={subscription.invoiced_for ? formatDate(subscription.invoiced_for) : translate('app.instrument_card.not_invoiced')}
      />
      {lines.length > 0 && (
        <>
          {/* A rule as MUI's Divider draws it, without its component in the page's first load. */}
          <Box component="hr" sx={{ m: 0, my: 1, border: 0, borderBottom: 1, borderColor: 'divider' }} />
          <Typography variant="subtitle2" component="h3">
            {translate('app.instrument_card.lines')}
          </Typography>
          {lines.map((line) => (
            <SummaryRow key={line.id} label={`${line.type}: ${line.make} ${line.model}`} value={`${formatAmount(line.value)},-`} />
          ))}
        </>
      )}
      {total > 0 && <Typography sx={{ mt: 1, fontWeight: 700 }}>{translate('app.instrument_card.total', { amount: formatAmount(total) })}</Typography>}
      {open}
      {subscription.state === 'active' && (
        <Can right="requests.decide">
          <StopInsuranceButton subscriptionId={subscription.id} />
        </Can>
      )}
      {subscription.state === 'active' && lines.length > 0 && <CertificateButtons memberId={memberId} kind="instruments" />}
    </SummaryCard>
  );
}
