// bench/event-loop: /health latency (p50 / p99 / max) while the server is under CPU-heavy load,
// with the analysis threads off (PROSA_ANALYSIS_THREADS=0, the old behaviour) and on (the
// default), on the embedded PGlite and on PostgreSQL, side by side in one run; prints ratios.
// Issue 12 item 6: /health waited up to 9.7 s under 200 connections of lookups on PGlite, and
// 1.7-3.1 s (p50) while eight 1 MB analyses ran. Goal: p99 < 100 ms on PostgreSQL, < 500 ms embedded.
//
//   ./node_modules/.bin/node bench/event-loop.ts
//   BENCH_SECONDS=10 (lookup load per run)  BENCH_ANALYSES=8  BENCH_PG=postgres://postgres@127.0.0.1:5432/postgres
//   (BENCH_PG=off skips PostgreSQL; each PostgreSQL run gets a fresh database, dropped afterwards)
//
// Loads: (a) 200 connections of REST #1 lookups (autocannon in a child process, each request with
// its own client address through X-Forwarded-For from a trusted proxy, as bench/lookup.ts does);
// (b) BENCH_ANALYSES concurrent REST #3 analyses of a 1 MB text (copies of a real action, the
// attack's shape). /health is probed one request at a time, every 25 ms, for the whole load.
// The servers run in child processes, so the load generator never shares their event loop.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ANALYSES = Number(process.env.BENCH_ANALYSES ?? 8);
const PG_ADMIN = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LOOKUP = '/v1/prosa/lookup/17200011';
/** Time after the warm-up analysis for the analysis threads to load (BENCH_SETTLE_MS). */
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 10_000);

