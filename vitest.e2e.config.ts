import { defineConfig } from 'vitest/config';

// Browser tests: a real server per test file, driven through Debian's Chromium.
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // A page reload on a busy machine can take longer than the 1 s expect.poll waits by default.
    expect: { poll: { timeout: 15_000 } },
  },
});
