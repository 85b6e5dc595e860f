/**
 * Rich text from the content source. The server sanitises it already; this is the second wall.
 * The sanitiser loads with the first text rather than with the page, to keep the first load small.
 * Staff write it in Norwegian, so it is marked as such on a page shown in English.
 */
import { useEffect, useState } from 'react';
import { useShownLocale } from '../locale.tsx';

let purifier: Promise<(html: string) => string> | null = null;

function loadPurifier(): Promise<(html: string) => string> {
  purifier ??= import('dompurify').then(
    ({ default: DOMPurify }) =>
      (html: string) =>
        DOMPurify.sanitize(html),
  );
  return purifier;
}

export function HtmlContent({ html, className }: { html: string; className?: string }) {
  const locale = useShownLocale();
  const [clean, setClean] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void loadPurifier().then((sanitize) => {
      if (current) setClean(sanitize(html));
    });
    return () => {
      current = false;
    };
  }, [html]);
  return <div className={`rich-text ${className ?? ''}`} lang={locale === 'nb' ? undefined : 'nb'} dangerouslySetInnerHTML={{ __html: clean ?? '' }} />;
}
