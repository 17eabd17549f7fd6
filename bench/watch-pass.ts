// bench/watch-pass: one USPTO watch pass over BENCH_APPLICATIONS (10,000) docketed applications
// against the Open Data Portal replay running in a separate process (bench/support/
// watch-replay-server.ts, the real documents list of 17248024 for every number). Two passes:
// the first sees each application for the first time (its three old outgoing papers are
// recorded quietly); the second runs after one application in NEW_EVERY (100) got a new CTNF
// (list, PDF download, text extraction, deadlines, one docket event). Prints requests made,
// seconds and the process's peak RSS for each. Pacing is off (PROSA_WATCH_REQUEST_INTERVAL_MS=0):
// at the default 250 ms the ODP's pacing, not Prosa, sets the time (10,000 lists: 42 minutes).
//
//   ./node_modules/.bin/node bench/watch-pass.ts                 (embedded PGlite in memory)
//   DATABASE_URL=postgres://... ./node_modules/.bin/node bench/watch-pass.ts   (a scratch database)
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { openDatabase } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { createOdpClient } from '../src/sources/odp/odp-client.ts';
import { runWatchPass } from '../src/commands/watch/watch-pass.ts';
import { closeExtractionService } from '../src/extraction/extract.ts';
import { newId } from '../src/auth/secrets.ts';

const N = Number(process.env.BENCH_APPLICATIONS ?? 10_000);
const TODAY = '2026-11-27';

const replay = fork(fileURLToPath(new URL('./support/watch-replay-server.ts', import.meta.url)), [], {
  env: { ...process.env, BENCH_APPLICATIONS: String(N) },
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const ask = <T>(m: string) =>
  new Promise<T>((resolve) => {
    replay.once('message', (r) => resolve(r as T));
    if (m) replay.send(m);
  });
const { url } = await ask<{ url: string }>('');

const database = await openDatabase(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: 'memory://' });
await migrateToLatest(database.db);
const { db } = database;

// Seed: one account (and a second on every tenth application), N pending public applications, their docket entries.
let t = performance.now();
const accounts = [newId(), newId()];
await db
  .insertInto('accounts')
  .values(
    accounts.map((id, i) => ({
      id,
      email: `watch-bench-${i}-${id}@firm.example`,
      email_normalized: `watch-bench-${i}-${id}@firm.example`,
      password_hash: null,
      display_name: null,
      firm_name: null,
    })),
  )
  .execute();
for (let i = 0; i < N; i += 1000) {
  const apps = Array.from({ length: Math.min(1000, N - i) }, (_, k) => ({
    id: newId(),
    application_number: String(17_000_000 + i + k),
    owner_account_id: null,
    invention_title: 'Benchmark application',
    status: 'pending',
    source: 'odp',
  }));
  await db.insertInto('applications').values(apps).execute();
  const entries = apps.flatMap((a, k) => [
    { id: newId(), account_id: accounts[0], application_id: a.id },
    ...((i + k) % 10 === 0 ? [{ id: newId(), account_id: accounts[1], application_id: a.id }] : []),
  ]);
  await db.insertInto('docket_entries').values(entries).execute();
}
console.log(`seeded ${N} docketed applications in ${((performance.now() - t) / 1000).toFixed(1)} s`);

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50);

async function pass(label: string): Promise<void> {
  let sent = 0;
  const client = createOdpClient({
    apiKey: 'test-key',
    baseUrl: url,
    onRequest: () => {
      sent += 1;
    },
  });
  peakRss = process.memoryUsage().rss;
  const before = (await ask<{ requests: number }>('stats')).requests;
  t = performance.now();
  const { run } = await runWatchPass({ db, client, requests: () => sent }, { today: TODAY, trigger: 'cli' });
  const seconds = (performance.now() - t) / 1000;
  const served = (await ask<{ requests: number }>('stats')).requests - before;
  console.log(
    `${label}: ${run.applications_checked}/${run.applications_due} applications, ${run.requests_made} requests made (replay served ${served}), ` +
      `${run.papers_recorded} papers recorded (${run.papers_announced} announced, ${run.events_written} events), ${seconds.toFixed(1)} s, ` +
      `${(run.applications_checked / seconds).toFixed(0)} applications/s, peak RSS ${(peakRss / 2 ** 20).toFixed(0)} MB`,
  );
}

await pass('first pass');
await ask('new-papers');
await pass(`second pass (a new CTNF on 1 application in ${process.env.NEW_EVERY ?? 100})`);
clearInterval(sampler);
const counts = await db.selectFrom('docket_events').select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow();
console.log(`docket events: ${counts.n}; process maxRSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB (database ${database.kind})`);
await closeExtractionService();
await database.close();
replay.send('stop');
