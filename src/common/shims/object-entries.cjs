/* global module */
// The `object.entries` package (node-polyglot's, for old browsers) as the browser's own
// Object.entries: its polyfill machinery (get-intrinsic and a dozen helpers) weighed some 5 KB
// gzip in every staff page's first load. vite.config.ts aliases the package to this file.
'use strict';
module.exports = function entries(object) {
  return Object.entries(object);
};
