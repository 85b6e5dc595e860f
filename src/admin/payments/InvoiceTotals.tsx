/**
 * The sums over every invoice the filters match (not only the page), from the list answer's
 * `totals` (react-admin's list `meta`); nothing while they are not there.
 */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useListContext, useTranslate } from 'react-admin';
import { formatAmount, formatKroner } from '../../common/format.ts';
import type { PageMeta } from '../../dataProvider/base.ts';
import '../../i18n/app/payments-pages-nb.ts';

export function InvoiceTotals() {
  const translate = useTranslate();
  const { meta } = useListContext();
  const totals = (meta as Partial<PageMeta> | undefined)?.totals;
  const figures = totals
    ? ([
        ['count', formatAmount(totals.count)],
        ['invoiced', formatKroner(totals.invoiced)],
        ['paid', formatKroner(totals.paid)],
        ['outstanding', formatKroner(totals.outstanding)],
      ] as const)
    : [];
  return (
    <Paper variant="outlined" component="section" aria-label={translate('app.payments.totals.title')} sx={{ mb: 2, minHeight: 72 }}>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2, m: 0, p: 2 }}>
        {figures.map(([key, value]) => (
          <div key={key}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {translate(`app.payments.totals.${key}`)}
            </Typography>
            <Typography component="dd" variant="h6" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}>
              {value}
            </Typography>
          </div>
        ))}
      </Box>
    </Paper>
  );
}
