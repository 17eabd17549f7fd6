// bench/db-reads: the reads that reach the database, beside a cached one, each against a bare
// node:http server replaying Prosa's exact answer (status, headers, body: bench/replay-server.ts),
// with wrk as the external load generator (bench/support/wrk.ts) and each server's CPU per request
// from /proc (issue 24: "benchmarks that tell the truth").
//
//   ./node_modules/.bin/node bench/db-reads.ts                 embedded database (a fresh data directory)
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres ./node_modules/.bin/node bench/db-reads.ts --pg
//   BENCH_SECONDS=5 (per run), BENCH_CONNECTIONS=50
//
// Prosa is bench/speed-server.ts (the real app with the demo data: routing, auth, rate limits on,
// usage headers, zod serialization; the per-key tiers raised so one key can be measured for
// seconds). Per route: a warm-up on Prosa, then Prosa and the replay alternated twice, so both see
// the same machine load; figures are the two rounds' means.
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { startProcess, stopProcess, withScratchDatabase, type Started } from './support/processes.ts';
import { cpuSeconds, wrk, type WrkOptions, type WrkRun } from './support/wrk.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ON_PG = process.argv.includes('--pg');

interface Route {
  name: string;
  path: string;
  key?: boolean;
  perIp?: boolean;
  cached: boolean;
}
const ROUTES: Route[] = [
  { name: 'lookup (public, cached record)', path: '/v1/prosa/lookup/17200011', perIp: true, cached: true },
  { name: 'GET /api/auth/me (X-API-Key)', path: '/api/auth/me', key: true, cached: false },
  { name: 'GET /api/credits (balance + ledger page)', path: '/api/credits', key: true, cached: false },
  { name: 'GET /api/credits?limit=200 (ledger page)', path: '/api/credits?limit=200', key: true, cached: false },
  { name: 'GET /api/docket (demo docket)', path: '/api/docket', key: true, cached: false },
];

interface Measured {
  run: WrkRun;
  cpuUs: number;
}
async function measure(pid: number, url: string, opts: WrkOptions): Promise<Measured> {
  const before = cpuSeconds(pid);
  const run = await wrk(url, opts);
  return { run, cpuUs: ((cpuSeconds(pid) - before) * 1e6) / Math.max(1, run.requests) };
}

/** Records Prosa's answer to each route as the replay server will send it. */
async function record(base: string, key: string): Promise<Record<string, { status: number; headers: Record<string, string>; body: string }>> {
  const out: Record<string, { status: number; headers: Record<string, string>; body: string }> = {};
  for (const r of ROUTES) {
    const res = await fetch(`${base}${r.path}`, { headers: { ...(r.key ? { 'x-api-key': key } : {}), 'x-forwarded-for': '10.255.0.1' } });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${r.path}: ${res.status} ${body}`);
    const headers: Record<string, string> = {};
    res.headers.forEach((v, k) => {
      if (!['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-encoding'].includes(k)) headers[k] = v;
    });
    headers['content-length'] = String(Buffer.byteLength(body));
    out[r.path] = { status: res.status, headers, body };
  }
  return out;
}

async function run(label: string, env: Record<string, string>): Promise<void> {
  const prosa: Started = await startProcess(ROOT, ['bench/speed-server.ts'], env, /speed server listening on (http:\/\/[\d.:]+) key (\S+)/);
  const [base, key] = [prosa.m[1], prosa.m[2]];
  let replay: Started | undefined;
  try {
    const recorded = await record(base, key);
    replay = await startProcess(ROOT, ['bench/replay-server.ts'], { REPLAY: JSON.stringify(recorded) }, /replay listening on (http:\/\/[\d.:]+)/);
    console.log(
      `\n## ${label}: ${SECONDS} s per run, ${CONNECTIONS} connections, wrk -t1; load average before ${loadavg()[0].toFixed(2)} on ${availableParallelism()} cores`,
    );
    console.log('| route | bytes | Prosa req/s | p50 | p99 | CPU/req | replay req/s | CPU/req | throughput ratio | CPU ratio |');
    console.log('|---|---|---|---|---|---|---|---|---|---|');
    for (const r of ROUTES) {
      const opts: WrkOptions = { seconds: SECONDS, connections: CONNECTIONS, headers: r.key ? { 'X-API-Key': key } : {}, perRequestIp: r.perIp };
      await wrk(`${base}${r.path}`, { ...opts, seconds: Math.min(2, SECONDS) }); // warm-up
      const p: Measured[] = [];
      const b: Measured[] = [];
      for (let round = 0; round < 2; round++) {
        p.push(await measure(prosa.child.pid!, `${base}${r.path}`, opts));
        b.push(await measure(replay.child.pid!, `${replay.m[1]}${r.path}`, opts));
      }
      const mean = (xs: Measured[], f: (m: Measured) => number) => xs.reduce((a, m) => a + f(m), 0) / xs.length;
      const [prps, brps] = [mean(p, (m) => m.run.rps), mean(b, (m) => m.run.rps)];
      const [pcpu, bcpu] = [mean(p, (m) => m.cpuUs), mean(b, (m) => m.cpuUs)];
      const bad = p.reduce((a, m) => a + m.run.non2xx + m.run.errors, 0);
      console.log(
        `| ${r.name}${r.cached ? '' : ' (uncached)'} | ${recorded[r.path].body.length} | ${Math.round(prps)} | ${mean(p, (m) => m.run.p50Ms).toFixed(1)} ms | ${Math.max(...p.map((m) => m.run.p99Ms)).toFixed(0)} ms | ${Math.round(pcpu)} us | ${Math.round(brps)} | ${Math.round(bcpu)} us | ${(prps / brps).toFixed(3)}x | ${(bcpu / pcpu).toFixed(3)}x |${bad ? ` ${bad} non-2xx/errors` : ''}`,
      );
    }
  } finally {
    if (replay) await stopProcess(replay.child);
    await stopProcess(prosa.child);
  }
}

if (ON_PG) {
  await withScratchDatabase(PG_URL, 'prosa_dbreads', (url) => run('PostgreSQL', { DATABASE_URL: url }));
} else {
  await run('embedded PGlite', { DATABASE_URL: '' });
}
