/**
 * /profile/edit/travel-insurane/{memberId} (spelled so in the spec): the member orders or changes
 * their travel insurance. The rules are the shared ones (server/schemas/travel-rules.ts), the
 * same the staff form and the server use. Mobile first; plain React.
 */
import { useState } from 'react';
import { Link, useNavigate } from '../router.tsx';
import { todayIso } from '../../common/format.ts';
import {
  chargedMonthIndex,
  invoicedPrice,
  showsRestOfYear,
  travelDateErrors,
  travelFormErrors,
  travelOrderPayload,
  travelProducts,
  TRAVEL_MESSAGES,
  type TravelFormValues,
} from '../../../server/schemas/travel-rules.ts';
import { isPickerDate } from '../../../server/schemas/rules.ts';
import { Card, Layout, Loading } from '../components/Layout.tsx';
import { DateInput } from '../components/DateInput.tsx';
import { LoadFailed } from '../components/LoadFailed.tsx';
import { SelectField } from '../components/fields.tsx';
import { SignedInHeader } from '../components/SignedInHeader.tsx';
import { useFormats, useShownLocale, useTexts } from '../locale.tsx';
import { PRODUCT_NAMES, shownName } from '../components/DataName.tsx';
import { activeTexts } from '../texts.ts';
import { useNotify } from '../toasts.tsx';
import { useLoad } from '../useLoad.ts';
import { useLightForm, type Errors, type LightForm } from '../lightForm.ts';
import { CertificateButtons } from '../profile/CertificateButtons.tsx';
import { travelApi, type Product, type Subscription } from '../travelApi.ts';
import { TravelChangeCompare } from './TravelChangeCompare.tsx';
import { PageTitle } from '../components/PageTitle.tsx';

/** After saving, the page goes back after this long (spec section 9). */
const GO_BACK_AFTER_MS = 500;

type FormValues = {
  product_id: string;
  subscription_start: string;
  subscription_end: string;
};

type DateName = 'subscription_start' | 'subscription_end';

/** A rule's message (the server's bokmål text) in the language shown. */
function shownMessage(message: string): string {
  const rules = activeTexts().travel.rules;
  const key = (Object.keys(TRAVEL_MESSAGES) as (keyof typeof TRAVEL_MESSAGES)[]).find((name) => TRAVEL_MESSAGES[name] === message);
  return key ? rules[key] : message;
}

/** The form's rules and the server's date rules, so a date the server would refuse is named at its field. */
function checkFor(currentEnd: string | null, storedStart: string | null) {
  return (values: FormValues): Errors<FormValues> => {
    const errors: Errors<FormValues> = {};
    const dates = travelDateErrors(values.subscription_start || null, values.subscription_end || null, todayIso(), storedStart, false);
    const found = { ...dates, ...travelFormErrors(values as TravelFormValues, currentEnd) };
    for (const [name, message] of Object.entries(found)) {
      errors[name as keyof FormValues] = shownMessage(message);
    }
    for (const name of ['subscription_start', 'subscription_end'] as const) {
      if (values[name] && !isPickerDate(values[name])) errors[name] = activeTexts().validation.date;
    }
    return errors;
  };
}

function ResetButton({ name, label, original, setValue }: { name: DateName; label: string; original: string; setValue: LightForm<FormValues>['setValue'] }) {
  const texts = useTexts();
  return (
    <button type="button" className="btn btn-secondary btn-small" aria-label={texts.travel.reset(label)} onClick={() => setValue(name, original, true)}>
      {texts.travel.resetText}
    </button>
  );
}

/** The product's price; the rest-of-year charge only when ordering (on a change it would read as an extra charge). */
function Price({ productId, start, products, ordering }: { productId: string; start: string; products: Product[]; ordering: boolean }) {
  const texts = useTexts();
  const format = useFormats();
  const product = products.find((candidate) => candidate.id === Number(productId));
  if (!product) return null;
  const today = todayIso();
  const month = chargedMonthIndex(start || null, today);
  return (
    <dl className="travel-price" aria-live="polite">
      <div>
        <dt>{texts.travel.priceLabel}</dt>
        <dd>{texts.travel.kroner(format.amount(product.price))}</dd>
      </div>
      {ordering && showsRestOfYear(month) && (
        <div>
          <dt>{texts.travel.restOfYear}</dt>
          <dd>{texts.travel.kroner(format.amount(invoicedPrice(product.price, start || null, today)))}</dd>
        </div>
      )}
    </dl>
  );
}

