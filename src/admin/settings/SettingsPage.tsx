/** '/settings': cards for the settings pages and the Tripletex sync, each for staff with the right it needs. */
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useGetList, useTranslate } from 'react-admin';
import { areaNamed, rightOfPage } from '../../common/staff-areas/registry.ts';
import { holds, useCan, useRights } from '../access/rights.ts';
import { PageTitle } from './PageTitle.tsx';
import { TripletexSync } from './TripletexSync.tsx';
import '../../i18n/app/settings-pages-nb.ts';

/** A settings page's card, for staff who may open the page (its right in the registry). */
function SettingsCard({ name, to }: { name: string; to: string }) {
  return holds(useRights(), rightOfPage(areaNamed('settings'), to)) ? <PageCard name={name} to={to} /> : null;
}

function PageCard({ name, to }: { name: string; to: string }) {
  const translate = useTranslate();
  const title = translate(`app.settings.cards.${name}`);
  return (
    <Grid size={{ xs: 12, md: 6, lg: 3 }}>
      <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
        <CardContent sx={{ flexGrow: 1 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate(`app.settings.cards.${name}_text`)}
          </Typography>
        </CardContent>
        <CardActions>
          <Button component={RouterLink} to={to} variant="outlined" aria-label={`${translate('app.settings.cards.open')}: ${title}`}>
            {translate('app.settings.cards.open')}
          </Button>
        </CardActions>
      </Card>
    </Grid>
  );
}

export function SettingsPage() {
  // The content card only where the content lives in our database (no WordPress: the list answers),
  // asked only by staff who may change the content.
  const editsContent = useCan('content.change');
  const runsTripletex = useCan('billing.run');
  const content = useGetList('content-pages', {}, { retry: false, enabled: editsContent });
  return (
    <>
      <PageTitle label="app.settings.title" />
      <Grid container spacing={2} sx={{ mb: 3 }}>
        <SettingsCard name="templates" to="/settings/system-message" />
        <SettingsCard name="campaigns" to="/settings/promo-code" />
        <SettingsCard name="vipps" to="/settings/vipps-rapport" />
        <SettingsCard name="prices" to="/settings/prices" />
        <SettingsCard name="renewal" to="/settings/renewal" />
        <SettingsCard name="consent_kinds" to="/settings/consent-kinds" />
        <SettingsCard name="valuation" to="/settings/valuation" />
        {content.data && <SettingsCard name="content" to="/settings/content" />}
      </Grid>
      {runsTripletex && <TripletexSync />}
    </>
  );
}

export default SettingsPage;
