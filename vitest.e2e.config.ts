import { defineConfig } from 'vitest/config';

// Browser tests: a real server per test file, driven through Debian's Chromium.
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    // Each file has its own server, database copy and Chromium: two files at a time, since a
    // browser test waits on rendering and the network more than it computes.
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // A page reload on a busy machine can take longer than the 1 s expect.poll waits by default.
    expect: { poll: { timeout: 15_000 } },
  },
});
