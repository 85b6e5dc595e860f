/**
 * Who may see which member page (spec section 2): signed-out visitors go to /profile, a member
 * sees only their own pages, and anyone else is sent where homePath() says they belong.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { appForPath } from '../common/routing.ts';
import { homePath, isMemberRole, type Session } from '../common/session.ts';
import { useSession } from './session.tsx';

/** Goes to a path, leaving this app when the path belongs to the staff app. */
export function Go({ to }: { to: string }) {
  const inApp = appForPath(to) === 'member';
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

/** Pages under a member id: only the signed-in member's own, at their stage of registration. */
export function OwnMemberPage({ stage, children }: { stage: Stage; children: (memberId: number) => ReactNode }) {
  const { session } = useSession();
  const { memberId = '' } = useParams();
  if (!/^\d+$/.test(memberId)) return <Go to="/" />;
  if (!session) return <Go to="/profile" />;
  const id = Number(memberId);
  if (!belongsHere(session, id, stage)) return <Go to={homePath(session)} />;
  return children(id);
}

/** /new-member/update without an id: the signed-in applicant's own step two. */
export function StepTwoWithoutId() {
  const { session } = useSession();
  return <Go to={session ? homePath(session) : '/profile'} />;
}
