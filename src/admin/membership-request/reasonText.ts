/** A stored reason (sanitised rich text) as plain text with its paragraphs kept, for showing without HTML. */
export function reasonText(html: string | null | undefined): string {
  if (!html) return '';
  const withBreaks = html.replace(/<\/(p|div|li|h\d)>/gi, '\n').replace(/<br\s*\/?>/gi, '\n');
  const document = new DOMParser().parseFromString(withBreaks, 'text/html');
  return (document.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}
