import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Min side's build renders with Preact's React layer (preact/compat): the same components, hooks
 * and libraries (wouter, react-hook-form, react-day-picker, qrcode.react) on a renderer of about
 * 5 KB gzip instead of react-dom's 60, which was most of what a phone downloads and runs before
 * Min side's first page. Only the `member` build environment is redirected; the staff app keeps
 * React, which react-admin and MUI need, and the dev server and the UI tests run Min side on React.
 */
export const REACT_TO_PREACT: Readonly<Record<string, string>> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  // preact/compat's createRoot, focusing `autoFocus` elements as React does.
  'react-dom/client': fileURLToPath(new URL('../../src/min-side/preact-client.ts', import.meta.url)),
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
};

export function memberRenderer(): Plugin {
  return {
    name: 'member-renderer',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'member',
    // Resolved as Vite resolves any import (the browser's ES module build of each entry point).
    resolveId(source, importer, options) {
      const target = REACT_TO_PREACT[source];
      return target ? this.resolve(target, importer, { ...options, skipSelf: true }) : null;
    },
  };
}
