/**
 * '/settings/prices' ('Priser'): every product's price this year (read only: invoices of this
 * year carry it) and next year's, which staff set before the renewal run. Whole kroner, as
 * products carry them; one save sends next year's list.
 */
import { useQuery, useQueryClient, useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useFormState, type FieldValues } from 'react-hook-form';
import { Form, TextInput, useDataProvider, useTranslate, type Validator } from 'react-admin';
import { formatAmount, todayIso } from '../../common/format.ts';
import type { PriceRow, StaffDataProvider } from '../../dataProvider/index.ts';
import { useToast } from '../toast.tsx';
import { PageTitle } from './PageTitle.tsx';
import { useCan } from '../access/rights.ts';
import '../../i18n/app/settings-pages-nb.ts';

/** A whole number of kroner, 0 or more (spaces between thousands allowed). */
const WHOLE_KRONER = /^\d+$/;
const kroner = (text: unknown) => String(text ?? '').replace(/[\s\u00a0]/g, '');
const wholeKroner: Validator = (value) => (WHOLE_KRONER.test(kroner(value)) ? undefined : 'app.settings.prices.invalid');

/** On a phone the category (the product's name says it) gives its room to the two prices, so they fit without scrolling. */
const narrowHidden = { display: { xs: 'none', sm: 'table-cell' } } as const;

const field = (productId: number) => `price_${productId}`;
const pricesKey = (year: number) => ['prices', year] as const;

function usePrices(year: number) {
  const dataProvider = useDataProvider<StaffDataProvider>();
  return useQuery({ queryKey: pricesKey(year), queryFn: () => dataProvider.priceList(year) });
}

function SaveButton() {
  const translate = useTranslate();
  const { isDirty, isSubmitting } = useFormState();
  return (
    <Button type="submit" variant="contained" disabled={!isDirty || isSubmitting}>
      {translate('app.settings.prices.save')}
    </Button>
  );
}

function PriceTable({ year, current, next }: { year: number; current: PriceRow[]; next: PriceRow[] }) {
  const translate = useTranslate();
  const toast = useToast();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const queryClient = useQueryClient();
  const nextYear = year + 1;
  // Reading the prices needs 'billing.read' (the page's right); changing them 'billing.run'.
  const changes = useCan('billing.run');
  const thisYear = new Map(current.map((row) => [row.product_id, row.price]));
  const save = useMutation({
    mutationFn: (prices: { product_id: number; price: number }[]) => dataProvider.savePrices(nextYear, prices),
    onSuccess: (saved) => queryClient.setQueryData(pricesKey(nextYear), saved),
  });

  async function submit(values: FieldValues) {
    try {
      await save.mutateAsync(next.map((row) => ({ product_id: row.product_id, price: Number(kroner(values[field(row.product_id)])) })));
      toast.success('app.settings.prices.saved', { year: nextYear });
      return undefined;
    } catch (error) {
      // The server's own words (a past year, a price it refuses); the typed prices stay.
      toast.error((error as Error).message || 'app.errors.generic');
      return undefined;
    }
  }

  const columnNext = translate('app.settings.prices.price_for', { year: nextYear });
  return (
    <Form
      key={next.map((row) => `${row.product_id}:${row.price}`).join()}
      defaultValues={Object.fromEntries(next.map((row) => [field(row.product_id), String(row.price)]))}
      onSubmit={submit}
      mode="onChange"
      // A refused price says so under its field; react-admin's 'Skjemaet er ikke gyldig' toast
      // would stay until dismissed and hold back the saved toast.
      disableInvalidFormNotification
    >
      <Paper sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-labelledby="prices-table-title">
        <Typography id="prices-table-title" variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
          {translate('app.settings.prices.table', { year, next: nextYear })}
        </Typography>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.settings.prices.product')}</TableCell>
              <TableCell sx={narrowHidden}>{translate('app.settings.prices.category')}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {translate('app.settings.prices.price_for', { year })}
              </TableCell>
              <TableCell>{columnNext}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {next.map((row) => (
              <TableRow key={row.product_id}>
                <TableCell component="th" scope="row">
                  {row.name}
                </TableCell>
                <TableCell sx={narrowHidden}>{row.category}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {thisYear.has(row.product_id) ? `${formatAmount(thisYear.get(row.product_id))},-` : '–'}
                </TableCell>
                <TableCell sx={{ minWidth: { xs: 120, sm: 200 } }}>
                  <TextInput
                    source={field(row.product_id)}
                    label={false}
                    validate={wholeKroner}
                    readOnly={!changes}
                    size="small"
                    helperText={row.inherited ? 'app.settings.prices.inherited' : false}
                    slotProps={{
                      htmlInput: { 'aria-label': `${columnNext}: ${row.name}`, inputMode: 'numeric', autoComplete: 'off' },
                      input: {
                        endAdornment: (
                          <Typography component="span" color="text.secondary" aria-hidden>
                            kr
                          </Typography>
                        ),
                      },
                    }}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>{changes && <SaveButton />}</Box>
    </Form>
  );
}

export function PricesPage() {
  const translate = useTranslate();
  const year = Number(todayIso().slice(0, 4));
  const current = usePrices(year);
  const next = usePrices(year + 1);
  const failed = current.error ?? next.error;
  return (
    <>
      <PageTitle label="app.settings.prices.title" />
      <Typography sx={{ mb: 2 }}>{translate('app.settings.prices.intro', { next: year + 1 })}</Typography>
      {failed && <Alert severity="error">{(failed as Error).message || translate('app.errors.generic')}</Alert>}
      {!failed &&
        (current.data && next.data ? <PriceTable year={year} current={current.data} next={next.data} /> : <Typography>{translate('app.loading')}</Typography>)}
    </>
  );
}

export default PricesPage;
