/**
 * /verify/{token}: the public check of a member card or insurance certificate (no sign-in).
 * It shows the state and only what the reader needs to compare with the card or paper: first
 * name, last-name initial, member number, validity, and for a certificate what it certifies.
 */
import { useParams } from '../router.tsx';
import { api, type VerifyData } from '../api.ts';
import { Layout, Loading } from '../components/Layout.tsx';
import { useFormats, useLocale, useTexts } from '../locale.tsx';
import { usePageTexts } from '../pageTexts.ts';
import { pagesNb } from '../../i18n/min-side/pages-nb.ts';
import { useLoad } from '../useLoad.ts';
import { PageTitle } from '../components/PageTitle.tsx';

function Verdict({ data }: { data: VerifyData }) {
  const t = usePageTexts().verify;
  const { locale } = useLocale();
  const format = useFormats();
  const heading = { valid: t.valid, expired: t.expired, invalid: t.invalid }[data.state];
  // The verdict in the other language too, for a reader of either.
  const nb = pagesNb.verify;
  const other =
    locale === 'en'
      ? { text: { valid: nb.valid, expired: nb.expired, invalid: nb.invalid }[data.state], lang: 'nb' }
      : { text: { valid: t.validEn, expired: t.expiredEn, invalid: t.invalidEn }[data.state], lang: 'en' };
  return (
    <section className={`verdict verdict-${data.state}`} aria-labelledby="verdict-heading">
      <h2 id="verdict-heading" className="verdict-heading">
        <span aria-hidden="true" className="verdict-mark">
          {data.state === 'valid' ? '✓' : data.state === 'expired' ? '!' : '✕'}
        </span>
        {heading}
      </h2>
      <p className="verdict-english" lang={other.lang}>
        {other.text}
      </p>
      {data.state === 'invalid' && <p>{t.invalidText}</p>}
      {data.state === 'expired' && <p>{t.expiredText}</p>}
      {data.first_name !== null && (
        <dl className="verdict-facts">
          <div>
            <dt>{t.kindLabel}</dt>
            <dd>{t.kinds[data.kind]}</dd>
          </div>
          <div>
            <dt>{t.name}</dt>
            <dd>{`${data.first_name} ${data.last_initial}.`}</dd>
          </div>
          <div>
            <dt>{t.memberNumber}</dt>
            <dd>{data.member_number}</dd>
          </div>
          {data.period ? (
            <div>
              <dt>{t.period}</dt>
              <dd>{`${format.cardDate(data.period.from)} – ${format.cardDate(data.period.to)}`}</dd>
            </div>
          ) : (
            data.valid_until && (
              <div>
                <dt>{t.validUntil}</dt>
                <dd>{format.cardDate(data.valid_until)}</dd>
              </div>
            )
          )}
          {data.product && (
            <div>
              <dt>{t.product}</dt>
              <dd>{t.products[data.product]}</dd>
            </div>
          )}
          {typeof data.count === 'number' && (
            <div>
              <dt>{t.count}</dt>
              <dd>{data.count}</dd>
            </div>
          )}
          {typeof data.total_value === 'number' && (
            <div>
              <dt>{t.totalValue}</dt>
              <dd>{t.kroner(format.amount(data.total_value))}</dd>
            </div>
          )}
        </dl>
      )}
      {data.state === 'valid' && <p className="muted">{t.compare}</p>}
    </section>
  );
}

export default function VerifyPage() {
  const texts = useTexts();
  const pages = usePageTexts();
  const t = pages.verify;
  const { token = '' } = useParams();
  const [answer] = useLoad(() => api.verify(token), [token]);
  const malformed = answer.state === 'error' && (answer.status === 400 || answer.status === 404);
  return (
    <Layout>
      <PageTitle>{`${t.pageTitle} – ${texts.appName}`}</PageTitle>
      <h1>{t.heading}</h1>
      {answer.state === 'loading' && <Loading />}
      {answer.state === 'loaded' && <Verdict data={answer.data.data} />}
      {malformed && <Verdict data={{ state: 'invalid', kind: 'membership', first_name: null, last_initial: null, member_number: null, valid_until: null }} />}
      {answer.state === 'error' && !malformed && (
        <p className="notice notice-error" role="alert">
          {answer.status === 429 ? answer.message : t.failed}
        </p>
      )}
    </Layout>
  );
}
