import { defineConfig } from 'vitest/config';

/**
 * API tests: the real server over real HTTP, in Node, against PGlite and a throwaway PostgreSQL
 * cluster (started by the global setup). Files run one after another: each holds a database.
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: 'node',
    include: ['tests/api/**/*.test.ts'],
    globalSetup: ['./tests/api/support/globalSetup.ts'],
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
