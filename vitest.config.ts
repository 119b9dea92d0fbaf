import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // The PostgreSQL server and PGlite suites start real engines; two workers fit the 2-core machine.
    maxWorkers: 2,
  },
});
