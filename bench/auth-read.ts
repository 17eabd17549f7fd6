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
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { adminQuery, startProcess, stopProcess } from './support/processes.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DBS = new Set((process.env.BENCH_DB ?? 'embedded,pg,pg-replicas,pg-redis').split(','));
const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');



const run = (url: string, headers: Record<string, string>) =>
  new Promise<autocannon.Result>((resolve, reject) => autocannon({ url, connections: 50, duration: SECONDS, headers }, (err, r) => (err ? reject(err) : resolve(r))));

async function measure(label: string, env: Record<string, string>): Promise<void> {
  const prosa = await startProcess(ROOT, ['bench/speed-server.ts'], env, /speed server listening on (http:\/\/[\d.:]+) key (\S+)/);
  const [url, key] = [prosa.m[1], prosa.m[2]];
  const headers = { 'x-api-key': key };
  const check = await fetch(`${url}/api/auth/me`, { headers });
  const body = await check.text();
  if (check.status !== 200) throw new Error(`${check.status} ${body}`);
  const bare = await startProcess(ROOT, ['bench/bare-fastify.ts'], { BODY: body }, /bare fastify listening on (http:\/\/[\d.:]+)/);
  try {
    await run(`${url}/api/auth/me`, headers); // warm-up (JIT, pools, caches)
    let p = 0, b = 0, non2xx = 0, p99 = 0;
    for (let round = 0; round < 2; round++) {
      const pr = await run(`${url}/api/auth/me`, headers);
      const br = await run(`${bare.m[1]}/api/auth/me`, headers);
      p += pr.requests.average / 2;
      b += br.requests.average / 2;
      non2xx += pr.non2xx;
      p99 = Math.max(p99, pr.latency.p99);
    }
    console.log(`${label}: ${Math.round(p)} req/s vs bare Fastify ${Math.round(b)} req/s = ${(p / b).toFixed(3)}x (p99 ${p99} ms, non-2xx ${non2xx}; goal >= 0.25x) load ${load()}`);
  } finally {
    await stopProcess(prosa.child);
    await stopProcess(bare.child);
  }
}


console.log(`authenticated /api read, ${SECONDS} s runs, load average ${load()}`);
if (DBS.has('embedded')) await measure('embedded PGlite', { DATABASE_URL: '' });
for (const [variant, label, env] of [
  ['pg', 'PostgreSQL, one all-in-one process', {}],
  ['pg-replicas', 'PostgreSQL, the replicas\' shared store (information)', { BENCH_RATE_STORE: 'postgres' }],
  ['pg-redis', 'PostgreSQL, the replicas\' store in Redis (information)', { BENCH_RATE_STORE: 'redis' }],
] as const) {
  if (!DBS.has(variant)) continue;
  const name = `prosa_auth_${randomBytes(5).toString('hex')}`;
  await adminQuery(PG_URL, `create database ${name}`);
  const u = new URL(PG_URL);
  u.pathname = `/${name}`;
  try {
    await measure(label, { DATABASE_URL: u.toString(), ...env });
  } finally {
    await adminQuery(PG_URL, `drop database if exists ${name} with (force)`);
  }
}
