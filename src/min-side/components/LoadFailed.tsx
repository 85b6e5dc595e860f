/** A page whose data could not be loaded: says so and offers to try again. */
import { useTexts } from '../locale.tsx';
import { Card, Layout } from './Layout.tsx';
import { PageTitle } from './PageTitle.tsx';

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const texts = useTexts();
  return (
    <Layout>
      <PageTitle>{`${texts.profile.loadFailed} – ${texts.appName}`}</PageTitle>
      <div className="narrow">
        <Card>
          <p className="notice notice-error" role="alert">
            {texts.profile.loadFailed}
          </p>
          <button type="button" className="btn btn-primary" onClick={onRetry}>
            {texts.profile.retry}
          </button>
        </Card>
      </div>
    </Layout>
  );
}
