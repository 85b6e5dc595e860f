import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * ra-core's router adapter, in the production build, without the hash router it would build
 * outside a router (src/common/shims/ra-router-in-app.ts says why). An upgrade of ra-core that
 * moves the adapter or changes what it offers stops the build instead of passing unnoticed.
 */
export function raRouterInApp(): Plugin {
  const shim = fileURLToPath(new URL('../../src/common/shims/ra-router-in-app.ts', import.meta.url));
  const original = fileURLToPath(new URL('../../node_modules/ra-core/dist/routing/adapters/reactRouterProvider.js', import.meta.url));
  /** The names an adapter object offers: `export const reactRouterProvider = { name, name: value, … }`. */
  const offered = (file: string) => {
    const body = /export const reactRouterProvider(?:: \w+)? = \{([\s\S]*?)\n\};/.exec(readFileSync(file, 'utf8'))?.[1] ?? '';
    return [...body.replace(/\/\/.*$/gm, '').matchAll(/^\s*(\w+)\s*[,:]/gm)].map((match) => match[1]).sort();
  };
  let redirected = false;
  return {
    name: 'ra-router-in-app',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    buildStart() {
      redirected = false;
      const theirs = existsSync(original) ? offered(original) : [];
      const ours = offered(shim);
      if (theirs.length === 0 || theirs.join() !== ours.join()) {
        throw new Error(`ra-router-in-app: ra-core's router adapter offers [${theirs.join(', ')}], the shim [${ours.join(', ')}]`);
      }
    },
    resolveId(source, importer) {
      if (!source.endsWith('/reactRouterProvider.js') || !importer?.includes('/ra-core/dist/routing/')) return null;
      redirected = true;
      return shim;
    },
    buildEnd(error) {
      if (!error && !redirected) throw new Error("ra-router-in-app: the staff build no longer imports ra-core's router adapter where the shim expects it");
    },
  };
}
