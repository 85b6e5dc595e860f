/**
 * The quick checkout on /new-member?vipps=1 (spec sections 2 and 5): the membership and its
 * price, the campaign code from the link, 'Betal kontingenten automatisk hvert år' (off by
 * default; a yearly Vipps agreement whose first payment is this one), the terms, and a Vipps
 * button. The server creates the payment (or the agreement) and the browser goes on to Vipps (or
 * the test checkout when Vipps is not set up).
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from '../router.tsx';
import { api, fieldError } from '../api.ts';
import { CheckboxField, TextField } from '../components/fields.tsx';
import { TermsField } from './TermsField.tsx';
import { ContentText } from '../components/ContentText.tsx';
import { Card, Layout, Loading } from '../components/Layout.tsx';
import { useFormats, useTexts } from '../locale.tsx';
import { usePageTexts } from '../pageTexts.ts';
import { useNotify } from '../toasts.tsx';
import { useLoad } from '../useLoad.ts';
import { schemaResolver } from '../schemaResolver.ts';
import { PageTitle } from '../components/PageTitle.tsx';

/** The redirect address in the server's response_data (a JSON text), or null. */
function redirectUrlOf(responseData: string | undefined): string | null {
  try {
    const parsed = JSON.parse(responseData ?? '') as { redirectUrl?: unknown };
    return typeof parsed.redirectUrl === 'string' && parsed.redirectUrl !== '' ? parsed.redirectUrl : null;
  } catch {
    return null;
  }
}

/** The server's `data.error` when it gave one. */
function serverError(body: unknown): string | null {
  const data = body && typeof body === 'object' ? (body as { data?: { error?: unknown } }).data : undefined;
  return typeof data?.error === 'string' && data.error !== '' ? data.error : null;
}

export function QuickCheckout({ campaignCode }: { campaignCode: string }) {
  const texts = useTexts();
  const pages = usePageTexts();
  const t = pages.quickCheckout;
  const format = useFormats();
  const notify = useNotify();
  const [offer, reload] = useLoad(() => api.vippsOffer(), []);
  const [leaving, setLeaving] = useState(false);
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: schemaResolver((schemas) => schemas.quickCheckoutSchema),
    mode: 'onTouched',
    defaultValues: { campaign_code: campaignCode, recurring: false, terms: false },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    const answer = await api.vippsStart({ campaign_code: values.campaign_code || null, ...(values.recurring ? { recurring: true } : {}) });
    if (!answer.ok) {
      const message = serverError(answer.body) ?? t.createFailed;
      if (fieldError(answer.body, 'campaign_code')) setError('campaign_code', { message }, { shouldFocus: true });
      notify.error(message);
      return;
    }
    const redirectUrl = redirectUrlOf(answer.data.data?.request_create?.response_data);
    if (!redirectUrl) {
      notify.error(t.createFailed);
      return;
    }
    notify.clear();
    setLeaving(true);
    window.location.assign(redirectUrl);
  });

  let body;
  if (offer.state === 'loading') body = <Loading />;
  else if (offer.state === 'error') {
    body = (
      <>
        <p className="notice notice-error" role="alert">
          {texts.profile.loadFailed}
        </p>
        <button type="button" className="btn btn-primary" onClick={reload}>
          {texts.profile.retry}
        </button>
      </>
    );
  } else if (!offer.data.data.available) {
    body = (
      <>
        <p>{t.unavailable}</p>
        <p>
          <Link to={`/new-member${campaignCode ? `?campaign_code=${encodeURIComponent(campaignCode)}` : ''}`}>{t.regularForm}</Link>
        </p>
      </>
    );
  } else {
    const { name, price, recurring, test_checkout: testCheckout } = offer.data.data;
    body = (
      <form onSubmit={onSubmit} noValidate>
        <dl className="checkout-summary">
          <div>
            <dt>{t.membership}</dt>
            <dd>{name}</dd>
          </div>
          <div>
            <dt>{t.price}</dt>
            <dd>{t.kroner(format.amount(price))}</dd>
          </div>
        </dl>
        <p>{t.profileInfo}</p>
        {testCheckout && <p className="notice notice-info">{t.testCheckout}</p>}
        <TextField
          label={texts.fields.campaignCode}
          hint={campaignCode ? t.campaignHelp : pages.register.campaignHelp}
          registration={register('campaign_code')}
          error={errors.campaign_code}
        />
        {recurring && <CheckboxField label={t.recurring} hint={t.recurringHelp} registration={register('recurring')} />}
        <TermsField registration={register('terms')} error={errors.terms} />
        <button type="submit" className="btn btn-vipps btn-block" disabled={isSubmitting || leaving}>
          {isSubmitting || leaving ? t.paying : t.pay}
        </button>
      </form>
    );
  }

  return (
    <Layout wide>
      <PageTitle>{`${t.title} – ${texts.appName}`}</PageTitle>
      <h1>{t.title}</h1>
      <div className="two-columns">
        <Card title={t.cardTitle}>{body}</Card>
        <ContentText slug="bli-medlem" />
      </div>
    </Layout>
  );
}
