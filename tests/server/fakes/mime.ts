/**
 * Reads a raw message as a mail client would: headers (unfolded, encoded words decoded) and the
 * text and HTML parts of a multipart message, with their transfer encoding undone.
 */
export interface ParsedMail {
  headers: Record<string, string>;
  text: string;
  html: string;
}

function splitHead(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

const decodeQuotedPrintable = (text: string): string => {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
};

function decodeBody(body: string, encoding = ''): string {
  if (/quoted-printable/i.test(encoding)) return decodeQuotedPrintable(body);
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** RFC 2047 encoded words ('=?UTF-8?Q?…?=') as text. */
export const decodeWords = (value: string): string =>
  value
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_whole, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    )
    .replace(/\?=\s+=\?/g, '');

export function parseMail(raw: string): ParsedMail {
  const { headers, body } = splitHead(raw);
  const decoded = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, decodeWords(value)]));
  const found = { text: '', html: '' };
  const walk = (partHeaders: Record<string, string>, partBody: string) => {
    const type = partHeaders['content-type'] ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      const pieces = partBody.split(`--${boundary}`).slice(1);
      for (const piece of pieces) {
        if (piece.startsWith('--')) break;
        const inner = splitHead(piece.replace(/^\r?\n/, ''));
        walk(inner.headers, inner.body);
      }
      return;
    }
    const content = decodeBody(partBody, partHeaders['content-transfer-encoding']);
    if (/^text\/html/i.test(type)) found.html += content;
    else if (/^text\/plain/i.test(type)) found.text += content;
  };
  walk(headers, body);
  return { headers: decoded, ...found };
}
