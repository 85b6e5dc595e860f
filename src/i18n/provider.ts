/**
 * A translation provider with the behaviour react-admin's polyglot one has for our two languages:
 * nested catalogues read by dotted keys, `%{name}` filled in, `smart_count` choosing between
 * 'one |||| many', and `_` as the text for a key the catalogue lacks. It is a few lines instead
 * of node-polyglot and its shims, which the staff app's first load carried.
 */
import type { I18nProvider, TranslationMessages } from 'react-admin';

type Catalogue = Record<string, string>;
type Options = Record<string, unknown> & { _?: unknown; smart_count?: unknown };

function flatten(messages: object, prefix = '', into: Catalogue = {}): Catalogue {
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') into[path] = value;
    else if (value && typeof value === 'object') flatten(value, path, into);
  }
  return into;
}

/** Bokmål and English both have one form for 1 and another for every other count. */
function fill(phrase: string, options: Options): string {
  let text = phrase;
  if (options.smart_count != null && text) {
    const forms = text.split('||||');
    text = (forms[options.smart_count !== 1 ? 1 : 0] ?? forms[0]).trim();
  }
  return text.replace(/%\{(.*?)\}/g, (token, name: string) =>
    Object.hasOwn(options, name) && options[name] != null ? String(options[name]) : token,
  );
}

export function createI18nProvider(
  getMessages: (locale: string) => TranslationMessages | Promise<TranslationMessages>,
  initialLocale: string,
  locales: { locale: string; name: string }[],
  { allowMissing = false }: { allowMissing?: boolean } = {},
): I18nProvider {
  let locale = initialLocale;
  // As polyglot: the empty key is an empty text, not a missing one.
  let phrases = flatten(getMessages(initialLocale) as TranslationMessages, '', { '': '' });
  return {
    translate(key: string, options: Options = {}) {
      const phrase = phrases[key] ?? (typeof options._ === 'string' ? options._ : undefined);
      if (phrase !== undefined) return fill(phrase, options);
      if (allowMissing) return fill(key, options);
      console.error(`Warning: Missing translation for key: "${key}"`);
      return key;
    },
    async changeLocale(next: string) {
      const messages = await getMessages(next);
      locale = next;
      phrases = flatten(messages, '', { '': '' });
    },
    getLocale: () => locale,
    getLocales: () => locales,
  };
}