function TravelForm({ memberId, products, subscription }: { memberId: number; products: Product[]; subscription: Subscription | null }) {
  const texts = useTexts();
  const t = texts.travel;
  const locale = useShownLocale();
  const notify = useNotify();
  const navigate = useNavigate();
  const [saved, setSaved] = useState(false);
  const original: FormValues = {
    product_id: subscription ? String(subscription.product_id) : '',
    subscription_start: subscription?.subscription_start ?? '',
    subscription_end: subscription?.subscription_end ?? '',
  };
  const currentEnd = subscription?.subscription_end ?? null;
  const form = useLightForm(original, { check: checkFor(currentEnd, subscription?.subscription_start ?? null) }, 'onChange');
  const { register, handleSubmit, setValue, watch, errors, isDirty, isValid, isSubmitting } = form;

  const onSubmit = handleSubmit(async (values) => {
    const body = travelOrderPayload(memberId, values, subscription?.id);
    const answer = subscription ? await travelApi.change(subscription.id, body) : await travelApi.order(body);
    if (!answer.ok) {
      notify.error(answer.status === 422 ? answer.message : t.rules.failed);
      return;
    }
    setSaved(true);
    notify.success(t.rules.saved);
    setTimeout(() => navigate(`/profile/${memberId}`), GO_BACK_AFTER_MS);
  });

  const options = [
    { value: '', label: t.chooseProduct },
    ...products.map((product) => {
      const shown = shownName(PRODUCT_NAMES, product.name, locale);
      return { value: product.id, label: shown.text, lang: shown.lang };
    }),
  ];
  return (
    <form onSubmit={onSubmit} noValidate>
      <SelectField label={t.productLabel} required options={options} registration={register('product_id')} error={errors.product_id} />
      <div className="travel-date">
        <DateInput label={t.startLabel} field={form.field('subscription_start')} />
        <ResetButton name="subscription_start" label={t.startLabel} original={original.subscription_start} setValue={setValue} />
      </div>
      <div className="travel-date">
        <DateInput label={t.endLabel} field={form.field('subscription_end')} />
        <ResetButton name="subscription_end" label={t.endLabel} original={original.subscription_end} setValue={setValue} />
      </div>
      <div className="field">
        <span className="field-label" id="travel-renewal-label">
          {t.renewal}
        </span>
        <output aria-labelledby="travel-renewal-label" className="readonly-value">
          {t.renewalValue}
        </output>
      </div>
      <Price productId={watch('product_id')} start={watch('subscription_start')} products={products} ordering={subscription === null} />
      <button type="submit" className="btn btn-primary btn-block" disabled={!isDirty || !isValid || isSubmitting || saved}>
        {subscription !== null ? t.edit : t.order}
      </button>
    </form>
  );
}

interface TravelData {
  products: Product[];
  subscription: Subscription | null;
}

async function loadTravel(memberId: number) {
  const [products, subscriptions] = await Promise.all([travelApi.products(), travelApi.subscriptions(memberId)]);
  if (!products.ok) return products;
  if (!subscriptions.ok) return subscriptions;
  const rows = subscriptions.data.data;
  const subscription = rows.find((row) => row.state === 'active') ?? rows.find((row) => row.state === 'pending') ?? null;
  return { ok: true as const, status: 200, data: { products: travelProducts(products.data.data), subscription } };
}

export default function TravelInsurancePage({ memberId }: { memberId: number }) {
  const texts = useTexts();
  const t = texts.travel;
  const [loaded, reload] = useLoad<TravelData>(() => loadTravel(memberId), [memberId]);
  // The page has its name from the start, also while its data loads.
  const title = <PageTitle>{`${t.pageTitle} – ${texts.appName}`}</PageTitle>;
  if (loaded.state === 'loading')
    return (
      <Layout header={<SignedInHeader />}>
        {title}
        <Loading />
      </Layout>
    );
  if (loaded.state === 'error') return <LoadFailed onRetry={reload} />;
  const { products, subscription } = loaded.data;
  // A change waiting for staff keeps the cover in force (and its certificate) until it is decided.
  const accepted = subscription?.state === 'pending' ? (subscription.accepted_cover ?? null) : null;
  return (
    <Layout header={<SignedInHeader />}>
      {title}
      <div className="narrow">
        <h1>{t.pageTitle}</h1>
        <Card>
          {subscription?.state === 'pending' && (
            <p className="notice notice-info" role="status">
              {t.pendingNote}
            </p>
          )}
          {subscription?.state === 'pending' && accepted && <TravelChangeCompare subscription={subscription} accepted={accepted} products={products} />}
          <TravelForm memberId={memberId} products={products} subscription={subscription} />
        </Card>
        {(subscription?.state === 'active' || accepted) && (
          <Card title={texts.certificates.title}>
            {accepted && <p>{t.certificateInForce}</p>}
            <CertificateButtons memberId={memberId} kind="travel" />
          </Card>
        )}
        <p>
          <Link to={`/profile/${memberId}`}>{texts.backToProfile}</Link>
        </p>
      </div>
    </Layout>
  );
}
