// bench/docket-pages: GET /api/docket's first page (limit 50, sorted by next deadline) against the
// whole docket, at BENCH_APPLICATIONS entries (default 10,000), on PGlite and, when DATABASE_URL
// names a scratch PostgreSQL database, on PostgreSQL too, side by side in one run.
//
//   ./node_modules/.bin/node bench/docket-pages.ts
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_docket ./node_modules/.bin/node bench/docket-pages.ts
//
// The docket is seeded by bulk inserts (public applications, three in four with a non-final or
// final action mailed 10 to 160 days ago): the same shape as bench/docket-api.ts, in seconds.
// A host reference (bench/support/host-reference.ts) is printed before and after the runs.
import { randomUUID } from 'node:crypto';
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
import { SYSTEM_ACTOR } from '../src/commands/actor.ts';
import { todayUtc } from '../src/clock.ts';
import { hostReferenceLine } from './support/host-reference.ts';

const N = Number(process.env.BENCH_APPLICATIONS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const BATCH = 1_000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function bench(databaseUrl: string | undefined): Promise<string[]> {
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: 'memory://' });
  await migrateToLatest(database.db);
  const config = loadConfig({
    BASE_URL: 'http://127.0.0.1:1',
    PROSA_DEMO_DATA: 'off',
    LOG_LEVEL: 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  // Limits lifted: one client, many calls, and the limits are not what is measured.
  const lifted = { perMinute: 100_000, perSecond: 10_000 };
  const rateLimits = await createRateLimits({
    connectionString: database.connectionString,
    tiers: { authenticated: lifted, account: lifted, free: lifted, unauthenticated: lifted, signin: lifted },
  });
  const ctx = {
    config,
    database,
    rateLimits,
    keyring: keyringFromSecret('bench-signing-secret-0123456789abcdef0123456789'),
    queue: queueHandle(() => startDraftQueue(database, { supervise: false })),
  };
  const app = await buildApp(ctx, { logger: false });
  const { db } = database;

  const account = await accountCreator(db, SYSTEM_ACTOR, { email: `bench-${Date.now()}@firm.example`, password: 'bench password 123' });
  const today = Date.parse(`${todayUtc()}T00:00:00Z`);
  const base = 30_000_000 + Math.floor(Math.random() * 60_000_000);
  const t0 = performance.now();
  for (let start = 0; start < N; start += BATCH) {
    const apps = [];
    const papers = [];
    const entries = [];
    for (let i = start; i < Math.min(N, start + BATCH); i++) {
      const id = randomUUID();
      apps.push({
        id,
        application_number: String(base + i),
        owner_account_id: null,
        invention_title: `Synthetic invention number ${i} for the docket benchmark`,
        status: 'pending',
        source: 'odp',
        entity_status: 'SMALL',
      });
      if (i % 4 !== 3)
        papers.push({
          id: randomUUID(),
          application_id: id,
          document_code: i % 5 === 0 ? 'CTFR' : 'CTNF',
          description: 'Rejection',
          mailing_date: new Date(today - (10 + (i % 150)) * 86_400_000).toISOString().slice(0, 10),
          period_months: 3,
          source: 'odp',
        });
      entries.push({ id: randomUUID(), account_id: account.id, application_id: id, client_matter: `CLIENT-${String(i % 97).padStart(3, '0')}-${i}` });
    }
    await db.insertInto('applications').values(apps).execute();
    await db.insertInto('correspondence').values(papers).execute();
    await db.insertInto('docket_entries').values(entries).execute();
  }
  const seeded = (performance.now() - t0) / 1000;
  const session = await sessionCreator(db, SYSTEM_ACTOR, { memberId: account.id });
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: { cookie: `prosa_session=${session.token}` } });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return res;
  };
  // Wall time (median) and this process's CPU per request (mean; the database runs in-process on
  // PGlite, so its CPU counts too; on PostgreSQL the server's CPU is not included).
  async function time(url: string, before?: () => Promise<unknown>): Promise<{ ms: number; cpuMs: number; bytes: number }> {
    await get(url); // warm
    const xs: number[] = [];
    let bytes = 0;
    let cpu = 0;
    for (let i = 0; i < RUNS; i++) {
      await before?.();
      const s = performance.now();
      const c = process.cpuUsage();
      bytes = (await get(url)).rawPayload.length;
      const used = process.cpuUsage(c);
      xs.push(performance.now() - s);
      cpu += (used.user + used.system) / 1000;
    }
    return { ms: median(xs), cpuMs: cpu / RUNS, bytes };
  }
  // Every key starts stale: the first sorted read computes all N once.
  const s = performance.now();
  await get('/api/docket?limit=50');
  const firstEver = performance.now() - s;
  // Pages first: the whole docket's 7 MB answers leave a large heap behind for the next reads.
  const page = await time('/api/docket?limit=50');
  // A write between reads: one entry's key goes stale and the page recomputes it.
  const someEntry = await db.selectFrom('docket_entries').select('id').where('account_id', '=', account.id).executeTakeFirstOrThrow();
  let flip = false;
  const afterWrite = await time('/api/docket?limit=50', async () => {
    flip = !flip;
    await db
      .updateTable('docket_entries')
      .set({ entity_size: flip ? 'micro' : null })
      .where('id', '=', someEntry.id)
      .execute();
  });
  const first = JSON.parse((await get('/api/docket?limit=50')).body) as { next_cursor: string };
  const second = await time(`/api/docket?limit=50&cursor=${encodeURIComponent(first.next_cursor)}`);
  const searched = await time('/api/docket?limit=50&q=CLIENT-042');
  const whole = await time('/api/docket');
  await app.close();
  await rateLimits.close();
  await ctx.queue.stop();
  await database.close();
  const kb = (b: number) => `${(b / 1024).toFixed(0)} KB`;
  return [
    `${databaseUrl ? 'PostgreSQL' : 'PGlite'}: ${N} entries seeded in ${seeded.toFixed(1)} s; median of ${RUNS}`,
    `  whole docket (no limit):                      ${whole.ms.toFixed(0)} ms, ${kb(whole.bytes)}`,
    `  first page (limit 50, next_deadline):         ${page.ms.toFixed(1)} ms (CPU ${page.cpuMs.toFixed(1)} ms), ${kb(page.bytes)}   (${(whole.ms / page.ms).toFixed(0)}x faster)`,
    `  first page after a write (1 stale key):       ${afterWrite.ms.toFixed(1)} ms (CPU ${afterWrite.cpuMs.toFixed(1)} ms)`,
    `  second page (cursor):                         ${second.ms.toFixed(1)} ms (CPU ${second.cpuMs.toFixed(1)} ms)`,
    `  first page searched (q=CLIENT-042):           ${searched.ms.toFixed(1)} ms (CPU ${searched.cpuMs.toFixed(1)} ms)`,
    `  first sorted read ever (computes ${N} keys):  ${firstEver.toFixed(0)} ms (once, after migration 035 or a bulk import)`,
  ];
}

const before = hostReferenceLine('start');
const lines = [before, ...(await bench(undefined)), ...(process.env.DATABASE_URL ? await bench(process.env.DATABASE_URL) : [])];
console.log([...lines, hostReferenceLine('end')].join('\n'));
