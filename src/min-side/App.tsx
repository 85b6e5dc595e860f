/** The member app's routes (spec section 2). Pages load on demand so the first load stays small. */
import { lazy, Suspense, useEffect } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import { onUnauthenticated } from '../common/http.ts';
import { MEMBER_PAGES as PAGES } from '../common/member-paths.ts';
import { Elsewhere, OwnCard, OwnMemberPage, SignedOutOnly, StepTwoWithoutId } from './guards.tsx';
import { LoadingPage } from './components/Layout.tsx';
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
const VippsCancelledPage = lazy(() => import('./pages/VippsCancelledPage.tsx'));
const CardPage = lazy(() => import('./card/CardPage.tsx'));
const VerifyPage = lazy(() => import('./verify/VerifyPage.tsx'));
const UnsubscribePage = lazy(() => import('./unsubscribe/UnsubscribePage.tsx'));
const PaymentReturnPage = lazy(() => import('./invoices/PaymentReturnPage.tsx'));
const ClaimsPage = lazy(() => import('./claims/ClaimsPage.tsx'));
const NewClaimPage = lazy(() => import('./claims/NewClaimPage.tsx'));
const ClaimPage = lazy(() => import('./claims/ClaimPage.tsx'));
const StatementPage = lazy(() => import('./statement/StatementPage.tsx'));

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
      <Suspense fallback={<LoadingPage />}>
        <Routes>
          <Route
            path={PAGES.login.path}
            element={
              <SignedOutOnly>
                <LoginPage />
              </SignedOutOnly>
            }
          />
          <Route
            path={PAGES.resetPassword.path}
            element={
              <SignedOutOnly>
                <ResetPasswordPage />
              </SignedOutOnly>
            }
          />
          <Route path={PAGES.changePassword.path} element={<ChangePasswordPage />} />
          <Route
            path={PAGES.register.path}
            element={
              <SignedOutOnly>
                <RegisterPage />
              </SignedOutOnly>
            }
          />
          <Route path="/new-member/update" element={<StepTwoWithoutId />} />
          <Route path={PAGES.stepTwo.path} element={<OwnMemberPage stage="registration">{(id) => <StepTwoPage memberId={id} />}</OwnMemberPage>} />
          <Route path={PAGES.profile.path} element={<OwnMemberPage stage="profile">{(id) => <ProfilePage memberId={id} />}</OwnMemberPage>} />
          <Route path={PAGES.travel.path} element={<OwnMemberPage stage="profile">{(id) => <TravelInsurancePage memberId={id} />}</OwnMemberPage>} />
          <Route path={PAGES.instruments.path} element={<OwnMemberPage stage="profile">{(id) => <InstrumentInsurancePage memberId={id} />}</OwnMemberPage>} />
          <Route path={PAGES.vippsThanks.path} element={<VippsThanksPage />} />
          <Route path={PAGES.vippsError.path} element={<VippsErrorPage />} />
          <Route path={PAGES.vippsCancelled.path} element={<VippsCancelledPage />} />
          <Route path="/profile/card" element={<OwnCard />} />
          <Route path={PAGES.memberCard.path} element={<OwnMemberPage stage="profile">{(id) => <CardPage memberId={id} />}</OwnMemberPage>} />
          <Route path={PAGES.verify.path} element={<VerifyPage />} />
          <Route path={PAGES.unsubscribe.path} element={<UnsubscribePage />} />
          <Route path={PAGES.invoicePayment.path} element={<OwnMemberPage stage="profile">{(id) => <PaymentReturnPage memberId={id} />}</OwnMemberPage>} />
          <Route path={PAGES.claims.path} element={<OwnMemberPage stage="profile">{(id) => <ClaimsPage memberId={id} />}</OwnMemberPage>} />
          <Route path={PAGES.newClaim.path} element={<OwnMemberPage stage="profile">{(id) => <NewClaimPage memberId={id} />}</OwnMemberPage>} />
          <Route path={PAGES.claim.path} element={<OwnMemberPage stage="profile">{(id) => <ClaimPage memberId={id} />}</OwnMemberPage>} />
          <Route path={PAGES.statement.path} element={<StatementPage solution="member" />} />
          <Route path={PAGES.staffStatement.path} element={<StatementPage solution="staff" />} />
          <Route path="*" element={<Elsewhere />} />
        </Routes>
      </Suspense>
    </>
  );
}
