/** '/reset-password': asks for a reset link; the server's message is shown on success and on error alike. */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { email, Form, required, TextInput, useTranslate } from 'react-admin';
import { http } from '../../common/http.ts';
import { paths } from '../paths.ts';
import { useToast } from '../toast.tsx';
import { AuthCard } from './AuthCard.tsx';

export function ResetPasswordPage() {
  const translate = useTranslate();
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  const submit = async (values: Record<string, unknown>) => {
    setBusy(true);
    const result = await http.post<{ message: string }>('/api/user/password/reset', { email: values.email });
    setBusy(false);
    if (result.ok) toast.success(result.data.message);
    else toast.error(result.message);
  };

  return (
    <AuthCard title={translate('app.reset.title')} intro={translate('app.reset.intro')}>
      <Form onSubmit={submit} defaultValues={{ email: '' }} noValidate>
        <TextInput
          source="email"
          type="email"
          autoComplete="email"
          label="app.login.email"
          validate={[required('app.login.required'), email('app.login.invalid_email')]}
        />
        <Button type="submit" variant="contained" fullWidth disabled={busy}>{translate('app.reset.submit')}</Button>
      </Form>
      <Link component={RouterLink} to={paths.login} sx={{ display: 'inline-block', mt: 2 }}>
        {translate('app.reset.back')}
      </Link>
    </AuthCard>
  );
}