// Child mode: the lookup load generator.
if (process.argv[2] === '--lookup-load') {
  const [url, seconds] = [process.argv[3], Number(process.argv[4])];
  let n = 0;
  const ip = () => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n++ & 255}`;
  const result = await autocannon({
    url: `${url}${LOOKUP}`,
    connections: 200,
    duration: seconds,
    setupClient: (client) => {
      client.setHeaders({ 'x-forwarded-for': ip() });
      client.on('response', () => client.setHeaders({ 'x-forwarded-for': ip() }));
    },
  });
  process.stdout.write(`${JSON.stringify({ rps: result.requests.average, non2xx: result.non2xx, errors: result.errors })}\n`);
  process.exit(0);
}

const ONE = readFileSync(join(ROOT, 'src/domain/office-action/fixtures/01.txt'), 'utf8');
let BIG = '';
while (Buffer.byteLength(BIG) + Buffer.byteLength(ONE) + 1 < 1024 * 1024) BIG += `${ONE}\n`;

interface Server {
  child: ChildProcess;
  url: string;
  apiKey: string;
  close(): Promise<void>;
}

async function startServer(env: Record<string, string>, cleanup: () => Promise<void>): Promise<Server> {
  const child = spawn(process.execPath, ['src/main.ts', 'serve'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', TRUSTED_PROXIES: '127.0.0.1', BASE_URL: 'http://localhost:8080', ...env },
  });
  let out = '';
  const { url, apiKey } = await new Promise<{ url: string; apiKey: string }>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      const u = /listening on (http:\/\/[\d.:]+)/.exec(out);
      const k = /demo API key: (\S+)/.exec(out);
      if (u && k) resolve({ url: u[1], apiKey: k[1] });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });
  return {
    child,
    url,
    apiKey,
    async close() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      await cleanup();
    },
  };
}

/** Probes /health one request at a time until `until` settles; returns the latencies (ms). */
async function probeHealth(url: string, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const latencies: number[] = [];
  while (!done) {
    const t0 = performance.now();
    const res = await fetch(`${url}/health`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`/health answered ${res.status}`);
    latencies.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 25));
  }
  return latencies;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};

interface Figures {
  probes: number;
  p50: number;
  p99: number;
  max: number;
  note: string;
}

async function lookupLoad(server: Server): Promise<Figures> {
  const gen = spawn(process.execPath, [fileURLToPath(import.meta.url), '--lookup-load', server.url, String(SECONDS)], { cwd: ROOT });
  let out = '';
  gen.stdout.on('data', (d) => (out += d));
  const finished = new Promise<void>((resolve) => gen.once('exit', () => resolve()));
  await new Promise((r) => setTimeout(r, 500)); // let the connections open
  const lat = await probeHealth(server.url, finished);
  const r = JSON.parse(out.trim().split('\n').pop() ?? '{}') as { rps?: number; non2xx?: number };
  return {
    probes: lat.length,
    p50: pct(lat, 50),
    p99: pct(lat, 99),
    max: Math.max(...lat),
    note: `${Math.round(r.rps ?? 0)} lookups/s, ${r.non2xx ?? '?'} non-2xx`,
  };
}

async function analysisLoad(server: Server): Promise<Figures> {
  const started = performance.now();
  const runs = Promise.all(
    Array.from({ length: ANALYSES }, async () => {
      const res = await fetch(`${server.url}/v1/prosa/analyze`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': server.apiKey },
        body: JSON.stringify({ application_number: '17/200,011', office_action_text: BIG, include_examiner_intel: false }),
      });
      const body = await res.text();
      if (res.status !== 200) throw new Error(`analyze answered ${res.status}: ${body.slice(0, 300)}`);
      return body.length;
    }),
  );
  const lat = await probeHealth(server.url, runs);
  const sizes = await runs;
  return {
    probes: lat.length,
    p50: pct(lat, 50),
    p99: pct(lat, 99),
    max: Math.max(...lat),
    note: `${ANALYSES} analyses in ${((performance.now() - started) / 1000).toFixed(1)} s, record ${Math.round(sizes[0] / 1024)} kB each`,
  };
}

async function pgliteServer(threads: string): Promise<Server> {
  const dir = mkdtempSync(join(tmpdir(), 'prosa-bench-el-'));
  return startServer({ PROSA_DATA_DIR: dir, PROSA_ANALYSIS_THREADS: threads }, async () => rmSync(dir, { recursive: true, force: true }));
}

async function postgresServer(threads: string): Promise<Server> {
  const name = `prosa_bench_el_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  return startServer({ DATABASE_URL: url.toString(), PROSA_ANALYSIS_THREADS: threads }, async () => {
    const c = new pg.Client({ connectionString: PG_ADMIN });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
}

async function postgresReachable(): Promise<boolean> {
  if (PG_ADMIN === 'off') return false;
  const c = new pg.Client({ connectionString: PG_ADMIN, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

const rows: { db: string; load: string; mode: string; f: Figures }[] = [];
const databases: [string, (threads: string) => Promise<Server>][] = [['PGlite', pgliteServer]];
if (await postgresReachable()) databases.push(['PostgreSQL', postgresServer]);
else console.log(`PostgreSQL not reachable at ${PG_ADMIN}: embedded only`);

console.log(
  `/health under load: Node ${process.version}, lookups ${SECONDS} s at 200 connections, ${ANALYSES} concurrent analyses of ${Math.round(Buffer.byteLength(BIG) / 1024)} kB`,
);
for (const [db, start] of databases) {
  for (const [mode, threads] of [
    ['main thread (PROSA_ANALYSIS_THREADS=0)', '0'],
    ['analysis threads (default)', ''],
  ] as const) {
    const server = await start(threads);
    try {
      // Warm: the first analysis loads the parser and starts the threads; until a thread has
      // loaded, analyses run in process (analysis-engine.ts), so give it time to load (both modes alike).
      await fetch(`${server.url}/v1/prosa/analyze`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': server.apiKey },
        body: JSON.stringify({ application_number: '17/200,011', office_action_text: ONE, include_examiner_intel: false }),
      });
      await new Promise((r) => setTimeout(r, SETTLE_MS));
      rows.push({ db, load: `${ANALYSES} x 1 MB analyses`, mode, f: await analysisLoad(server) });
      rows.push({ db, load: 'lookups, 200 conns', mode, f: await lookupLoad(server) });
    } finally {
      await server.close();
    }
    const last = rows.slice(-2);
    for (const r of last)
      console.log(
        `  ${r.db.padEnd(10)} ${r.load.padEnd(22)} ${r.mode.padEnd(40)} p50 ${r.f.p50.toFixed(1).padStart(7)} ms  p99 ${r.f.p99.toFixed(1).padStart(7)} ms  max ${r.f.max.toFixed(0).padStart(6)} ms  (${r.f.probes} probes; ${r.f.note})`,
      );
  }
}

console.log('\nRatios (main thread / analysis threads; > 1 means the threads answer /health faster):');
for (const [db] of databases) {
  for (const load of [...new Set(rows.map((r) => r.load))]) {
    const off = rows.find((r) => r.db === db && r.load === load && r.mode.startsWith('main'));
    const on = rows.find((r) => r.db === db && r.load === load && r.mode.startsWith('analysis'));
    if (!off || !on) continue;
    const goal = db === 'PostgreSQL' ? 100 : 500;
    console.log(
      `  ${db.padEnd(10)} ${load.padEnd(22)} p50 ${(off.f.p50 / on.f.p50).toFixed(1)}x  p99 ${(off.f.p99 / on.f.p99).toFixed(1)}x  max ${(off.f.max / on.f.max).toFixed(1)}x   threads p99 ${on.f.p99.toFixed(0)} ms vs goal ${goal} ms: ${on.f.p99 < goal ? 'met' : 'NOT met'}`,
    );
  }
}
