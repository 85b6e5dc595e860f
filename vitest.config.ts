import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** Server tests that need PostgreSQL: the PostgreSQL pass (TEST_DATABASE_URL) only. */
const POSTGRES_ONLY = ['two-servers', 'watchdog-database', 'session-cache', 'database-outage', 'postgres-backup'];
/**
 * Server tests that never touch the test database (pure code, or a server process on its own
 * embedded database in a temporary DATA_DIR): the PGlite pass only, as the PostgreSQL pass would
 * run them exactly again.
 */
const WITHOUT_TEST_DATABASE = [
  'a11y-statement',
  'config',
  'csv',
  'kid',
  'language',
  'ocr-giro',
  'outbox-files',
  'pdf-fonts',
  'response-schemas',
  'sms',
  'spreadsheet-read',
  'tripletex-client',
  'turns',
  'vipps-recurring',
  'xlsx-package',
  // Steps aside for requests on PGlite's one session; there is nothing to step aside for on PostgreSQL.
  'step-aside',
  // PGlite's own statistics (it runs no autovacuum).
  'analyze-changed',
  'backup',
  'disk-full',
  'member-import-restart',
  'outreach-restart',
  'queue-restart',
  'renewal-restart',
  'watchdog',
];
const files = (names: string[]) => names.map((name) => `tests/server/${name}.test.ts`);

export default defineConfig({
  test: {
    // Vitest's default leaves one core idle; the files wait on databases, child processes and
    // files as much as on the CPU, so two at a time pay off even on a 2-core machine.
    maxWorkers: Math.max(2, availableParallelism()),
    // `--coverage` (on demand; CI leaves it out for time) prints how much of the code the tests ran: a figure to watch, no threshold.
    coverage: {
      provider: 'v8',
      include: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
      reporter: ['text-summary'],
    },
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...files(process.env.TEST_DATABASE_URL ? WITHOUT_TEST_DATABASE : POSTGRES_ONLY)],
          globalSetup: ['tests/server/global-setup.ts'],
          // A worker runs file after file in one process: the server's modules and PGlite's
          // WebAssembly are loaded once per worker, not once per file (40 files: 254 → 134 s). Each
          // file still builds its own app on its own database; no server test mocks a module.
          isolate: false,
          // Bounds for a machine under twice its load, not for speed (speed is measured in bench/):
          // a test that starts the real server as a process waits up to two minutes for its health.
          testTimeout: 150_000,
          hookTimeout: 180_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['tests/ui/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/ui/setup.ts'],
          // A form typed through user-event takes seconds on a machine under load; the bound is for a stuck test.
          testTimeout: 60_000,
        },
      },
    ],
  },
});
