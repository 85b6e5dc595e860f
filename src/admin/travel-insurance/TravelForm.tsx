/**
 * The travel insurance form for staff (spec section 2, "Travel form"): a travel product, start
 * and end dates each with a reset to the original value, 'Fornyelse' read-only 'Årlig', the
 * price and from April the price for the rest of the year. The rules are the shared ones
 * (server/schemas/travel-rules.ts), so Min side's form and the server decide alike.
 */
import { useState } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import RestartAlt from '@mui/icons-material/RestartAlt';
import { Form, SelectInput, useCreate, useGetList, useTranslate, useUpdate } from 'react-admin';
import type { Subscription } from '../../dataProvider/types.ts';
import type { Product } from '../../../server/schemas/reference.ts';
import { formatAmount, todayIso } from '../../common/format.ts';
import {
  chargedMonthIndex,
  invoicedPrice,
  showsRestOfYear,
  travelButtonLabel,
  travelFormErrors,
  travelOrderPayload,
  travelProducts,
  TRAVEL_RENEWAL,
  type TravelFormValues,
} from '../../../server/schemas/travel-rules.ts';
import { DateInput } from '../dates/DateInput.tsx';
import { useReadAgain } from '../readAgain.ts';
import { useToast } from '../toast.tsx';

/** After saving, the screen goes back after this long (spec section 9). */
export const GO_BACK_AFTER_MS = 500;

function ResetButton({ source, original, label }: { source: keyof TravelFormValues; original: string | null; label: string }) {
  const { setValue } = useFormContext();
  return (
    <IconButton
      aria-label={label}
      title={label}
      size="small"
      onClick={() => setValue(source, original, { shouldDirty: true, shouldValidate: true })}
      sx={{ mt: 1.5 }}
    >
      <RestartAlt fontSize="small" />
    </IconButton>
  );
}

function Price({ products }: { products: Product[] }) {
  const translate = useTranslate();
  const [productId, start] = useWatch({ name: ['product_id', 'subscription_start'] }) as [number | '', string | null];
  const product = products.find((candidate) => candidate.id === Number(productId));
  if (!product) return null;
  const today = todayIso();
  const month = chargedMonthIndex(start || null, today);
  return (
    <Box sx={{ my: 1 }} aria-live="polite">
      <Typography>
        {translate('app.travel_form.price')}: <strong>{translate('app.travel_form.amount', { amount: formatAmount(product.price) })}</strong>
      </Typography>
      {showsRestOfYear(month) && (
        <Typography>
          {translate('app.travel_form.rest_of_year')}:{' '}
          <strong>{translate('app.travel_form.amount', { amount: formatAmount(invoicedPrice(product.price, start || null, today)) })}</strong>
        </Typography>
      )}
    </Box>
  );
}

function SaveButton({ label, busy }: { label: string; busy: boolean }) {
  const { isDirty, isValid } = useFormState();
  return (
    <Button type="submit" variant="contained" disabled={!isDirty || !isValid || busy}>
      {label}
    </Button>
  );
}

interface TravelFormProps {
  memberId: number;
  /** The member's travel insurance, or null when there is none yet. */
  subscription: Subscription | null;
  onSaved: () => void;
}

export function TravelForm({ memberId, subscription, onSaved }: TravelFormProps) {
  const translate = useTranslate();
  const toast = useToast();
  const readOthersAgain = useReadAgain();
  // An order also shows elsewhere: on the member (their travel card), in the travel queue and its
  // menu badge, and as a line in the travel log. react-admin reads the subscriptions again after a
  // create and puts an edited one in place; those other resources are read again here.
  const [create] = useCreate<Subscription>('travel-subscriptions', undefined, { onSuccess: readOthersAgain });
  const [update] = useUpdate<Subscription>('travel-subscriptions', undefined, { onSuccess: readOthersAgain });
  const [busy, setBusy] = useState(false);
  const { data: allProducts = [] } = useGetList<Product>('products', { pagination: { page: 1, perPage: 100 } });
  const products = travelProducts(allProducts);
  const original = {
    product_id: subscription?.product_id ?? '',
    subscription_start: subscription?.subscription_start ?? null,
    subscription_end: subscription?.subscription_end ?? null,
  };
  const currentEnd = subscription?.subscription_end ?? null;

  const save = async (values: Record<string, unknown>) => {
    setBusy(true);
    const data = travelOrderPayload(memberId, values as unknown as TravelFormValues, subscription?.id);
    try {
      if (subscription) {
        await update('travel-subscriptions', { id: subscription.id, data, previousData: subscription }, { returnPromise: true });
      } else {
        await create('travel-subscriptions', { data }, { returnPromise: true });
      }
      toast.success('app.travel_form.saved');
      setTimeout(onSaved, GO_BACK_AFTER_MS);
    } catch {
      toast.error('app.errors.generic');
      setBusy(false);
    }
  };

  return (
    <Form
      record={original}
      onSubmit={save}
      mode="onChange"
      validate={(values) => travelFormErrors(values as TravelFormValues, currentEnd)}
      key={subscription?.id ?? 'new'}
    >
      <SelectInput
        source="product_id"
        label="resources.travel-subscriptions.fields.product_id"
        choices={products}
        optionText="name"
        optionValue="id"
        emptyText=""
        isRequired
        fullWidth
        variant="filled"
      />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <DateInput source="subscription_start" label="resources.travel-subscriptions.fields.subscription_start" />
        <ResetButton source="subscription_start" original={original.subscription_start} label={translate('app.travel_form.reset_start')} />
      </Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <DateInput source="subscription_end" label="resources.travel-subscriptions.fields.subscription_end" minDate={currentEnd} />
        <ResetButton source="subscription_end" original={original.subscription_end} label={translate('app.travel_form.reset_end')} />
      </Box>
      <TextField
        label={translate('app.travel_form.renewal')}
        value={TRAVEL_RENEWAL}
        variant="filled"
        size="small"
        margin="dense"
        fullWidth
        slotProps={{ input: { readOnly: true } }}
      />
      <Price products={products} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <SaveButton label={travelButtonLabel(subscription !== null)} busy={busy} />
      </Box>
    </Form>
  );
}
