/**
 * Min side's paths and pages, in one small module that Min side, the server and the dev server
 * all read (the staff app's paths stay in routing.ts, so Min side does not carry them).
 */
const MEMBER_PATHS = /^\/(profile|new-member|password\/change|vipps-thanks|vipps-error|vipps-cancelled|verify|unsubscribe|tilgjengelighet)(\/|$)/;

/**
 * The accessibility statements, public pages of Min side: one for Min side with sign-up, one for
 * the staff app, each linked from the footer of its app's pages.
 */
export const STATEMENT_PATHS = { member: '/tilgjengelighet', staff: '/tilgjengelighet/ansatte' } as const;

/** Whether Min side owns the path (the server then answers it with member.html). */
export const isMemberPath = (pathname: string): boolean => MEMBER_PATHS.test(pathname);

/**
 * Min side's pages: each route (react-router's pattern, as App.tsx routes it) and the module
 * that draws it, so the server can preload that module's chunks with the page's HTML.
 */
export const MEMBER_PAGES = {
  login: { path: '/profile', module: 'src/min-side/pages/LoginPage.tsx' },
  resetPassword: { path: '/profile/reset-password', module: 'src/min-side/pages/ResetPasswordPage.tsx' },
  changePassword: { path: '/password/change', module: 'src/min-side/pages/ChangePasswordPage.tsx' },
  register: { path: '/new-member', module: 'src/min-side/registration/RegisterPage.tsx' },
  stepTwo: { path: '/new-member/update/:memberId', module: 'src/min-side/registration/StepTwoPage.tsx' },
  profile: { path: '/profile/:memberId', module: 'src/min-side/profile/ProfilePage.tsx' },
  travel: { path: '/profile/edit/travel-insurane/:memberId', module: 'src/min-side/pages/TravelInsurancePage.tsx' },
  instruments: { path: '/profile/edit/instrument-insurance/:memberId', module: 'src/min-side/pages/InstrumentInsurancePage.tsx' },
  vippsThanks: { path: '/vipps-thanks', module: 'src/min-side/pages/VippsThanksPage.tsx' },
  vippsError: { path: '/vipps-error', module: 'src/min-side/pages/VippsErrorPage.tsx' },
  vippsCancelled: { path: '/vipps-cancelled', module: 'src/min-side/pages/VippsCancelledPage.tsx' },
  memberCard: { path: '/profile/card/:memberId', module: 'src/min-side/card/CardPage.tsx' },
  verify: { path: '/verify/:token', module: 'src/min-side/verify/VerifyPage.tsx' },
  unsubscribe: { path: '/unsubscribe/:token', module: 'src/min-side/unsubscribe/UnsubscribePage.tsx' },
  invoicePayment: { path: '/profile/payment/:memberId', module: 'src/min-side/invoices/PaymentReturnPage.tsx' },
  claims: { path: '/profile/claims/:memberId', module: 'src/min-side/claims/ClaimsPage.tsx' },
  newClaim: { path: '/profile/claims/:memberId/new/:instrumentId', module: 'src/min-side/claims/NewClaimPage.tsx' },
  claim: { path: '/profile/claims/:memberId/:claimId', module: 'src/min-side/claims/ClaimPage.tsx' },
  statement: { path: STATEMENT_PATHS.member, module: 'src/min-side/statement/StatementPage.tsx' },
  staffStatement: { path: STATEMENT_PATHS.staff, module: 'src/min-side/statement/StatementPage.tsx' },
} as const;

/** How many segments of `pattern` match `pathname` literally, or -1 when it does not match. */
function literalMatches(pattern: string, pathname: string): number {
  const want = pattern.split('/');
  const got = pathname.replace(/\/$/, '').split('/');
  if (want.length !== got.length) return -1;
  let literal = 0;
  for (const [index, part] of want.entries()) {
    if (part.startsWith(':')) {
      if (!got[index]) return -1;
    } else if (part === got[index]) literal += 1;
    else return -1;
  }
  return literal;
}

/** The module of the Min side page at `pathname` (the most literal match, as react-router ranks), if any. */
export function memberPageModule(pathname: string): string | undefined {
  let best: { module: string; literal: number } | undefined;
  for (const page of Object.values(MEMBER_PAGES)) {
    const literal = literalMatches(page.path, pathname);
    if (literal >= 0 && (!best || literal > best.literal)) best = { module: page.module, literal };
  }
  return best?.module;
}
