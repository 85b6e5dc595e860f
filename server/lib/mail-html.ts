/**
 * E-mail HTML: what a template may hold, where the server's button goes, and the plain-text part.
 *
 * A mail must not make a request on its own when a mail client shows it: images only as inline
 * data (no remote address), no scripts, frames, forms or style sheets, and inline styles limited
 * to a few properties without url(). Links that carry a secret (a reset or welcome link) are never
 * a placeholder staff can move: the template holds the marker {button} in its text, and the
 * server puts its own link there after everything else has been sanitised.
 */
import { randomBytes } from 'node:crypto';
import { convert, type FormatCallback, type HtmlToTextOptions } from 'html-to-text';
import sanitizeHtml from 'sanitize-html';
import { escapeHtml, RICH_TEXT_OPTIONS } from './html.ts';

/** Where the server places the button; only in the text, never in an attribute. */
export const BUTTON_MARKER = '{button}';
const MARKER_PATTERN = /\{\s*button\s*\}/g;

const INLINE_IMAGE = /^data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]+$/i;

/** Rich text's tags, attributes and schemes, with the button's styles and only inline images. */
const MAIL_OPTIONS: sanitizeHtml.IOptions = {
  ...RICH_TEXT_OPTIONS,
  allowedStyles: {
    '*': {
      ...RICH_TEXT_OPTIONS.allowedStyles?.['*'],
      // What the server's button is drawn with; none of them can name an address.
      'background-color': [/^#[0-9a-f]{3,6}$/i],
      padding: [/^\d{1,2}px( \d{1,2}px){0,3}$/],
      'border-radius': [/^\d{1,2}px$/],
      display: [/^inline-block$/],
      'text-decoration': [/^(none|underline)$/],
      'font-weight': [/^(bold|normal)$/],
    },
  },
  allowedSchemesByTag: { img: ['data'] },
  allowProtocolRelative: false,
  // An image the mail client would fetch from elsewhere is dropped; inline pictures stay.
  exclusiveFilter: (frame) => frame.tag === 'img' && !INLINE_IMAGE.test(frame.attribs.src ?? ''),
};

/** A template's or a mail's HTML, with nothing that loads from elsewhere. */
export const sanitizeMailHtml = (html: string): string => sanitizeHtml(html, MAIL_OPTIONS);

/** Whether the marker stands in the template's text (where the button can go). */
export function buttonInText(html: string): boolean {
  let found = false;
  sanitizeHtml(html, {
    ...MAIL_OPTIONS,
    textFilter: (text) => {
      if (new RegExp(MARKER_PATTERN.source).test(text)) found = true;
      return text;
    },
  });
  return found;
}

/** Whether the marker stands inside a tag (an attribute: a link's address, an image's source). */
export const buttonInAttribute = (html: string): boolean => [html, sanitizeMailHtml(html)].some((text) => /<[^>]*\{\s*button\s*\}[^>]*>/i.test(text));

/** Where the server puts its link to Min side (the welcome and receipt mails); a plain link, no secret. */
export const MIN_SIDE_MARKER = '{min_side}';

/**
 * The link to Min side where the template's text has {min_side} (never inside a tag), or, when
 * it has none, a line of its own at the end: these mails always show the way in.
 */
export function withMinSideLink(html: string, address: string): string {
  const link = `<a href="${escapeHtml(address)}" rel="noopener noreferrer">${escapeHtml(address)}</a>`;
  let placed = false;
  const filled = html.replace(/(^|>)([^<]*)/g, (_whole, close: string, text: string) => {
    if (!text.includes(MIN_SIDE_MARKER)) return close + text;
    placed = true;
    return close + text.replaceAll(MIN_SIDE_MARKER, link);
  });
  return placed ? filled : `${filled}<p>Min side: ${link}</p>`;
}

export interface MailButton {
  label: string;
  href: string;
}

/** The button as the server writes it: a link styled as a button, the address escaped. */
export const buttonHtml = (button: MailButton): string =>
  `<a href="${escapeHtml(button.href)}" rel="noopener noreferrer" style="display:inline-block;padding:12px 20px;background-color:#1f4e79;color:#ffffff;text-decoration:none;border-radius:4px;font-weight:bold">${escapeHtml(button.label)}</a>`;

/**
 * What the markers become until the button is put in: drawn once per process and never shown (every
 * copy is replaced), so no one can type it into a template or a value.
 */
const BUTTON_TOKEN = `mpbtn${randomBytes(16).toString('hex')}`;

/**
 * A template's marked copy (sanitised, with the token for the marker), and whether its values go
 * only into its text: in sanitised HTML every '<' and '>' outside a tag is escaped, so a tag is
 * exactly what stands between them, and a value escaped into the text cannot make one.
 */
interface Marked {
  html: string;
  valuesInTextOnly: boolean;
}

/** The templates last marked, by content: a run's mails share one. */
const marked = new Map<string, Marked>();
const MARKED_KEPT = 64;
const PLACEHOLDER_IN_TAG = /<[^>]*\{\w+\}/;

function markedTemplate(content: string): Marked {
  let template = marked.get(content);
  if (template === undefined) {
    const html = sanitizeHtml(content, { ...MAIL_OPTIONS, textFilter: (text) => text.replace(MARKER_PATTERN, BUTTON_TOKEN) });
    template = { html, valuesInTextOnly: !PLACEHOLDER_IN_TAG.test(html) };
    if (marked.size >= MARKED_KEPT) marked.delete(marked.keys().next().value!);
    marked.set(content, template);
  }
  return template;
}

/**
 * The mail's HTML from a template: the markers in its text become a token no one can type (the
 * template's marked copy is kept for the next mail), `fill` puts in the values (escaped), the
 * result is sanitised, and only then does each token become the button (or nothing, without one).
 * A template whose values all go into its text is sanitised once, when marked: its escaped values
 * cannot add a tag or an attribute, so sanitising the filled copy again would change nothing; one
 * with a value in a tag (an address in a link) is sanitised again after the fill.
 * A template without the marker in its text gets the button at the end, so a mail that needs its
 * link always has it. A string `button` is put in as it is (the logged copy's stand-in for a link
 * it must not keep).
 */
export function renderMailHtml(content: string, fill: (html: string) => string, button: MailButton | string | null): string {
  const template = markedTemplate(content);
  const filled = fill(template.html);
  let html = template.valuesInTextOnly ? filled : sanitizeMailHtml(filled);
  if (!button) return html.replaceAll(BUTTON_TOKEN, '');
  if (!html.includes(BUTTON_TOKEN)) html += `<p>${BUTTON_TOKEN}</p>`;
  return html.replaceAll(BUTTON_TOKEN, typeof button === 'string' ? button : buttonHtml(button));
}

/**
 * A link in the text part: its words, then its full address ('Lag nytt passord: https://…'), or
 * the address alone when the words are the address.
 */
const formatMailLink: FormatCallback = (elem, walk, builder) => {
  const href = String(elem.attribs?.href ?? '');
  const shown = href.replace(/^(mailto|tel):/i, '');
  if (!shown) {
    walk(elem.children, builder);
    return;
  }
  let words = '';
  builder.pushWordTransform((word) => {
    words += word;
    return word;
  });
  walk(elem.children, builder);
  builder.popWordTransform();
  const same = words === shown || words === href;
  if (!same) builder.addInline(words === '' ? shown : `: ${shown}`, { noWordTransform: true });
};

const TEXT_OPTIONS: HtmlToTextOptions = {
  // Long lines stay whole: a wrapped link could not be copied from a text-only client.
  wordwrap: false,
  formatters: { mailLink: formatMailLink },
  selectors: [
    { selector: 'a', format: 'mailLink' },
    // Pictures are inline data: nothing a text reader can use.
    { selector: 'img', format: 'skip' },
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
    { selector: 'h3', options: { uppercase: false } },
    // A table's cells side by side, its rows a line each (the office's list of lapsed members).
    { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
    { selector: 'ul', options: { itemPrefix: '- ' } },
  ],
};

/**
 * The plain-text part, by a maintained converter: paragraphs apart by a blank line, lists
 * numbered or dashed as in the HTML, and every link written out as its full address.
 */
export const mailText = (html: string): string => convert(html, TEXT_OPTIONS).trim();
