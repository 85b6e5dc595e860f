// react-admin makes a label from a field's or a resource's name with inflection's English rules
// when no message names it (getFieldLabelTranslationArgs, useGetResourceLabel, the guessers); every
// label here is a message, so those rules are only a fallback, and inflection's full tables cost
// every staff page some 5 KB gzip. vite.config.ts gives the staff build this file instead: the
// functions react-admin imports, with the regular English rules. tests/ui/inflection-shim.test.ts
// holds them against inflection itself for the app's resources and fields.

/** 'firstName' or 'first-name' → 'first_name'. */
export function underscore(text: string): string {
  return text
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/([a-z\d])([A-Z])/g, '$1_$2')
    .replace(/-/g, '_')
    .toLowerCase();
}

/** 'first name' → 'First name'. */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1).toLowerCase();
}

/** 'member_id' → 'Member', 'first_name' → 'First name'. */
export function humanize(text: string, lowFirstLetter = false): string {
  const words = text.toLowerCase().replace(/_id$/, '').replace(/_/g, ' ');
  return lowFirstLetter ? words : capitalize(words);
}

/** Endings of a word that is singular already. */
const SINGULAR_ENDS = /(ss|us|is|news)$/i;

export function pluralize(word: string): string {
  // Already plural: as inflection, left as it is.
  if (/[^su]s$/i.test(word)) return word;
  if (/[^aeiou]y$/i.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/i.test(word)) return `${word}es`;
  return `${word}s`;
}

export function singularize(word: string): string {
  if (SINGULAR_ENDS.test(word)) return word;
  if (/[^aeiou]ies$/i.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ss|x|z|ch|sh|us)es$/i.test(word)) return word.slice(0, -2);
  if (/s$/i.test(word)) return word.slice(0, -1);
  return word;
}

export function inflect(word: string, count: number): string {
  return count === 1 ? singularize(word) : pluralize(word);
}

const STEPS = { underscore, capitalize, humanize, pluralize, singularize } as const;

/** The named steps in turn: transform('firstName', ['underscore', 'humanize']) → 'First name'. */
export function transform(text: string, steps: string[]): string {
  return steps.reduce((result, step) => (step in STEPS ? STEPS[step as keyof typeof STEPS](result) : result), text);
}
