// bench/lookup-ratio: the lookup and deadlines rows of bench/speed-goals.ts alone, to iterate on
// the free public path (issue 12 goal: >= 0.5x bare Fastify on both databases). Same method:
// bench/speed-server.ts (the real app, rate limits and headers on, a new client address per
// request through X-Forwarded-For) beside bench/bare-fastify.ts answering the same body, each in
// its own process, 50 connections, alternated Prosa/bare twice per route. Both get the same
// requests (the bare server ignores the address): a load generator that changes a header per
// request does more work, and giving that work to one side only skewed the ratio.
//
//   ./node_modules/.bin/node bench/lookup-ratio.ts
//   BENCH_DB=embedded|postgres|replicas|redis|all (default embedded,postgres; replicas: the store
//   role-split replicas share, BENCH_RATE_STORE=postgres; redis: theirs with REDIS_URL)  BENCH_ROUTES=lookup,deadlines  BENCH_SECONDS=5
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres (a scratch database is made and dropped)
//   BENCH_ROOT=/path/to/other/checkout: its bench/speed-server.ts instead of this one's
//   BENCH_PROFILE=1: the Prosa process writes a CPU profile (--cpu-prof) to bench/out/profiles/
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { nextClientIp, startProcess, stopProcess, withScratchDatabase } from './support/processes.ts';
import { compareSideBySide, describeComparison } from './support/side-by-side.ts';

// BENCH_ROOT: run another checkout's speed server (an A/B against main under the same load).
const ROOT = process.env.BENCH_ROOT ?? fileURLToPath(new URL('..', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB = new Set(
  (process.env.BENCH_DB ?? 'embedded,postgres').replace('both', 'embedded,postgres').replace('all', 'embedded,postgres,replicas,redis').split(','),
);
const ROUTES = new Set((process.env.BENCH_ROUTES ?? 'lookup,deadlines').split(','));
const PROFILE = process.env.BENCH_PROFILE === '1';

async function throughput(label: string, env: Record<string, string>): Promise<void> {
  const args = PROFILE ? ['--cpu-prof', '--cpu-prof-dir=bench/out/profiles', 'bench/speed-server.ts'] : ['bench/speed-server.ts'];
  const prosa = await startProcess(ROOT, args, env, /speed server listening on (http:\/\/[\d.:]+)/);
  const url = prosa.m[1];
  // The bare server answers each route with the body Prosa answers it with.
  const bodies: Record<string, string> = {};
  for (const name of ['lookup', 'deadlines'])
    bodies[`/v1/prosa/${name}/17200011`] = await (await fetch(`${url}/v1/prosa/${name}/17200011`, { headers: { 'x-forwarded-for': nextClientIp() } })).text();
  const bare = await startProcess(ROOT, ['bench/bare-fastify.ts'], { BODIES: JSON.stringify(bodies) }, /bare fastify listening on (http:\/\/[\d.:]+)/);
  try {
    for (const name of ['lookup', 'deadlines'].filter((r) => ROUTES.has(r))) {
      const path = `/v1/prosa/${name}/17200011`;
      const c = await compareSideBySide(
        { pid: prosa.child.pid!, url: `${url}${path}` },
        { pid: bare.child.pid!, url: `${bare.m[1]}${path}` },
        { seconds: SECONDS, perRequestIp: true },
      );
      console.log(
        `${name}, ${label}: ${describeComparison(c)}; load ${loadavg()
          .map((x) => x.toFixed(1))
          .join(' ')}`,
      );
    }
  } finally {
    await stopProcess(prosa.child);
    await stopProcess(bare.child);
  }
}

console.log(
  `lookup-ratio, Node ${process.version}, load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
if (DB.has('embedded')) await throughput('embedded PGlite', { DATABASE_URL: '' });
for (const [variant, label, env] of [
  ['postgres', 'PostgreSQL (one all-in-one process)', {}],
  ['replicas', "PostgreSQL, the replicas' shared store", { BENCH_RATE_STORE: 'postgres' }],
  ['redis', "PostgreSQL, the replicas' store in Redis", { BENCH_RATE_STORE: 'redis' }],
] as const) {
  if (DB.has(variant)) await withScratchDatabase(PG_URL, 'prosa_ratio', (url) => throughput(label, { DATABASE_URL: url, ...env }));
}
