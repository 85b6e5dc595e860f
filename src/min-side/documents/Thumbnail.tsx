/** A document's small picture: the server's thumbnail of an image, or a PDF mark; named by kind and file. */
import { useEffect, useState } from 'react';
import { thumbnailUrl, type InstrumentDocument } from './api.ts';
import { useDocumentTexts } from './texts.ts';

/** `decorative` where the document is named beside it anyway (a checkbox's label). */
export function Thumbnail({ document, decorative }: { document: InstrumentDocument; decorative?: boolean }) {
  const t = useDocumentTexts();
  const [url, setUrl] = useState<string | null>(null);
  const alt = t.thumbnailAlt(t.kinds[document.kind], document.file_name);

  useEffect(() => {
    if (!document.has_thumbnail) return undefined;
    const controller = new AbortController();
    let made: string | null = null;
    void thumbnailUrl(document.id, controller.signal).then((result) => {
      if (controller.signal.aborted) {
        if (result) URL.revokeObjectURL(result);
        return;
      }
      made = result;
      setUrl(result);
    });
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [document.id, document.has_thumbnail]);

  if (url) return <img className="doc-thumb" src={url} alt={decorative ? '' : alt} width={160} height={160} />;
  return (
    <span className="doc-thumb doc-thumb-file" {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': alt })}>
      <span aria-hidden="true">{document.content_type === 'application/pdf' ? t.pdf : t.kinds[document.kind]}</span>
    </span>
  );
}
