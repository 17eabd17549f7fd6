// bench/speed-goals: every speed goal of issue 12 measured in one run, each printed with its
// measured value, its ratio or bound, and pass/FAIL.
//
//   ./node_modules/.bin/node bench/speed-goals.ts
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres   (default; a scratch database is made and dropped)
//   BENCH_SECONDS=5 (per throughput run)  BENCH_SKIP=drafts,mcp,redis (leave sections out)
//
// Throughput: Prosa (bench/speed-server.ts: the real app, limits and usage headers on) and bare
// Fastify answering the same JSON (bench/bare-fastify.ts), each in its own process, 50 connections,
// the same requests to both (the bare server ignores the client address and key), alternated
// Prosa/bare twice per route so both see the same machine load; ratio = Prosa/bare. Each row also
// prints the servers' CPU per request (from /proc), which a busy load generator moves less.
// PostgreSQL rows are one all-in-one process (`prosa serve`, limits in its memory); the replicas'
// shared store (prosa_rate_windows) is printed beside them for information.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createRateLimits } from '../src/serving/rate-limits/rate-limit-store.ts';
import { sqlWindowStore } from '../src/serving/rate-limits/rate-windows-sql.ts';
import { nextClientIp, startProcess, stopProcess, withScratchDatabase } from './support/processes.ts';
import { compareSideBySide, describeComparison } from './support/side-by-side.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const NODE = process.execPath;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SKIP = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));

interface Goal {
  goal: string;
  measured: string;
  target: string;
  pass: boolean;
}
const goals: Goal[] = [];
const record = (g: Goal) => {
  goals.push(g);
  console.log(`${g.pass ? 'pass' : 'FAIL'}  ${g.goal}: ${g.measured} (goal ${g.target})`);
};
/** A measurement printed beside the goals, not one of them. */
const inform = (what: string, measured: string) => console.log(`info  ${what}: ${measured}`);

async function throughput(dbLabel: string, env: Record<string, string>, informOnly = false): Promise<void> {
  const prosa = await startProcess(ROOT, ['bench/speed-server.ts'], env, /speed server listening on (http:\/\/[\d.:]+) key (\S+)/);
  const [url, key] = [prosa.m[1], prosa.m[2]];
  const routes = [
    { name: 'lookup', path: '/v1/prosa/lookup/17200011', headers: {} as Record<string, string>, perIp: true, target: 0.5 },
    { name: 'deadlines', path: '/v1/prosa/deadlines/17200011', headers: {}, perIp: true, target: 0.5 },
    { name: 'authenticated /api read (GET /api/auth/me, X-API-Key)', path: '/api/auth/me', headers: { 'x-api-key': key }, perIp: false, target: 0.25 },
  ];
  // Each route must answer 200; the bare server answers it with the body Prosa answers it with.
  const bodies: Record<string, string> = {};
  for (const r of routes) {
    const res = await fetch(`${url}${r.path}`, { headers: { ...r.headers, 'x-forwarded-for': nextClientIp() } });
    bodies[r.path] = await res.text();
    if (res.status !== 200) throw new Error(`${r.path}: ${res.status} ${bodies[r.path]}`);
  }
  if (!bodies[routes[0].path].includes('17200011')) throw new Error(`unexpected lookup answer: ${bodies[routes[0].path]}`);
  const bare = await startProcess(ROOT, ['bench/bare-fastify.ts'], { BODIES: JSON.stringify(bodies) }, /bare fastify listening on (http:\/\/[\d.:]+)/);
  try {
    for (const r of routes) {
      const c = await compareSideBySide(
        { pid: prosa.child.pid!, url: `${url}${r.path}` },
        { pid: bare.child.pid!, url: `${bare.m[1]}${r.path}` },
        { seconds: SECONDS, headers: r.headers, perRequestIp: r.perIp },
      );
      const m = describeComparison(c);
      if (informOnly) inform(`${r.name}, ${dbLabel}`, m);
      else record({ goal: `${r.name}, ${dbLabel}`, measured: m, target: `>= ${r.target}x`, pass: c.ratio >= r.target && c.non2xx === 0 });
    }
  } finally {
    await stopProcess(prosa.child);
    await stopProcess(bare.child);
  }
}

