/**
 * '/settings/vipps-rapport': the payment-app report for a date range, by default the previous
 * month, in two tabs with the same form. 'Innmeldinger' saves the quick-checkout registrations as
 * vipps_registrations.csv (or, with the second button, vipps_registrations.xlsx); 'Fakturaer og
 * trekk' (?tab=invoices) the invoices paid with Vipps on Min side and the charges on Vipps
 * agreements as vipps_fakturabetalinger.csv or .xlsx. 'Ukjent feil - prøv igjen' when there is
 * nothing to export.
 */
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useDataProvider, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { StaffDataProvider } from '../../dataProvider/index.ts';
import { VippsExportForm } from './VippsExportForm.tsx';
import { PageTitle } from './PageTitle.tsx';
import '../../i18n/app/settings-pages-nb.ts';

const TABS = ['registrations', 'invoices'] as const;
type TabName = (typeof TABS)[number];

const tabOf = (value: string | null): TabName => (value === 'invoices' ? 'invoices' : 'registrations');

export function VippsReportPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const [search, setSearch] = useSearchParams();
  const tab = tabOf(search.get('tab'));

  function choose(next: TabName) {
    // The first tab is the page's own address; the other one is kept in it, so a reload or a link opens it.
    setSearch(next === 'registrations' ? {} : { tab: next }, { replace: true });
  }

  return (
    <>
      <PageTitle label="app.settings.vipps.title" />
      <Paper sx={{ px: 2, pb: 2, maxWidth: 720 }}>
        <Tabs
          value={tab}
          onChange={(_event, value: TabName) => choose(value)}
          aria-label={translate('app.settings.vipps.tabs.label')}
          variant="fullWidth"
          sx={{ mb: 2 }}
        >
          {TABS.map((name) => (
            <Tab
              key={name}
              value={name}
              label={translate(`app.settings.vipps.tabs.${name}`)}
              id={`vipps-tab-${name}`}
              aria-controls={name === tab ? `vipps-panel-${name}` : undefined}
            />
          ))}
        </Tabs>
        <div role="tabpanel" id={`vipps-panel-${tab}`} aria-labelledby={`vipps-tab-${tab}`}>
          {tab === 'registrations' ? (
            <VippsExportForm
              key={tab}
              intro="app.settings.vipps.intro"
              exportRange={(from, to, format) => dataProvider.exportVippsRegistrations(from, to, format)}
            />
          ) : (
            <VippsExportForm
              key={tab}
              intro="app.settings.vipps.invoices_intro"
              exportRange={(from, to, format) => dataProvider.exportVippsInvoicePayments(from, to, format)}
            />
          )}
        </div>
      </Paper>
    </>
  );
}

export default VippsReportPage;
