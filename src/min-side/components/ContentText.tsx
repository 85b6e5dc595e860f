/** A page of text from the content source (privacy text, registration info), by slug. */
import { api } from '../api.ts';
import { useShownLocale, useTexts } from '../locale.tsx';
import { useLoad } from '../useLoad.ts';
import { HtmlContent } from './HtmlContent.tsx';
import { Loading } from './Layout.tsx';

export function ContentText({ slug, className, fallbackTitle }: { slug: string; className?: string; fallbackTitle?: string }) {
  const texts = useTexts();
  const locale = useShownLocale();
  const [page] = useLoad(() => api.contentPage(slug), [slug]);
  const ownTitle = page.state === 'loaded' ? page.data.data.title : '';
  const title = ownTitle || fallbackTitle;
  return (
    <section className={`card content-text ${className ?? ''}`} aria-label={title}>
      {/* Staff write the content's own title in Norwegian. */}
      {title && (
        <h2 className="card-title" lang={ownTitle && locale !== 'nb' ? 'nb' : undefined}>
          {title}
        </h2>
      )}
      {page.state === 'loading' && <Loading />}
      {page.state === 'error' && <p className="muted">{texts.contentFailed}</p>}
      {page.state === 'loaded' && <HtmlContent html={page.data.data.content} />}
    </section>
  );
}
