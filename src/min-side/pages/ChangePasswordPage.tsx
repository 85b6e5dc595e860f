/**
 * /password/change: sets a new password with the e-mailed link. The link's query (token and
 * e-mail) is kept in this tab and the address bar is replaced by the plain path, so the token
 * does not linger in history or leak in a referrer.
 */
import { useForm } from 'react-hook-form';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearch } from '../router.tsx';
import { api } from '../api.ts';
import { TextField } from '../components/fields.tsx';
import { Card, Layout } from '../components/Layout.tsx';
import { useTexts } from '../locale.tsx';
import { usePageTexts } from '../pageTexts.ts';
import { useNotify } from '../toasts.tsx';
import { schemaResolver } from '../schemaResolver.ts';
import { PageTitle } from '../components/PageTitle.tsx';

const STORE_KEY = 'passwordChangeLink';

interface ResetLink {
  token: string;
  email: string;
}

function linkFrom(search: string): ResetLink | null {
  const query = new URLSearchParams(search);
  const token = query.get('token');
  const email = query.get('email');
  if (token && email) return { token, email };
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORE_KEY) ?? 'null') as ResetLink | null;
    return stored?.token && stored.email ? stored : null;
  } catch {
    return null;
  }
}

export default function ChangePasswordPage() {
  const texts = useTexts();
  const pages = usePageTexts();
  const search = useSearch();
  const navigate = useNavigate();
  const notify = useNotify();
  const [link] = useState(() => linkFrom(search));
  const [done, setDone] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm({ resolver: schemaResolver((schemas) => schemas.newPasswordSchema), mode: 'onTouched' });

  useEffect(() => {
    if (!search) return;
    if (link) sessionStorage.setItem(STORE_KEY, JSON.stringify(link));
    navigate('/password/change', { replace: true });
  }, [link, search, navigate]);

  const onSubmit = handleSubmit(async ({ password, password_confirmation }) => {
    if (!link) return;
    const result = await api.changePassword({ ...link, password, password_confirmation });
    if (!result.ok) {
      notify.error(result.status === 422 ? `${result.message} ${texts.contactSentence}` : pages.changePassword.failed(texts.contactSentence));
      return;
    }
    sessionStorage.removeItem(STORE_KEY);
    setDone(result.data.message || pages.changePassword.done);
  });

  return (
    <Layout>
      <PageTitle>{`${pages.changePassword.title} – ${texts.appName}`}</PageTitle>
      <div className="narrow">
        <h1>{pages.changePassword.title}</h1>
        <Card>
          <div aria-live="polite">
            {done ? (
              <>
                <p className="notice notice-success">{done}</p>
                <p className="form-links">
                  <Link className="btn btn-primary" to="/profile">
                    {pages.changePassword.memberLogin}
                  </Link>
                  <a href="/">{pages.changePassword.staffLogin}</a>
                </p>
              </>
            ) : !link ? (
              <>
                <p className="notice notice-error">{pages.changePassword.missingLink}</p>
                <p className="form-links">
                  <Link to="/profile/reset-password">{pages.changePassword.requestNewLink}</Link>
                </p>
              </>
            ) : (
              <>
                <p>{pages.changePassword.intro}</p>
                <form onSubmit={onSubmit} noValidate>
                  <input type="email" name="username" autoComplete="username" value={link.email} readOnly hidden />
                  <TextField
                    label={texts.fields.password}
                    type="password"
                    autoComplete="new-password"
                    required
                    registration={register('password')}
                    error={formState.errors.password}
                  />
                  <TextField
                    label={texts.fields.passwordConfirmation}
                    type="password"
                    autoComplete="new-password"
                    required
                    registration={register('password_confirmation')}
                    error={formState.errors.password_confirmation}
                  />
                  <button type="submit" className="btn btn-primary btn-block" disabled={formState.isSubmitting}>
                    {pages.changePassword.submit}
                  </button>
                </form>
                <p className="form-links">
                  <Link to="/profile/reset-password">{pages.changePassword.requestNewLink}</Link>
                </p>
              </>
            )}
          </div>
        </Card>
      </div>
    </Layout>
  );
}
