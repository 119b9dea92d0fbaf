import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Every property runs from one printed seed (TQL_FC_SEED replays it).
    setupFiles: ['test/support/fast-check-seed.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // The PostgreSQL server and PGlite suites start real engines; two workers fit the 2-core machine.
    maxWorkers: 2,
    // Type-level tests: `tsc` over test/types (and what they import); an unmet @ts-expect-error
    // or expectTypeOf fails the run like a failing test.
    typecheck: {
      enabled: true,
      include: ['test/types/**/*.test-d.ts'],
      tsconfig: 'test/types/tsconfig.json',
    },
  },
});
