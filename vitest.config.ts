import { defineConfig } from 'vitest/config';

// Test files run in forked workers: PGlite is WASM and heavy (~300 MB per instance),
// so we cap parallelism for the 2-core CI machine.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // *.pg.test.ts exercise what only PostgreSQL has (network connections, separate processes
    // sharing one database): they run in the PostgreSQL pass of the suite (CI runs both).
    exclude: ['**/node_modules/**', ...(process.env.DATABASE_URL ? [] : ['**/*.pg.test.ts'])],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['test/global-setup.ts'],
  },
});
