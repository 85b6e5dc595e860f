/** Staff sign-in at '/': e-mail, password, remember me and the link to '/reset-password'. */
import { useState } from 'react';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { BooleanInput, email, Form, required, TextInput, useAuthProvider, useTranslate } from 'react-admin';
import { isStaffRole, readSession } from '../../common/session.ts';
import { paths } from '../paths.ts';
import { useToast } from '../toast.tsx';
import { AuthCard } from './AuthCard.tsx';
import type { Credentials } from '../authProvider.ts';

export function LoginPage() {
  const translate = useTranslate();
  const authProvider = useAuthProvider()!;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const session = readSession();
  if (session && isStaffRole(session.role)) return <Navigate to={paths.membership} replace />;

  const submit = async (values: Record<string, unknown>) => {
    setBusy(true);
    try {
      const answer = await authProvider.login(values as unknown as Credentials);
      // The shell remembers that nobody was signed in; forget that before entering it.
      await queryClient.resetQueries({ queryKey: ['auth'] });
      if (answer?.redirectTo) navigate(answer.redirectTo);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'app.errors.generic');
      setBusy(false);
    }
  };

  return (
    <AuthCard title={translate('app.login.title')} intro={translate('app.login.intro')}>
      {/* noValidate: the app shows its own Norwegian messages, not the browser's bubble. */}
      <Form onSubmit={submit} defaultValues={{ email: '', password: '', remember: false }} noValidate>
        <TextInput
          source="email"
          type="email"
          autoComplete="username"
          label="app.login.email"
          validate={[required('app.login.required'), email('app.login.invalid_email')]}
        />
        <TextInput
          source="password"
          type="password"
          autoComplete="current-password"
          label="app.login.password"
          validate={required('app.login.required')}
        />
        <BooleanInput source="remember" label="app.login.remember" helperText={false} />
        <Button type="submit" variant="contained" fullWidth disabled={busy} sx={{ mt: 1 }}>
          {translate('app.login.submit')}
        </Button>
      </Form>
      <Link component={RouterLink} to={paths.resetPassword} sx={{ display: 'inline-block', mt: 2 }}>
        {translate('app.login.forgot')}
      </Link>
    </AuthCard>
  );
}
