// react-admin reads and writes a list's place in the address (?filter=…&page=2&sort=…) with
// query-string's `parse` and `stringify` at their defaults; query-string and the two packages it
// brings cost every staff list page some 4 KB gzip. vite.config.ts gives the staff build this file
// instead: the same two functions with the same defaults (keys sorted, strict percent-encoding, a
// repeated key read as a list, a key without '=' as null, a value undecodable in part kept as
// written), built on the platform's encodeURIComponent. tests/ui/query-string-shim.test.ts holds
// both against query-string itself.

type Value = string | null;
type Parsed = Record<string, Value | Value[]>;

/** What `encodeURIComponent` leaves and RFC 3986 reserves: query-string's `strict` encodes them too. */
const encode = (value: unknown): string =>
  encodeURIComponent(String(value)).replace(/[!'()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);

/** Each run of percent-escapes decoded where it is valid UTF-8, the rest kept as written. */
function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
}

export function parse(query: unknown): Parsed {
  const found: Parsed = Object.create(null) as Parsed;
  if (typeof query !== 'string') return found;
  for (const param of query
    .trim()
    .replace(/^[?#&]/, '')
    .split('&')) {
    if (param === '') continue;
    const plain = param.replace(/\+/g, ' ');
    const at = plain.indexOf('=');
    const key = decode(at === -1 ? plain : plain.slice(0, at));
    const value = at === -1 ? null : decode(plain.slice(at + 1));
    const before = found[key];
    found[key] = before === undefined ? value : ([] as Value[]).concat(before, value);
  }
  const sorted: Parsed = Object.create(null) as Parsed;
  for (const key of Object.keys(found).sort()) sorted[key] = found[key];
  return sorted;
}

export function stringify(object: Record<string, unknown> | null | undefined): string {
  if (!object) return '';
  return Object.keys(object)
    .sort()
    .map((key) => {
      const value = object[key];
      if (value === undefined) return '';
      if (value === null) return encode(key);
      if (Array.isArray(value)) {
        return value
          .filter((item) => item !== undefined)
          .map((item) => (item === null ? encode(key) : `${encode(key)}=${encode(item)}`))
          .join('&');
      }
      return `${encode(key)}=${encode(value)}`;
    })
    .filter((part) => part.length > 0)
    .join('&');
}
