// bench/lookup-distinct: the free lookup (REST #1) of many distinct imported applications against
// the same lookup of one application answered from the public-record cache (issue 24: "lookup of
// 20,000 distinct imported numbers, PostgreSQL, 1M applications: >= 0.30x of the cached path").
//
//   node bench/generate-synthetic.ts && node bench/examiner-profile.ts --fresh     (1,000,000 applications in prosa_bench)
//   ./node_modules/.bin/node bench/lookup-distinct.ts
//   BENCH_DB_URL=postgres://postgres@127.0.0.1:5432/prosa_bench (default)  BENCH_NUMBERS=100000  BENCH_SECONDS=5
//
// Prosa is bench/speed-server.ts on that database (the real app: routing, rate limits with a new
// client address per request, the application read, its pending action and deadlines, usage
// headers). Load from wrk in its own process, 50 connections. Each round of the distinct run asks
// for BENCH_NUMBERS numbers never asked before in the run (drawn at random from the imported
// public applications), each once, in turn; the cached run asks for one number every time.
// Rounds alternate cached and distinct, twice, so both see the same machine load. CPU per request
// is the Prosa process's (from /proc); PostgreSQL's own backends are read beside it.
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startProcess, stopProcess } from './support/processes.ts';
import { backendCpuSeconds, cpuSeconds, wrk, type WrkRun } from './support/wrk.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DB_URL = process.env.BENCH_DB_URL ?? 'postgres://postgres@127.0.0.1:5432/prosa_bench';
// Enough that no number is asked twice in a round at up to 20,000 lookups a second for 5 s.
const NUMBERS = Number(process.env.BENCH_NUMBERS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = 2;

const client = new pg.Client({ connectionString: DB_URL });
await client.connect();
const { rows: counted } = await client.query<{ n: string }>('select count(*) as n from applications where owner_account_id is null');
const { rows } = await client.query<{ application_number: string }>(
  'select application_number from applications where owner_account_id is null order by random() limit $1',
  [NUMBERS * ROUNDS + 1],
);
await client.end();
if (rows.length < NUMBERS * ROUNDS + 1) throw new Error(`${DB_URL} holds ${rows.length} public applications; import the synthetic dataset first (see above)`);
const numbers = rows.map((r) => r.application_number);
const cachedNumber = numbers.pop()!;
const database = new URL(DB_URL).pathname.slice(1);

const prosa = await startProcess(ROOT, ['bench/speed-server.ts'], { DATABASE_URL: DB_URL }, /speed server listening on (http:\/\/[\d.:]+)/);
const base = prosa.m[1];
try {
  const first = await fetch(`${base}/v1/prosa/lookup/${cachedNumber}`, { headers: { 'x-forwarded-for': '10.255.0.1' } });
  if (first.status !== 200) throw new Error(`lookup ${cachedNumber}: ${first.status} ${await first.text()}`);
  const bytes = (await first.text()).length;
  await wrk(`${base}/v1/prosa/lookup/${cachedNumber}`, { seconds: 2, perRequestIp: true }); // warm-up

  interface Measured {
    run: WrkRun;
    cpuUs: number;
    dbUs: number;
  }
  const measure = async (opts: Parameters<typeof wrk>[1], url: string): Promise<Measured> => {
    const [node0, db0] = [cpuSeconds(prosa.child.pid!), backendCpuSeconds(database) ?? 0];
    const run = await wrk(url, opts);
    const n = Math.max(1, run.requests);
    return { run, cpuUs: ((cpuSeconds(prosa.child.pid!) - node0) * 1e6) / n, dbUs: (((backendCpuSeconds(database) ?? 0) - db0) * 1e6) / n };
  };
  const cached: Measured[] = [];
  const distinct: Measured[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    cached.push(await measure({ seconds: SECONDS, perRequestIp: true }, `${base}/v1/prosa/lookup/${cachedNumber}`));
    const paths = numbers.slice(round * NUMBERS, (round + 1) * NUMBERS).map((n) => `/v1/prosa/lookup/${n}`);
    const m = await measure({ seconds: SECONDS, paths }, `${base}/`);
    if (m.run.requests > NUMBERS)
      console.warn(`round ${round + 1}: ${m.run.requests} requests for ${NUMBERS} numbers: some were asked twice (raise BENCH_NUMBERS)`);
    distinct.push(m);
  }
  const mean = (xs: Measured[], f: (m: Measured) => number) => xs.reduce((a, m) => a + f(m), 0) / xs.length;
  const row = (name: string, xs: Measured[]) => {
    const bad = xs.reduce((a, m) => a + m.run.non2xx + m.run.errors, 0);
    return `| ${name} | ${Math.round(mean(xs, (m) => m.run.rps))} | ${mean(xs, (m) => m.run.p50Ms).toFixed(1)} ms | ${Math.max(...xs.map((m) => m.run.p99Ms)).toFixed(0)} ms | ${Math.round(mean(xs, (m) => m.cpuUs))} us | ${Math.round(mean(xs, (m) => m.dbUs))} us |${bad ? ` ${bad} non-2xx/errors` : ''}`;
  };
  console.log(
    `\n## lookup, PostgreSQL, ${counted[0].n} public applications: ${SECONDS} s per run, 50 connections, wrk -t1, ${ROUNDS} rounds; load average before ${loadavg()[0].toFixed(2)} on ${availableParallelism()} cores; answer ${bytes} bytes`,
  );
  console.log('| path | req/s | p50 | p99 | Node CPU/req | PostgreSQL CPU/req |');
  console.log('|---|---|---|---|---|---|');
  console.log(row('one application, from the public-record cache', cached));
  console.log(row(`${NUMBERS} distinct applications per round, each asked once`, distinct));
  console.log(
    `\ndistinct / cached: throughput ${(mean(distinct, (m) => m.run.rps) / mean(cached, (m) => m.run.rps)).toFixed(3)}x (goal >= 0.30x); load average after ${loadavg()[0].toFixed(2)}`,
  );
} finally {
  await stopProcess(prosa.child);
}
