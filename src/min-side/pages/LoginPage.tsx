/** /profile: member login. */
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { homePath, isStaffRole } from '../../common/session.ts';
import { api } from '../api.ts';
import { TextField } from '../components/fields.tsx';
import { Card, Layout } from '../components/Layout.tsx';
import { useSession } from '../session.tsx';
import { texts } from '../texts.ts';
import { useNotify } from '../toasts.tsx';
import { schemaResolver } from '../schemaResolver.ts';

export default function LoginPage() {
  const { signIn } = useSession();
  const notify = useNotify();
  const navigate = useNavigate();
  const { register, handleSubmit, formState } = useForm({ resolver: schemaResolver((schemas) => schemas.loginSchema), mode: 'onTouched' });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async ({ email, password }) => {
    await api.csrfCookie();
    const answer = await api.login(email, password);
    if (!answer.ok) {
      notify.error(answer.message);
      return;
    }
    notify.clear();
    const session = signIn(answer.data);
    const home = homePath(session);
    if (isStaffRole(session.role)) window.location.assign(home);
    else navigate(home, { replace: true });
  });

  return (
    <Layout>
      <title>{`${texts.login.title} – ${texts.appName}`}</title>
      <div className="narrow">
        <h1>{texts.login.title}</h1>
        <Card>
          <p>{texts.login.intro}</p>
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
              {texts.login.submit}
            </button>
          </form>
          <p className="form-links">
            <Link to="/profile/reset-password">{texts.login.forgotPassword}</Link>
          </p>
        </Card>
        <p className="center">
          {texts.login.notMember} <Link to="/new-member">{texts.login.becomeMember}</Link>
        </p>
      </div>
    </Layout>
  );
}
