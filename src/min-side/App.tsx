/** The member app's routes (spec section 2). Pages load on demand so the first load stays small. */
import { lazy, Suspense, useEffect } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import { onUnauthenticated } from '../common/http.ts';
import { Elsewhere, OwnMemberPage, SignedOutOnly, StepTwoWithoutId } from './guards.tsx';
import { Layout, Loading } from './components/Layout.tsx';
import { useSession } from './session.tsx';

const LoginPage = lazy(() => import('./pages/LoginPage.tsx'));
const ResetPasswordPage = lazy(() => import('./pages/ResetPasswordPage.tsx'));
const ChangePasswordPage = lazy(() => import('./pages/ChangePasswordPage.tsx'));
const RegisterPage = lazy(() => import('./registration/RegisterPage.tsx'));
const StepTwoPage = lazy(() => import('./registration/StepTwoPage.tsx'));
const ProfilePage = lazy(() => import('./profile/ProfilePage.tsx'));
const TravelInsurancePage = lazy(() => import('./pages/TravelInsurancePage.tsx'));
const InstrumentInsurancePage = lazy(() => import('./pages/InstrumentInsurancePage.tsx'));
const VippsThanksPage = lazy(() => import('./pages/VippsThanksPage.tsx'));
const VippsErrorPage = lazy(() => import('./pages/VippsErrorPage.tsx'));

/** An expired or revoked token ends the session and goes back to the login. */
function SessionExpiry() {
  const { signOut } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    onUnauthenticated(() => {
      signOut();
      navigate('/profile', { replace: true });
    });
    return () => onUnauthenticated(null);
  }, [signOut, navigate]);
  return null;
}

export function App() {
  return (
    <>
      <SessionExpiry />
      <Suspense fallback={<Layout><Loading /></Layout>}>
        <Routes>
          <Route path="/profile" element={<SignedOutOnly><LoginPage /></SignedOutOnly>} />
          <Route path="/profile/reset-password" element={<SignedOutOnly><ResetPasswordPage /></SignedOutOnly>} />
          <Route path="/password/change" element={<ChangePasswordPage />} />
          <Route path="/new-member" element={<SignedOutOnly><RegisterPage /></SignedOutOnly>} />
          <Route path="/new-member/update" element={<StepTwoWithoutId />} />
          <Route
            path="/new-member/update/:memberId"
            element={<OwnMemberPage stage="registration">{(id) => <StepTwoPage memberId={id} />}</OwnMemberPage>}
          />
          <Route path="/profile/:memberId" element={<OwnMemberPage stage="profile">{(id) => <ProfilePage memberId={id} />}</OwnMemberPage>} />
          <Route
            path="/profile/edit/travel-insurane/:memberId"
            element={<OwnMemberPage stage="profile">{(id) => <TravelInsurancePage memberId={id} />}</OwnMemberPage>}
          />
          <Route
            path="/profile/edit/instrument-insurance/:memberId"
            element={<OwnMemberPage stage="profile">{(id) => <InstrumentInsurancePage memberId={id} />}</OwnMemberPage>}
          />
          <Route path="/vipps-thanks" element={<VippsThanksPage />} />
          <Route path="/vipps-error" element={<VippsErrorPage />} />
          <Route path="*" element={<Elsewhere />} />
        </Routes>
      </Suspense>
    </>
  );
}
