/** The sign-in pages inside the staff app (after signing out, or a 401), moving with its router. */
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { StartPage } from '../access/StartPage.tsx';
import { hasStaffSession } from '../authProvider.ts';
import { LoginPage } from './LoginPage.tsx';
import { ResetPasswordPage } from './ResetPasswordPage.tsx';

export function StaffLoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Signed in (also just now: the sign-in leads here): on to the start page.
  if (hasStaffSession()) return <StartPage />;
  return (
    <LoginPage
      go={(to) => navigate(to)}
      onSignedIn={async (redirectTo) => {
        // The shell remembers that nobody was signed in; forget that before entering it.
        await queryClient.resetQueries({ queryKey: ['auth'] });
        navigate(redirectTo);
      }}
    />
  );
}

export function StaffResetPasswordPage() {
  const navigate = useNavigate();
  return <ResetPasswordPage go={(to) => navigate(to)} />;
}
