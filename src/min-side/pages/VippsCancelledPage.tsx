/** /vipps-cancelled: the payer stopped the quick checkout in Vipps (or let it run out); nothing was paid or created. */
import { Link } from '../router.tsx';
import { MEMBER_PAGES } from '../../common/member-paths.ts';
import { Card, Layout } from '../components/Layout.tsx';
import { SupportContact } from '../components/SupportContact.tsx';
import { useTexts } from '../locale.tsx';
import { usePageTexts } from '../pageTexts.ts';
import { PageTitle } from '../components/PageTitle.tsx';

export default function VippsCancelledPage() {
  const texts = useTexts();
  const pages = usePageTexts();
  return (
    <Layout>
      <PageTitle>{`${pages.vippsCancelled.title} – ${texts.appName}`}</PageTitle>
      <div className="narrow">
        <h1>{pages.vippsCancelled.title}</h1>
        <Card>
          <p>{pages.vippsCancelled.body}</p>
          <p>
            <Link className="btn btn-primary" to={MEMBER_PAGES.register.path}>
              {pages.vippsCancelled.again}
            </Link>
          </p>
          <SupportContact />
        </Card>
      </div>
    </Layout>
  );
}
