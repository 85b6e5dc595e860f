/** Rich text from the content source. The server sanitises it already; this is the second wall. */
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

export function HtmlContent({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html), [html]);
  return <div className={`rich-text ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
