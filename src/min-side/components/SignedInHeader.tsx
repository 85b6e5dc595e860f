/** The top bar's right side for a signed-in member or applicant: their name and 'Logg ut'. */
import { Link, useNavigate } from '../router.tsx';
import { api } from '../api.ts';
import { useSession } from '../session.tsx';
import { useTexts } from '../locale.tsx';

export function SignedInHeader({ name }: { name?: string }) {
  const texts = useTexts();
  const { session, signOut } = useSession();
  const navigate = useNavigate();
  const shown = name ?? `${session?.firstName ?? ''} ${session?.lastName ?? ''}`;
  const logout = async () => {
    await api.logout();
    signOut();
    navigate('/profile', { replace: true });
  };
  return (
    <div className="topbar-user">
      <span className="topbar-name">{shown.trim()}</span>
      {session?.role === 2 && session.registrationCompleted !== 0 && (
        <Link className="btn btn-light" to={`/profile/card/${session.userId}`}>
          {texts.digitalCard.headerButton}
        </Link>
      )}
      <button type="button" className="btn btn-light" onClick={() => void logout()}>
        {texts.profile.logout}
      </button>
    </div>
  );
}
