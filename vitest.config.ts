import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    // `--coverage` (CI passes it) prints how much of the code the tests ran: a figure to watch, no threshold.
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
          // Real server processes on PostgreSQL: run in the PostgreSQL pass (TEST_DATABASE_URL) only.
          exclude: [
            ...configDefaults.exclude,
            ...(process.env.TEST_DATABASE_URL ? [] : ['tests/server/two-servers.test.ts', 'tests/server/watchdog-database.test.ts', 'tests/server/session-cache.test.ts']),
          ],
          globalSetup: ['tests/server/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['tests/ui/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/ui/setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
