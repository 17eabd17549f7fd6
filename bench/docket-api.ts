// bench/docket-api: GET /api/docket with a large docket, the per-entry deadline queries it used
// to make (one pendingAction query per entry) against the batched one (one query for the page),
// side by side in one run, on the same data, with the ratio.
//
//   ./node_modules/.bin/node bench/docket-api.ts      (embedded PGlite in memory; BENCH_APPLICATIONS=1000)
//   DATABASE_URL=postgres://... ./node_modules/.bin/node bench/docket-api.ts   (a scratch PostgreSQL database)
import { openDatabase } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { loadConfig } from '../src/config.ts';
import { buildApp } from '../src/http/app.ts';
import { createRateLimits } from '../src/serving/rate-limits/rate-limit-store.ts';
import { keyringFromSecret } from '../src/auth/keyring.ts';
import { queueHandle } from '../src/jobs/queue-handle.ts';
import { startDraftQueue } from '../src/jobs/queue.ts';
import { accountCreator } from '../src/commands/account-creator.ts';
import { sessionCreator } from '../src/commands/session-creator.ts';
import { docketEntryCreator } from '../src/commands/docket-entry-creator.ts';
import { officeActionRecorder } from '../src/commands/office-action-recorder.ts';
import { SYSTEM_ACTOR } from '../src/commands/actor.ts';
import { listDocket } from '../src/queries/docket.ts';
import { applicationDeadlineFields, applicationsDeadlineFields } from '../src/queries/application-deadlines.ts';
import { todayUtc } from '../src/clock.ts';

const N = Number(process.env.BENCH_APPLICATIONS ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

const database = await openDatabase(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: 'memory://' });
await migrateToLatest(database.db);
const config = loadConfig({
  BASE_URL: 'http://127.0.0.1:1',
  PROSA_DEMO_DATA: 'off',
  LOG_LEVEL: 'silent',
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
});
const rateLimits = await createRateLimits({ connectionString: database.connectionString });
const ctx = {
  config,
  database,
  rateLimits,
  keyring: keyringFromSecret('bench-signing-secret-0123456789abcdef0123456789'),
  queue: queueHandle(() => startDraftQueue(database, { supervise: false })),
};
const app = await buildApp(ctx, { logger: false });

const account = await accountCreator(database.db, SYSTEM_ACTOR, { email: `bench-${Date.now()}@firm.example`, password: 'bench password 123' });
const actor = { ...SYSTEM_ACTOR, accountId: account.id };
const today = todayUtc();
const t0 = performance.now();
for (let i = 0; i < N; i++) {
  const entry = await docketEntryCreator(database.db, actor, {
    accountId: account.id,
    applicationNumber: String(18_500_000 + i),
    clientMatter: `CLIENT-${String(i % 97).padStart(3, '0')}-${i}`,
    application: { invention_title: `Synthetic invention number ${i} for the docket benchmark`, filing_date: '2024-01-15' },
  });
  // Most entries have a pending action (what the docket computes deadlines for).
  if (i % 4 !== 3) {
    const mailed = new Date(Date.parse(`${today}T00:00:00Z`) - (10 + (i % 150)) * 86_400_000).toISOString().slice(0, 10);
    await officeActionRecorder(database.db, actor, {
      accountId: account.id,
      entryId: entry.id,
      documentCode: i % 5 === 0 ? 'CTFR' : 'CTNF',
      mailingDate: mailed,
      today,
    });
  }
}
console.log(`seeded ${N} applications (${N - Math.floor(N / 4)} with a pending action) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
const session = await sessionCreator(database.db, SYSTEM_ACTOR, { memberId: account.id });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function time(fn: () => Promise<unknown>): Promise<number> {
  await fn(); // warm
  const xs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const s = performance.now();
    await fn();
    xs.push(performance.now() - s);
  }
  return median(xs);
}

const items = await listDocket(database.db, account.id);
const ids = items.map((i) => i.application.id);
// Same answers first: the batch must equal the per-entry path entry by entry.
const batched = await applicationsDeadlineFields(database.db, ids, account.id);
for (const id of ids) {
  const one = await applicationDeadlineFields(database.db, id, account.id);
  if (JSON.stringify(one) !== JSON.stringify(batched.get(id))) throw new Error(`batched deadlines differ for ${id}`);
}
const perEntry = await time(() => Promise.all(ids.map((id) => applicationDeadlineFields(database.db, id, account.id))));
const batch = await time(() => applicationsDeadlineFields(database.db, ids, account.id));
const http = await time(async () => {
  const res = await app.inject({ method: 'GET', url: '/api/docket', headers: { cookie: `prosa_session=${session.token}` } });
  if (res.statusCode !== 200 || res.json().entries.length !== N) throw new Error(`GET /api/docket: ${res.statusCode}`);
});
const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(`${db}, ${N} entries, median of ${RUNS}:`);
console.log(`  deadline fields, one query per entry (before): ${perEntry.toFixed(0)} ms`);
console.log(`  deadline fields, one batched query (after):    ${batch.toFixed(0)} ms   (${(perEntry / batch).toFixed(1)}x faster)`);
console.log(`  GET /api/docket end to end (after):            ${http.toFixed(0)} ms`);
await app.close();
await rateLimits.close();
await ctx.queue.stop();
await database.close();
