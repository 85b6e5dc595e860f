/**
 * Who may see which member page (spec section 2): signed-out visitors go to /profile, a member
 * sees only their own pages, and anyone else is sent where homePath() says they belong.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useParams } from './router.tsx';
import { isMemberPath } from '../common/member-paths.ts';
import { homePath, isMemberRole, type Session } from '../common/session.ts';
import { api } from './api.ts';
import { BlockedScreen } from './components/BlockedScreen.tsx';
import { LoadingPage } from './components/Layout.tsx';
import { useSession } from './session.tsx';
import { useLoad } from './useLoad.ts';

/** Goes to a path, leaving this app when the path belongs to the staff app. */
export function Go({ to }: { to: string }) {
  const inApp = isMemberPath(to);
  useEffect(() => {
    if (!inApp) window.location.replace(to);
  }, [inApp, to]);
  return inApp ? <Navigate to={to} replace /> : null;
}

/** Pages for signed-out visitors (login, sign-up, reset). A signed-in user is sent home. */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const { session } = useSession();
  // Judged once on arrival: signing in on this page (sign-up) must not pull the page away
  // before its own success message and navigation.
  const [atArrival] = useState(session);
  if (atArrival) return <Go to={homePath(atArrival)} />;
  return children;
}

type Stage = 'registration' | 'profile';

function belongsHere(session: Session, memberId: number, stage: Stage): boolean {
  if (!isMemberRole(session.role) || session.userId !== memberId) return false;
  return stage === 'registration' ? session.registrationCompleted === 0 : session.registrationCompleted !== 0;
}

/**
 * A blocked member sees only the blocked screen, on every member page (spec: /profile/{id}),
 * checked against the server on arrival since staff may block a member who is signed in.
 */
function UnlessBlocked({ memberId, children }: { memberId: number; children: ReactNode }) {
  const [member] = useLoad(() => api.member(memberId), [memberId]);
  if (member.state === 'loading') return <LoadingPage />;
  if (member.state === 'loaded' && member.data.data.blocked_access) return <BlockedScreen />;
  return children;
}

/** Pages under a member id: only the signed-in member's own, at their stage of registration. */
export function OwnMemberPage({ stage, children }: { stage: Stage; children: (memberId: number) => ReactNode }) {
  const { session } = useSession();
  const { memberId = '' } = useParams();
  if (!session) return <Go to={/^\d+$/.test(memberId) ? '/profile' : '/'} />;
  if (!/^\d+$/.test(memberId)) return <Go to={homePath(session)} />;
  const id = Number(memberId);
  if (!belongsHere(session, id, stage)) return <Go to={homePath(session)} />;
  return <UnlessBlocked memberId={id}>{children(id)}</UnlessBlocked>;
}

/** Any other address: a signed-in user goes home, a visitor to '/' (spec section 2). */
export function Elsewhere() {
  const { session } = useSession();
  return <Go to={session ? homePath(session) : '/'} />;
}

/** /new-member/update without an id: the signed-in applicant's own step two. */
export function StepTwoWithoutId() {
  const { session } = useSession();
  return <Go to={session ? homePath(session) : '/profile'} />;
}

/** /profile/card (the home-screen shortcut's address): the signed-in member's own card. */
export function OwnCard() {
  const { session } = useSession();
  return (
    <Go
      to={
        session && isMemberRole(session.role) && session.registrationCompleted !== 0
          ? `/profile/card/${session.userId}`
          : session
            ? homePath(session)
            : '/profile'
      }
    />
  );
}
