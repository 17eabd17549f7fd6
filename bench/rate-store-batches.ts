// bench/rate-store-batches: the PostgreSQL rate-limit store's throughput under 50 concurrent
// checks of distinct subjects (as the free lookup sees them), for several batch sizes and
// statements in flight; the first row is one check per statement (the store before batching), and
// one row uses a named (prepared) statement for comparison (the app does not: PgBouncer in
// transaction mode keeps no session state). Prints checks/s and this process's CPU per check.
//
//   ./node_modules/.bin/node bench/rate-store-batches.ts
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres (a scratch database is made and dropped)
import { loadavg } from 'node:os';
import pg from 'pg';
import { openDatabase } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { createRateLimits } from '../src/serving/rate-limits/rate-limit-store.ts';
import { sqlWindowStore, type SqlClient } from '../src/serving/rate-limits/rate-windows-sql.ts';
import { withScratchDatabase } from './support/processes.ts';

const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const N = Number(process.env.BENCH_CHECKS ?? 20000);
console.log(
  `rate-store-batches, ${N} checks, 50 concurrent, load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
await withScratchDatabase(PG_URL, 'prosa_rate_batches', async (url) => {
  const d = await openDatabase({ databaseUrl: url });
  await migrateToLatest(d.db);
  await d.close();
  const pool = new pg.Pool({ connectionString: url, max: 8 });
  pool.on('error', () => {});
  const prepared: SqlClient = { query: (text, values) => pool.query({ name: text.includes('prosa_rate_hits') ? 'rate_hits' : undefined, text, values }) };
  let subject = 0;
  const rows: Array<[number, number, boolean]> = [
    [1, 8, false],
    [64, 1, false],
    [64, 1, true],
    [64, 2, false],
    [32, 4, false],
  ];
  for (const [maxBatch, maxInFlight, named] of rows) {
    const limits = await createRateLimits({ store: sqlWindowStore(named ? prepared : pool, async () => {}, { maxBatch, maxInFlight }) });
    await Promise.all(Array.from({ length: 200 }, () => limits.check('free', `ip:warm-${subject++}`)));
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    let next = 0;
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (next++ < N) await limits.check('free', `ip:${subject++}`);
      }),
    );
    const ms = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    console.log(
      `batch <= ${maxBatch}, ${maxInFlight} in flight, ${named ? 'prepared' : 'plain'}: ${Math.round((N / ms) * 1000)} checks/s, ${((cpu.user + cpu.system) / N).toFixed(1)} us CPU per check here`,
    );
    await limits.close();
  }
  await pool.end();
});
