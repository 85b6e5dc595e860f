/** A page of text from the content source (privacy text, registration info), by slug. */
import { api } from '../api.ts';
import { texts } from '../texts.ts';
import { useLoad } from '../useLoad.ts';
import { HtmlContent } from './HtmlContent.tsx';
import { Loading } from './Layout.tsx';

export function ContentText({ slug, className, fallbackTitle }: { slug: string; className?: string; fallbackTitle?: string }) {
  const [page] = useLoad(() => api.contentPage(slug), [slug]);
  const title = page.state === 'loaded' ? page.data.data.title || fallbackTitle : fallbackTitle;
  return (
    <section className={`card content-text ${className ?? ''}`} aria-label={title}>
      {title && <h2 className="card-title">{title}</h2>}
      {page.state === 'loading' && <Loading />}
      {page.state === 'error' && <p className="muted">{texts.contentFailed}</p>}
      {page.state === 'loaded' && <HtmlContent html={page.data.data.content} />}
    </section>
  );
}
