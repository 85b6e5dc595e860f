/**
 * The staff sign-in on its own, for a visitor who is not signed in: '/' and '/reset-password'
 * without react-admin. After a staff sign-in the full staff app is loaded and takes over.
 */
import { StrictMode, useEffect, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { LoginPage, RESET_PASSWORD_PATH } from './LoginPage.tsx';
import { ResetPasswordPage } from './ResetPasswordPage.tsx';

function SignInApp({ onSignedIn }: { onSignedIn: (redirectTo: string) => Promise<void> }) {
  const [path, setPath] = useState(window.location.pathname);
  useEffect(() => {
    const follow = () => setPath(window.location.pathname);
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, []);
  const go = (to: string) => {
    window.history.pushState(null, '', to);
    setPath(to);
  };
  return path.startsWith(RESET_PASSWORD_PATH) ? <ResetPasswordPage go={go} /> : <LoginPage go={go} onSignedIn={onSignedIn} />;
}

export function mount(element: HTMLElement): void {
  const root: Root = createRoot(element);
  const enterStaffApp = async (redirectTo: string) => {
    // The page stays as it is until the staff app has arrived, then that app takes the same element.
    const staff = await import('../main.tsx');
    window.history.pushState(null, '', redirectTo);
    root.unmount();
    staff.mount(element);
  };
  root.render(
    <StrictMode>
      <SignInApp onSignedIn={enterStaffApp} />
    </StrictMode>,
  );
}
