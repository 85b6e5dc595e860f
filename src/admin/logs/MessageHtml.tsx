/**
 * A logged e-mail's HTML, sanitised. Its own chunk: DOMPurify (some 11 KB gzip) loads when a
 * message is first opened, not with the log page.
 */
import DOMPurify from 'dompurify';
import Box from '@mui/material/Box';

export default function MessageHtml({ html }: { html: string }) {
  return (
    <Box
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, overflowWrap: 'anywhere' }}
      dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(html) }}
    />
  );
}
