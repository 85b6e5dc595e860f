/**
 * An e-mail as a mail program shows it: its HTML as its own document in a sandboxed frame, with
 * its styles apart from the page's. No script runs and no form is sent from it (no allow-scripts,
 * no allow-forms), and links open in a new tab. Without scripts, being of the page's origin gives
 * the mail nothing; it lets the frame be as tall as the mail, so the page scrolls and the frame
 * does not. Used wherever staff read a mail: a send's preview, a template's preview, the message log.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';

export function MailFrame({ html, title }: { html: string; title: string }) {
  const [height, setHeight] = useState(160);
  const document = `<!doctype html><html lang="nb"><head><meta charset="utf-8"><base target="_blank"><style>body{margin:16px;font-family:Roboto,Helvetica,Arial,sans-serif;line-height:1.5;overflow-wrap:anywhere}img{max-width:100%;height:auto}</style></head><body>${html}</body></html>`;
  return (
    <Box
      component="iframe"
      title={title}
      sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
      referrerPolicy="no-referrer"
      srcDoc={document}
      onLoad={(event) => {
        // The body's end and its margin below: the html element is never shorter than the frame, so it cannot tell.
        const body = (event.currentTarget as HTMLIFrameElement).contentDocument?.body;
        if (body) setHeight(Math.max(80, Math.ceil(body.getBoundingClientRect().bottom) + 16 + 2));
      }}
      sx={{ display: 'block', width: '100%', height, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
    />
  );
}
