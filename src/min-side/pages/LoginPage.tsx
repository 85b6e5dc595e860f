/**
 * /profile: member login, with the code step for a member who has turned on two-factor sign-in,
 * and the e-mailed code asked of a new browser while the account is slowed by wrong passwords.
 */
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from '../router.tsx';
import { homePath, isStaffRole } from '../../common/session.ts';
import { api, type LoginResponse, type SignInStep } from '../api.ts';
import { TextField } from '../components/fields.tsx';
import { Card, Layout } from '../components/Layout.tsx';
import { useSession } from '../session.tsx';
import { useTexts } from '../locale.tsx';
import { usePageTexts } from '../pageTexts.ts';
import { useNotify } from '../toasts.tsx';
import { useLightForm } from '../lightForm.ts';
import { PageTitle } from '../components/PageTitle.tsx';

// Asked for after a password only when the account needs a code: its form loads then.
const loadCodeForm = () => import('./SignInCodeForm.tsx');
const CodeForm = lazy(loadCodeForm);
const START = { email: '', password: '' };

export default function LoginPage() {
  const texts = useTexts();
  const pages = usePageTexts();
  const { signIn } = useSession();
  const notify = useNotify();
  const navigate = useNavigate();
  const { register, handleSubmit, errors, isSubmitting } = useLightForm(START, (schemas) => schemas.loginSchema);
  const [challenge, setChallenge] = useState<{ token: string; email: boolean } | null>(null);

  const enter = (login: LoginResponse) => {
    notify.clear();
    const session = signIn(login);
    const home = homePath(session);
    if (isStaffRole(session.role)) window.location.assign(home);
    else navigate(home, { replace: true });
  };

  /** Follows a sign-in step: the sign-in, or the code asked for next. */
  const follow = (step: SignInStep) => {
    if ('two_factor_enrolment_mailed' in step) {
      // Staff who must set up two-factor sign-in: the server's words say where the link went.
      setChallenge(null);
      notify.success(step.message, { persistent: true });
      return;
    }
    if ('two_factor_required' in step || 'email_code_required' in step) {
      notify.clear();
      setChallenge({ token: step.challenge, email: 'email_code_required' in step });
      return;
    }
    enter(step);
  };

  const onSubmit = handleSubmit(async ({ email, password }) => {
    // The code form's chunk loads beside the sign-in, in case the answer asks for a code.
    void loadCodeForm();
    await api.csrfCookie();
    const answer = await api.login(email, password);
    if (!answer.ok) {
      notify.error(answer.message);
      return;
    }
    follow(answer.data);
  });

  if (challenge) {
    const title = challenge.email ? texts.twoFactor.emailCodeTitle : texts.twoFactor.codeTitle;
    return (
      <Layout>
        <PageTitle>{`${title} – ${texts.appName}`}</PageTitle>
        {/* The heading comes with its form, once the form's code has loaded. */}
        <Suspense fallback={null}>
          <div className="narrow">
            <h1>{title}</h1>
            <Card>
              {/* A new key: the app's code may follow the e-mailed one, with a fresh form. */}
              <CodeForm key={challenge.token} challenge={challenge.token} email={challenge.email} onStep={follow} />
            </Card>
          </div>
        </Suspense>
      </Layout>
    );
  }

  return (
    <Layout>
      <PageTitle>{`${pages.login.title} – ${texts.appName}`}</PageTitle>
      <div className="narrow">
        <h1>{pages.login.title}</h1>
        <Card>
          <p>{pages.login.intro}</p>
          <form onSubmit={onSubmit} noValidate>
            <TextField label={texts.fields.email} type="email" autoComplete="email" required registration={register('email')} error={errors.email} />
            <TextField
              label={texts.fields.password}
              type="password"
              autoComplete="current-password"
              required
              registration={register('password')}
              error={errors.password}
            />
            <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
              {pages.login.submit}
            </button>
          </form>
          <p className="form-links">
            <Link to="/profile/reset-password">{pages.login.forgotPassword}</Link>
          </p>
        </Card>
        <p className="center">
          {pages.login.notMember} <Link to="/new-member">{pages.login.becomeMember}</Link>
        </p>
      </div>
    </Layout>
  );
}
