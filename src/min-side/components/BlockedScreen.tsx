/** All a blocked member sees: the notice, guidance and OK, which signs out. */
import { useNavigate } from '../router.tsx';
import { api } from '../api.ts';
import { useSession } from '../session.tsx';
import { useTexts } from '../locale.tsx';
import { Card, Layout } from './Layout.tsx';
import { PageTitle } from './PageTitle.tsx';

export function BlockedScreen() {
  const texts = useTexts();
  const { signOut } = useSession();
  const navigate = useNavigate();
  const leave = async () => {
    await api.logout();
    signOut();
    navigate('/profile', { replace: true });
  };
  return (
    <Layout>
      <PageTitle>{`${texts.blocked.title} – ${texts.appName}`}</PageTitle>
      <div className="narrow">
        <Card className="blocked">
          <h1>{texts.blocked.title}</h1>
          <p>{texts.blocked.guidance}</p>
          <button type="button" className="btn btn-primary btn-block" onClick={() => void leave()}>
            {texts.blocked.ok}
          </button>
        </Card>
      </div>
    </Layout>
  );
}
