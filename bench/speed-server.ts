// The Prosa side of bench/speed-goals.ts, in its own process (the load generator must not share
// its event loop): the real app (routing, auth, rate limits, usage headers, zod serialization) on
// the embedded database in a fresh data directory, or on the PostgreSQL database in DATABASE_URL,
// with the demo data. Rate limits are ON with the spec's figures for the free tier (each bench
// request carries its own client address through X-Forwarded-For from the trusted loopback proxy,
// so the limiter works on every request but is not tripped); the per-key and account tiers are
// checked on every request too, with figures raised so one key can be measured for seconds.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { buildApp } from '../src/http/app.ts';
import { createRateLimits } from '../src/serving/rate-limits/rate-limit-store.ts';
import { rateLimitStoreFor } from '../src/serving/rate-limits/rate-limits-for.ts';
import { createRedisRateLimits } from '../src/serving/rate-limits/rate-limit-redis.ts';
import { keyringFromSecret } from '../src/auth/keyring.ts';
import { startDraftQueue } from '../src/jobs/queue.ts';
import { queueHandle } from '../src/jobs/queue-handle.ts';
import { seedDemoData } from '../src/sources/demo/demo-seeder.ts';
import { todayUtc } from '../src/clock.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'prosa-speed-'));
const config = loadConfig({
  BASE_URL: 'http://localhost:8080',
  PROSA_DEMO_DATA: 'off',
  LOG_LEVEL: 'warn',
  TRUSTED_PROXIES: '127.0.0.1',
  PROSA_DATA_DIR: dataDir,
});
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: config.dataDir });
await migrateToLatest(database.db);
const demo = await seedDemoData(database.db, todayUtc());
const raised = { perMinute: 10_000_000, perSecond: 1_000_000 };
// The store `prosa serve` (one all-in-one process) picks: memory, on both databases
// (src/serving/rate-limits/rate-limits-for.ts). BENCH_RATE_STORE=postgres: the store role-split replicas
// share, to show what the shared limiter's statement costs (bench/lookup-ratio.ts, auth-read.ts).
// BENCH_RATE_STORE=redis (with BENCH_REDIS_URL, default redis://127.0.0.1:6379/0): the replicas'
// store when REDIS_URL is set, under a key prefix of its own.
const asked = process.env.BENCH_RATE_STORE;
const storeKind = asked === 'postgres' || asked === 'redis' ? asked : rateLimitStoreFor(config, database, false);
const rateStoreUrl = storeKind === 'postgres' ? database.connectionString : undefined;
const tiers = { authenticated: raised, account: raised };
const rateLimits =
  storeKind === 'redis'
    ? await createRedisRateLimits({ url: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/0', tiers, prefix: `prosa:bench:${process.pid}:` })
    : await createRateLimits({ connectionString: rateStoreUrl, tiers });
const keyring = keyringFromSecret('speed-bench-signing-secret-0123456789abcdef');
const queue = queueHandle(() => startDraftQueue(database, { supervise: false }));
const app = await buildApp({ config, database, rateLimits, keyring, queue }, { logger: false, mcp: false, webApp: false });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`speed server listening on ${address} key ${demo?.apiKey} rate store ${storeKind}\n`);
process.once(
  'SIGTERM',
  () =>
    void (async () => {
      await app.close();
      await queue.stop();
      await rateLimits.close();
      await database.close();
      process.exit(0);
    })(),
);
