/**
 * Rich text from the content source. The server sanitises it already; this is the second wall:
 * the browser's own sanitiser (Element.setHTML, the HTML Sanitizer API) where it has one, which
 * costs the page nothing, else DOMPurify, loaded with the first text rather than with the page.
 * Staff write it in Norwegian, so it is marked as such on a page shown in English.
 */
import { useLayoutEffect, useRef } from 'react';
import { useShownLocale } from '../locale.tsx';

/** Beyond the Sanitizer's safe defaults, what the server's allow-list keeps (server/lib/html.ts). */
const ALSO_ALLOWED = { elements: ['img'], attributes: ['style', 'src', 'alt', 'title', 'width', 'height', 'target', 'rel', 'name'] };

type SafeElement = Element & { setHTML?: (html: string, options: { sanitizer: Sanitizer }) => void };

/** Sets `html` through the platform's safe setter (scripts, handlers and script URLs never survive it), or null without one. */
function platformSetter(): ((element: Element, html: string) => void) | null {
  if (typeof Sanitizer !== 'function' || typeof (Element.prototype as SafeElement).setHTML !== 'function') return null;
  const sanitizer = new Sanitizer();
  for (const name of ALSO_ALLOWED.elements) sanitizer.allowElement(name);
  for (const name of ALSO_ALLOWED.attributes) sanitizer.allowAttribute(name);
  return (element, html) => (element as SafeElement).setHTML!(html, { sanitizer });
}

let setSafely: ((element: Element, html: string) => void) | null | undefined;
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
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    setSafely ??= platformSetter();
    if (setSafely) {
      setSafely(element, html);
      return;
    }
    let current = true;
    element.replaceChildren();
    void loadPurifier().then((sanitize) => {
      if (current) element.innerHTML = sanitize(html);
    });
    return () => {
      current = false;
    };
  }, [html]);
  return <div ref={box} className={`rich-text ${className ?? ''}`} lang={locale === 'nb' ? undefined : 'nb'} />;
}
