/** /profile/reset-password: asks for a link to set a new password. */
import { useState } from 'react';
import { Link } from '../router.tsx';
import { api } from '../api.ts';
import { TextField } from '../components/fields.tsx';
import { Card, Layout } from '../components/Layout.tsx';
import { useTexts } from '../locale.tsx';
import { usePageTexts } from '../pageTexts.ts';
import { useNotify } from '../toasts.tsx';
import { useLightForm } from '../lightForm.ts';
import { PageTitle } from '../components/PageTitle.tsx';

const START = { email: '' };

export default function ResetPasswordPage() {
  const texts = useTexts();
  const pages = usePageTexts();
  const notify = useNotify();
  const [answer, setAnswer] = useState<string | null>(null);
  const { register, handleSubmit, errors, isSubmitting } = useLightForm(START, (schemas) => schemas.resetSchema);

  const onSubmit = handleSubmit(async ({ email }) => {
    const result = await api.requestReset(email);
    // The spec shows the server's own message either way.
    if (result.ok) setAnswer(result.data.message);
    else notify.error(result.message);
  });

  return (
    <Layout>
      <PageTitle>{`${pages.reset.title} – ${texts.appName}`}</PageTitle>
      <div className="narrow">
        <h1>{pages.reset.title}</h1>
        <Card>
          <div aria-live="polite">
            {answer ? (
              <p className="notice notice-success">{answer}</p>
            ) : (
              <>
                <p>{pages.reset.intro}</p>
                <form onSubmit={onSubmit} noValidate>
                  <TextField label={texts.fields.email} type="email" autoComplete="email" required registration={register('email')} error={errors.email} />
                  <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
                    {pages.reset.submit}
                  </button>
                </form>
              </>
            )}
          </div>
          <p className="form-links">
            <Link to="/profile">{texts.backToLogin}</Link>
          </p>
        </Card>
      </div>
    </Layout>
  );
}
