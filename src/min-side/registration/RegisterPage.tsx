/**
 * /new-member: registration step one, with the registration info text beside it; with the
 * payment-app flag (?vipps=1 or ?vipps=true) the Vipps quick checkout instead. Step one is a
 * light form (lightForm.ts), so the page a visitor opens first carries no form library; the
 * quick checkout, with its own, loads only when asked for.
 */
import { lazy, Suspense } from 'react';
import { Link, useNavigate, useSearchParams } from '../router.tsx';
import { api, fieldError } from '../api.ts';
import { TextField } from '../components/fields.tsx';
import { ContentText } from '../components/ContentText.tsx';
import { Card, focusNextHeading, Layout, LoadingPage } from '../components/Layout.tsx';
import { useSession } from '../session.tsx';
import { useTexts } from '../locale.tsx';
import { usePageTexts } from '../pageTexts.ts';
import { useNotify } from '../toasts.tsx';
import { useLightForm } from '../lightForm.ts';
import { TermsField } from './TermsField.tsx';
import { PageTitle } from '../components/PageTitle.tsx';

const QuickCheckout = lazy(() => import('./QuickCheckout.tsx').then((module) => ({ default: module.QuickCheckout })));

export default function RegisterPage() {
  const [query] = useSearchParams();
  const vipps = query.get('vipps');
  if (vipps === '1' || vipps === 'true') {
    return (
      <Suspense fallback={<LoadingPage />}>
        <QuickCheckout campaignCode={query.get('campaign_code') ?? ''} />
      </Suspense>
    );
  }
  return <RegisterForm />;
}

function RegisterForm() {
  const texts = useTexts();
  const pages = usePageTexts();
  const [query] = useSearchParams();
  const { signIn } = useSession();
  const notify = useNotify();
  const navigate = useNavigate();
  const { register, handleSubmit, setError, errors, isSubmitting } = useLightForm(
    {
      first_name: '',
      last_name: '',
      phone: '',
      email: '',
      campaign_code: query.get('campaign_code') ?? '',
      password: '',
      password_confirmation: '',
      terms: false,
    },
    (schemas) => schemas.registerSchema,
  );
  const f = texts.fields;

  const onSubmit = handleSubmit(async (values) => {
    const answer = await api.register({
      first_name: values.first_name,
      last_name: values.last_name,
      phone: values.phone,
      email: values.email,
      is_previous_member: false,
      campaign_code: values.campaign_code || null,
      password: values.password,
    });
    if (!answer.ok) {
      const emailError = fieldError(answer.body, 'email');
      const codeError = fieldError(answer.body, 'campaign_code');
      if (codeError) setError('campaign_code', pages.register.invalidCampaign, true);
      if (emailError) setError('email', emailError, !codeError);
      if (codeError) notify.error(pages.register.invalidCampaign);
      if (emailError) notify.error(emailError);
      if (!codeError && !emailError) notify.error(answer.message);
      return;
    }
    notify.clear();
    const session = signIn(answer.data);
    notify.success(pages.register.success, { persistent: true });
    focusNextHeading();
    navigate(`/new-member/update/${session.userId}`);
  });

  return (
    <Layout wide>
      <PageTitle>{`${pages.register.title} – ${texts.appName}`}</PageTitle>
      <h1>{pages.register.title}</h1>
      <div className="two-columns">
        <Card title={pages.register.stepOne}>
          <form onSubmit={onSubmit} noValidate>
            <div className="field-row">
              <TextField label={f.firstName} autoComplete="given-name" required registration={register('first_name')} error={errors.first_name} />
              <TextField label={f.lastName} autoComplete="family-name" required registration={register('last_name')} error={errors.last_name} />
            </div>
            <TextField label={f.phone} type="tel" autoComplete="tel" required registration={register('phone')} error={errors.phone} />
            <TextField label={f.email} type="email" autoComplete="email" required registration={register('email')} error={errors.email} />
            <TextField label={f.campaignCode} hint={pages.register.campaignHelp} registration={register('campaign_code')} error={errors.campaign_code} />
            <TextField label={f.password} type="password" autoComplete="new-password" required registration={register('password')} error={errors.password} />
            <TextField
              label={f.passwordConfirmation}
              type="password"
              autoComplete="new-password"
              required
              registration={register('password_confirmation')}
              error={errors.password_confirmation}
            />
            <TermsField registration={register('terms')} error={errors.terms} />
            <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
              {pages.register.submit}
            </button>
          </form>
          <p className="form-links">
            {pages.register.haveAccount} <Link to="/profile">{pages.register.login}</Link>
          </p>
        </Card>
        <ContentText slug="bli-medlem" />
      </div>
    </Layout>
  );
}
