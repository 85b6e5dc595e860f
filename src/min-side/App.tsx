/** The member app's routes (spec section 2). Pages load on demand so the first load stays small. */
import { lazy, Suspense, useEffect } from 'react';
import { Route, Switch, useNavigate } from './router.tsx';
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
        <Switch>
          <Route path={PAGES.login.path}>
            <SignedOutOnly>
              <LoginPage />
            </SignedOutOnly>
          </Route>
          <Route path={PAGES.resetPassword.path}>
            <SignedOutOnly>
              <ResetPasswordPage />
            </SignedOutOnly>
          </Route>
          <Route path={PAGES.changePassword.path}>
            <ChangePasswordPage />
          </Route>
          <Route path={PAGES.register.path}>
            <SignedOutOnly>
              <RegisterPage />
            </SignedOutOnly>
          </Route>
          <Route path="/new-member/update">
            <StepTwoWithoutId />
          </Route>
          <Route path={PAGES.stepTwo.path}>
            <OwnMemberPage stage="registration">{(id) => <StepTwoPage memberId={id} />}</OwnMemberPage>
          </Route>
          {/* Before /profile/:memberId, which would take it. */}
          <Route path="/profile/card">
            <OwnCard />
          </Route>
          <Route path={PAGES.profile.path}>
            <OwnMemberPage stage="profile">{(id) => <ProfilePage memberId={id} />}</OwnMemberPage>
          </Route>
          <Route path={PAGES.travel.path}>
            <OwnMemberPage stage="profile">{(id) => <TravelInsurancePage memberId={id} />}</OwnMemberPage>
          </Route>
          <Route path={PAGES.instruments.path}>
            <OwnMemberPage stage="profile">{(id) => <InstrumentInsurancePage memberId={id} />}</OwnMemberPage>
          </Route>
          <Route path={PAGES.vippsThanks.path}>
            <VippsThanksPage />
          </Route>
          <Route path={PAGES.vippsError.path}>
            <VippsErrorPage />
          </Route>
          <Route path={PAGES.vippsCancelled.path}>
            <VippsCancelledPage />
          </Route>
          <Route path={PAGES.memberCard.path}>
            <OwnMemberPage stage="profile">{(id) => <CardPage memberId={id} />}</OwnMemberPage>
          </Route>
          <Route path={PAGES.verify.path}>
            <VerifyPage />
          </Route>
          <Route path={PAGES.unsubscribe.path}>
            <UnsubscribePage />
          </Route>
          <Route path={PAGES.invoicePayment.path}>
            <OwnMemberPage stage="profile">{(id) => <PaymentReturnPage memberId={id} />}</OwnMemberPage>
          </Route>
          <Route path={PAGES.claims.path}>
            <OwnMemberPage stage="profile">{(id) => <ClaimsPage memberId={id} />}</OwnMemberPage>
          </Route>
          <Route path={PAGES.newClaim.path}>
            <OwnMemberPage stage="profile">{(id) => <NewClaimPage memberId={id} />}</OwnMemberPage>
          </Route>
          <Route path={PAGES.claim.path}>
            <OwnMemberPage stage="profile">{(id) => <ClaimPage memberId={id} />}</OwnMemberPage>
          </Route>
          <Route path={PAGES.statement.path}>
            <StatementPage solution="member" />
          </Route>
          <Route path={PAGES.staffStatement.path}>
            <StatementPage solution="staff" />
          </Route>
          <Route>
            <Elsewhere />
          </Route>
        </Switch>
      </Suspense>
    </>
  );
}
