// bench/auth-read: issue 12's authenticated /api read goal on its own (the third throughput row of
// bench/speed-goals.ts, without the other sections): GET /api/auth/me with X-API-Key against the
// real app (bench/speed-server.ts: limits and usage headers on) and bare Fastify answering the
// same JSON, each in its own process, 50 connections, alternated twice; ratio = Prosa/bare.
//
//   ./node_modules/.bin/node bench/auth-read.ts
//   BENCH_SECONDS=5  BENCH_DB=embedded,pg,pg-replicas,pg-redis  BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres
//
// pg: one all-in-one process on PostgreSQL (`prosa serve`: limits in its memory, rate-limits-for.ts);
// pg-replicas: the store role-split replicas share (prosa_rate_windows, one batched statement per
// request); pg-redis: theirs when REDIS_URL is set (Redis on 127.0.0.1:6379). Both servers get the
// same requests (the bare one ignores the key).
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { startProcess, stopProcess, withScratchDatabase } from './support/processes.ts';
import { compareSideBySide, describeComparison } from './support/side-by-side.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DBS = new Set((process.env.BENCH_DB ?? 'embedded,pg,pg-replicas,pg-redis').split(','));
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

async function measure(label: string, env: Record<string, string>): Promise<void> {
  const prosa = await startProcess(ROOT, ['bench/speed-server.ts'], env, /speed server listening on (http:\/\/[\d.:]+) key (\S+)/);
  const [url, key] = [prosa.m[1], prosa.m[2]];
  const headers = { 'x-api-key': key };
  const check = await fetch(`${url}/api/auth/me`, { headers });
  const body = await check.text();
  if (check.status !== 200) throw new Error(`${check.status} ${body}`);
  const bare = await startProcess(ROOT, ['bench/bare-fastify.ts'], { BODY: body }, /bare fastify listening on (http:\/\/[\d.:]+)/);
  try {
    const c = await compareSideBySide(
      { pid: prosa.child.pid!, url: `${url}/api/auth/me` },
      { pid: bare.child.pid!, url: `${bare.m[1]}/api/auth/me` },
      { seconds: SECONDS, headers },
    );
    console.log(`${label}: ${describeComparison(c)} (goal >= 0.25x); load ${load()}`);
  } finally {
    await stopProcess(prosa.child);
    await stopProcess(bare.child);
  }
}

console.log(`authenticated /api read, ${SECONDS} s runs, load average ${load()}`);
if (DBS.has('embedded')) await measure('embedded PGlite', { DATABASE_URL: '' });
for (const [variant, label, env] of [
  ['pg', 'PostgreSQL, one all-in-one process', {}],
  ['pg-replicas', "PostgreSQL, the replicas' shared store (information)", { BENCH_RATE_STORE: 'postgres' }],
  ['pg-redis', "PostgreSQL, the replicas' store in Redis (information)", { BENCH_RATE_STORE: 'redis' }],
] as const) {
  if (DBS.has(variant)) await withScratchDatabase(PG_URL, 'prosa_auth', (url) => measure(label, { DATABASE_URL: url, ...env }));
}
