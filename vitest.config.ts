import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Test files run in forked workers: PGlite is WASM and heavy (~300 MB per instance). Two on a
// 2-core machine (many files wait on child processes, browsers and queues, so two keep both
// cores busy); one per core beyond that, up to four (three on PostgreSQL, whose default 100
// connections each file's pool of up to 20 shares). PROSA_TEST_WORKERS overrides.
const workers = Number(process.env.PROSA_TEST_WORKERS) || Math.min(process.env.DATABASE_URL ? 3 : 4, Math.max(2, availableParallelism()));
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // *.pg.test.ts exercise what only PostgreSQL has (network connections, separate processes
    // sharing one database): they run in the PostgreSQL pass of the suite (CI runs both).
    exclude: ['**/node_modules/**', ...(process.env.DATABASE_URL ? [] : ['**/*.pg.test.ts'])],
    pool: 'forks',
    maxWorkers: workers,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['test/global-setup.ts'],
  },
});