/** A scratch database on PG_URL for `fn`; without PostgreSQL the rows that need it are skipped. */
const withScratchPg = <T>(fn: (url: string) => Promise<T>): Promise<T | undefined> =>
  withScratchDatabase(PG_URL, 'prosa_speed', fn, (err) => console.log(`(PostgreSQL at ${PG_URL} unavailable: ${err.message}; PostgreSQL rows skipped)`));

/** Goal 1: statements per request and rows after many distinct subjects, on PostgreSQL. */
async function rateStore(url: string): Promise<void> {
  // The table comes from the migration: run the app's migrations on the scratch database.
  const { openDatabase } = await import('../src/db/connect.ts');
  const { migrateToLatest } = await import('../src/db/migrate.ts');
  const database = await openDatabase({ databaseUrl: url });
  await migrateToLatest(database.db);
  await database.close();
  const pool = new pg.Pool({ connectionString: url, max: 8 });
  let statements = 0;
  let clock = Date.now();
  const limits = await createRateLimits({ store: sqlWindowStore({ query: (t, v) => ((statements += 1), pool.query(t, v)) }), now: () => clock });
  const N = 5000;
  const started = performance.now();
  for (let i = 0; i < N; i++)
    await limits.checkAll([
      { tier: 'authenticated', key: `key:${i}` },
      { tier: 'account', key: `acct:${i}` },
    ]);
  const perCheckMs = (performance.now() - started) / N;
  const rows = await limits.storedWindows();
  clock += 2 * 60_000 + 1000;
  await limits.purgeExpired();
  const after = await limits.storedWindows();
  record({
    goal: 'rate-limit store round trips (key tier + account ceiling, PostgreSQL)',
    measured: `${(statements - 2 - 1) / N} statement(s) per request, ${perCheckMs.toFixed(2)} ms each sequentially`,
    target: '<= 1',
    pass: (statements - 3) / N <= 1,
  });
  record({
    goal: 'rate-limit store bounded',
    measured: `${rows} rows after ${N} distinct keys (a key and an account each: 4 windows), ${after} after the purge 2 min later`,
    target: 'no rows once windows ended',
    pass: after === 0,
  });
  await limits.close();
  await pool.end();
}

/** Goal 5: `prosa --help`, median of 7, beside `node -e 0` (the floor any Node CLI pays). */
function cliHelp(): void {
  const time = (args: string[]) => {
    const xs: number[] = [];
    for (let i = 0; i < 7; i++) {
      const t0 = performance.now();
      const r = spawnSync(NODE, args, { cwd: ROOT });
      if (r.status !== 0) throw new Error(`${args.join(' ')}: ${r.stderr}`);
      xs.push(performance.now() - t0);
    }
    return xs.sort((a, b) => a - b)[3];
  };
  const floor = time(['-e', '0']);
  const help = time(['bin/prosa.js', '--help']);
  const traced = spawnSync(NODE, ['--import', './test/support/module-trace.ts', 'src/main.ts', '--help'], { cwd: ROOT, encoding: 'utf8' });
  const modules = /--- modules loaded: (\d+)/.exec(traced.stderr)?.[1];
  record({
    goal: 'prosa --help',
    measured: `${help.toFixed(0)} ms median (node -e 0: ${floor.toFixed(0)} ms), ${modules} modules loaded`,
    target: '< 300 ms',
    pass: help < 300,
  });
}

