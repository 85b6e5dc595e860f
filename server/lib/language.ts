/**
 * The two languages the server answers a member in. Norwegian is the default: a request gets
 * English only when its Accept-Language puts English first (Min side sends its own language with
 * every request). Messages are written in Norwegian where they arise; a catalogue pairs each with
 * its English, and the answer is put into English on its way out (plugins/language.ts).
 */

export type Language = 'nb' | 'en';

/** One message in both languages; `{name}` marks a value filled in when the message is made. */
export interface Text {
  readonly nb: string;
  readonly en: string;
}

/** A catalogue: every message of an area by its id, so an English text cannot be missing. */
export type Catalogue<Id extends string = string> = Readonly<Record<Id, Text>>;

/** The language of the highest-weighted tag: 'en' for English in any region, 'nb' for anything else. */
export function languageOf(header: string | string[] | undefined): Language {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  let best: { tag: string; weight: number } | null = null;
  for (const part of value.split(',')) {
    const [tag, ...parameters] = part.trim().toLowerCase().split(';');
    if (!tag) continue;
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    if (!Number.isFinite(weight) || weight <= 0) continue;
    if (!best || weight > best.weight) best = { tag, weight };
  }
  return best && (best.tag === 'en' || best.tag.startsWith('en-')) ? 'en' : 'nb';
}

/** A message with its values filled in: `fill('Prøv igjen om {seconds} sekunder.', { seconds: 5 })`. */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** A catalogue's Norwegian texts by id, as the code that writes the messages uses them. */
export function norwegian<Id extends string>(catalogue: Catalogue<Id>): Readonly<Record<Id, string>> {
  return Object.fromEntries(Object.entries<Text>(catalogue).map(([id, text]) => [id, text.nb])) as Record<Id, string>;
}

/** Pairs two lists of texts kept side by side (the shared form rules', which the browsers bundle). */
export function paired<Id extends string>(nb: Readonly<Record<Id, string>>, en: Readonly<Record<Id, string>>): Catalogue<Id> {
  return Object.fromEntries(Object.keys(nb).map((id) => [id, { nb: nb[id as Id], en: en[id as Id] }])) as Record<Id, Text>;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Template {
  pattern: RegExp;
  names: string[];
  en: string;
  literal: number;
}

function templateOf(text: Text): Template {
  const names: string[] = [];
  const parts = text.nb.split(/\{(\w+)\}/);
  const source = parts.map((part, index) => (index % 2 === 1 ? (names.push(part), '(.+?)') : escapeRegExp(part))).join('');
  const literal = parts.filter((_, index) => index % 2 === 0).join('').length;
  return { pattern: new RegExp(`^${source}$`, 's'), names, en: text.en, literal };
}

/**
 * Puts a Norwegian message into English by the catalogues: an exact text, or a text with values
 * (the values themselves translated when they are messages, as in '{first} (og {more} feil til)').
 * A message no catalogue holds stays as it is.
 */
export function englishTranslator(catalogues: readonly Catalogue[]): (message: string) => string {
  const exact = new Map<string, string>();
  const templates: Template[] = [];
  for (const catalogue of catalogues) {
    for (const text of Object.values<Text>(catalogue)) {
      if (/\{\w+\}/.test(text.nb)) templates.push(templateOf(text));
      else exact.set(text.nb, text.en);
    }
  }
  // The most specific first: 'Må være minst {limit} tegn' before 'Må være minst {limit}'.
  templates.sort((a, b) => b.literal - a.literal);
  const translate = (message: string, depth: number): string => {
    const known = exact.get(message);
    if (known !== undefined) return known;
    if (depth > 2) return message;
    for (const template of templates) {
      const match = template.pattern.exec(message);
      if (!match) continue;
      const values = Object.fromEntries(template.names.map((name, index) => [name, translate(match[index + 1], depth + 1)]));
      return fill(template.en, values);
    }
    return message;
  };
  return (message) => translate(message, 0);
}
