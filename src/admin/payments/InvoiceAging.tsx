/**
 * Aging on the front of 'Betaling': what is outstanding not yet due and 1–30, 31–60, 61–90 and over
 * 90 days past the due date, and this year invoiced against paid. Each age is a button that filters
 * the list below to its invoices (pressed while it does; pressed again, the filter goes); the
 * list's 'Alder' filter shows and clears it too.
 */
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useDataProvider, useListContext, useTranslate } from 'react-admin';
import { formatKroner } from '../../common/format.ts';
import type { AgingBucket, StaffDataProvider } from '../../dataProvider/index.ts';
import '../../i18n/app/payments-pages-nb.ts';

/** Under the list's key, so whatever refreshes the invoices (a payment, a credit) refreshes this too. */
export const AGING_KEY = ['invoices', 'aging'] as const;

export const AGING_BUCKETS: AgingBucket[] = ['not_due', '1-30', '31-60', '61-90', 'over_90'];
export const agingLabel = (bucket: AgingBucket) => `app.payments.aging.buckets.${bucket}`;

const figure = { m: 0, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

export function InvoiceAging() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const { filterValues, setFilters } = useListContext();
  const aging = useQuery({ queryKey: AGING_KEY, queryFn: () => dataProvider.invoiceAging() });
  const chosen = (filterValues as Record<string, string | undefined>).age;

  const choose = (bucket: AgingBucket) => {
    const { age: _age, ...rest } = filterValues as Record<string, unknown>;
    setFilters(chosen === bucket ? rest : { ...rest, age: bucket }, {}, false);
  };

  const data = aging.data;
  const share = data && data.invoiced > 0 ? Math.round((data.paid / data.invoiced) * 100) : null;
  // Until the figures come, the same boxes with a dash, so nothing below moves when they do (layout shift).
  const rows = data?.buckets ?? AGING_BUCKETS.map((bucket) => ({ bucket, outstanding: null, count: null }));
  const kroner = (amount: number | undefined | null) => (amount === undefined || amount === null ? '–' : formatKroner(amount));
  return (
    <Paper variant="outlined" component="section" aria-labelledby="aging-heading" aria-busy={!data && !aging.isError} sx={{ mb: 2, p: 2 }}>
      <Typography id="aging-heading" variant="h6" component="h2">
        {translate('app.payments.aging.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {translate('app.payments.aging.intro')}
      </Typography>
      {aging.isError ? <Alert severity="error">{translate('app.payments.aging.failed')}</Alert> : null}
      {aging.isError ? null : (
        <>
          <Box
            component="ul"
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', md: 'repeat(5, 1fr)' } }}
          >
            {rows.map((row) => {
              const pressed = chosen === row.bucket;
              return (
                <li key={row.bucket}>
                  <ButtonBase
                    aria-pressed={pressed}
                    onClick={() => choose(row.bucket)}
                    sx={{
                      width: '100%',
                      height: '100%',
                      display: 'block',
                      textAlign: 'left',
                      p: 1.5,
                      borderRadius: 1,
                      border: 2,
                      borderColor: pressed ? 'primary.main' : 'divider',
                      bgcolor: pressed ? 'action.selected' : 'transparent',
                      '&:hover': { bgcolor: 'action.hover' },
                      '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
                    }}
                  >
                    <Typography component="span" variant="body2" sx={{ display: 'block', fontWeight: 'bold' }}>
                      {translate(agingLabel(row.bucket))}
                    </Typography>
                    <Typography component="span" variant="h6" sx={{ ...figure, display: 'block' }}>
                      {kroner(row.outstanding)}
                    </Typography>
                    <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                      {row.count === null ? '\u00a0' : translate('app.payments.aging.count', { smart_count: row.count })}
                    </Typography>
                  </ButtonBase>
                </li>
              );
            })}
          </Box>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)' }, gap: 2, mt: 2, mb: 0 }}>
            <div>
              <Typography component="dt" variant="body2" color="text.secondary">
                {translate('app.payments.aging.outstanding')}
              </Typography>
              <Typography component="dd" variant="body1" sx={figure}>
                {kroner(data?.outstanding)}
              </Typography>
            </div>
            <div>
              <Typography component="dt" variant="body2" color="text.secondary">
                {translate('app.payments.aging.invoiced')} ({data?.year ?? '…'})
              </Typography>
              <Typography component="dd" variant="body1" sx={figure}>
                {kroner(data?.invoiced)}
              </Typography>
            </div>
            <div>
              <Typography component="dt" variant="body2" color="text.secondary">
                {translate('app.payments.aging.paid')} ({data?.year ?? '…'})
              </Typography>
              <Typography component="dd" variant="body1" sx={figure}>
                {kroner(data?.paid)}
                <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block', whiteSpace: 'normal' }}>
                  {share === null ? '\u00a0' : translate('app.payments.aging.share', { percent: share })}
                </Typography>
              </Typography>
            </div>
          </Box>
        </>
      )}
    </Paper>
  );
}