/** Goal 6: a fresh embedded start (new data directory) until listening, and RSS once idle. */
async function freshStart(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'prosa-speed-start-'));
  const t0 = performance.now();
  const s = await startProcess(
    ROOT,
    ['bin/prosa.js', 'serve'],
    { PORT: '0', HOST: '127.0.0.1', PROSA_DATA_DIR: dir, LOG_LEVEL: 'warn', BASE_URL: 'http://localhost:8080', DATABASE_URL: '' },
    /listening on (http:\/\/[\d.:]+)/,
  );
  const startMs = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 5000));
  const status = readFileSync(`/proc/${s.child.pid}/status`, 'utf8');
  const rssMb = Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
  await stopProcess(s.child);
  rmSync(dir, { recursive: true, force: true });
  record({
    goal: 'fresh embedded start (new data directory, demo seeded) to listening',
    measured: `${(startMs / 1000).toFixed(2)} s`,
    target: '< 3 s',
    pass: startMs < 3000,
  });
  record({ goal: 'idle RSS, embedded (5 s after start)', measured: `${rssMb.toFixed(0)} MB`, target: '< 300 MB', pass: rssMb < 300 });
}

/** Goal 4: bench/draft-jobs.ts with 10 drafts, the default builders (embedded: child processes), sequential p50. */
function drafts(): void {
  const r = spawnSync(NODE, ['bench/draft-jobs.ts'], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, BENCH_DRAFTS: '10', DATABASE_URL: '' } });
  const line = r.stdout.split('\n').find((l) => l.startsWith('default') && l.includes('sequential'));
  if (!line) throw new Error(`draft-jobs: ${r.stdout}${r.stderr}`);
  const p50 = Number(/p50 (\d+) ms/.exec(line)![1]);
  const accepted = Number(/202 answered p50 (\d+) ms/.exec(line)![1]);
  record({
    goal: 'draft submission to complete, p50 (embedded, the default builder: a child process; sequential)',
    measured: `${p50} ms (202 answered p50 ${accepted} ms)`,
    target: '< 100 ms',
    pass: p50 < 100,
  });
}

/** Goal 7: bench/mcp-overhead.ts (200 samples), the p50 ratios. */
function mcp(): void {
  const r = spawnSync(NODE, ['bench/mcp-overhead.ts'], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, BENCH_SAMPLES: '200', BENCH_SECONDS: '3' } });
  for (const tool of ['lookup_application', 'check_credits']) {
    // A markdown row: | call | direct p50 / p99 | MCP p50 / p99 | p50 ratio | direct req/s | MCP req/s | throughput ratio |
    const cells = r.stdout
      .split('\n')
      .find((l) => l.includes(tool))
      ?.split('|')
      .map((c) => c.trim());
    const ratio = cells ? Number(cells[4]) : NaN;
    record({
      goal: `MCP ${tool} vs the direct call, p50`,
      measured: cells
        ? `${ratio}x (direct ${cells[2]} ms, MCP ${cells[3]} ms p50 / p99; throughput ratio ${cells[7]})`
        : `no output: ${r.stdout.slice(-400)}${r.stderr.slice(-400)}`,
      target: '<= 1.5x',
      pass: ratio <= 1.5,
    });
  }
}

console.log(
  `speed goals (issue 12), Node ${process.version}, ${availableParallelism()} cores, load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
await withScratchPg(rateStore);
cliHelp();
await freshStart();
await throughput('embedded PGlite', { DATABASE_URL: '' });
await withScratchPg((url) => throughput('PostgreSQL (one all-in-one process)', { DATABASE_URL: url }));
await withScratchPg((url) => throughput("PostgreSQL, the replicas' shared store", { DATABASE_URL: url, BENCH_RATE_STORE: 'postgres' }, true));
if (!SKIP.has('redis'))
  await withScratchPg((url) =>
    throughput("PostgreSQL, the replicas' store in Redis (REDIS_URL)", { DATABASE_URL: url, BENCH_RATE_STORE: 'redis' }, true),
  ).catch((err: Error) => console.log(`(Redis rows skipped: ${err.message})`));
if (!SKIP.has('drafts')) drafts();
if (!SKIP.has('mcp')) mcp();
console.log(
  `\n${goals.filter((g) => g.pass).length} of ${goals.length} met; load average at the end ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
console.table(goals.map((g) => ({ goal: g.goal, measured: g.measured, target: g.target, result: g.pass ? 'pass' : 'FAIL' })));
