/* global module */
/**
 * `npm run lint` runs this (`npm run lint:deps`): no import cycle in server/ or src/, type-only
 * imports included, and on the server imports run downward only (docs/ARCHITECTURE.md):
 *   app.ts, serve.ts, main.ts, scripts/, demo/  →  routes/, plugins/, jobs/  →  domain/
 *   →  adapters/, schemas/, db/, lib/
 */
const TOP = '^server/(app|serve|main|lifecycle)[.]ts$|^server/(scripts|demo)/';
const ABOVE_DOMAIN = `${TOP}|^server/(routes|plugins|jobs)/`;

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Two modules import each other, directly or round a loop (type-only imports count).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-imports-upward',
      comment: 'domain/ must not import routes/, plugins/, jobs/ or the app: declare the shared type in domain/ (or lower).',
      severity: 'error',
      from: { path: '^server/domain/' },
      to: { path: ABOVE_DOMAIN },
    },
    {
      name: 'jobs-imports-upward',
      comment: 'jobs/ must not import routes/, plugins/ or the app.',
      severity: 'error',
      from: { path: '^server/jobs/' },
      to: { path: `${TOP}|^server/(routes|plugins)/` },
    },
    {
      name: 'plugins-import-routes',
      comment: 'plugins/ must not import routes/ or the app.',
      severity: 'error',
      from: { path: '^server/plugins/' },
      to: { path: `${TOP}|^server/routes/` },
    },
    {
      name: 'routes-import-app',
      comment: 'routes/ must not import the app, scripts/ or demo/.',
      severity: 'error',
      from: { path: '^server/routes/' },
      to: { path: TOP },
    },
    {
      name: 'lower-layer-imports-upward',
      comment: 'adapters/, schemas/, db/ and lib/ must not import domain/ or anything above it.',
      severity: 'error',
      from: { path: '^server/(adapters|schemas|db|lib)/' },
      to: { path: `${ABOVE_DOMAIN}|^server/domain/` },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
  },
};
