/**
 * Bokmål messages that travel with the pages using them instead of with every page's first load.
 * A page's module imports its area's `<area>-pages-nb.ts`, which adds its messages here as the
 * module is evaluated, before the page renders; the provider (../index.ts) looks a key up here
 * when the first-load catalogue lacks it. English loads whole when someone switches to it.
 */
type Tree = { readonly [key: string]: Tree | string };

const phrases = new Map<string, string>();

/** Adds a message tree under `prefix` ('app.settings'), each leaf as its dotted key. */
export function addLatePhrases(prefix: string, tree: Tree): void {
  for (const [key, value] of Object.entries(tree)) {
    const path = `${prefix}.${key}`;
    if (typeof value === 'string') phrases.set(path, value);
    else addLatePhrases(path, value);
  }
}

/** The bokmål message of `key` that a page's module added, if one did. */
export const latePhrase = (key: string): string | undefined => phrases.get(key);

/** Every message added so far, by key (the catalogue tests read it). */
export const latePhrases = (): ReadonlyMap<string, string> => phrases;
