// bench/scale-out: throughput of one vs two `prosa serve --role api` processes behind HAProxy,
// side by side in one run (interleaved rounds), printing the ratio.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/scale-out.ts
//   REDIS_URL=redis://127.0.0.1:6379 DATABASE_URL=... node bench/scale-out.ts   (Redis rate-limit store)
//
// A fresh database is created next to DATABASE_URL's and dropped at the end. Two HAProxy
// listeners share the same two API processes: one balances over api1 only, the other over
// api1 and api2 (the configuration of test/scale-out/support.ts). The load is REST #1 lookup at
// 50 connections, each request from its own client address (X-Forwarded-For from the trusted
// balancer), so the rate limiter runs on every request (its shared store included) without
// refusing. The load generator runs in this process: on a 2-core machine it, HAProxy and the
// replicas share the cores, so expect a modest gain; the figure is what this machine shows.
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, REDIS_URL as DEFAULT_REDIS, serveRole, SIGNING_SECRET, startBalancer, type Balancer, type Proc } from '../test/scale-out/support.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = 50;
const PATH = '/v1/prosa/lookup/17200011';
const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) throw new Error('set DATABASE_URL to a PostgreSQL server (scale-out runs on PostgreSQL)');
const redis = process.env.REDIS_URL ? DEFAULT_REDIS : undefined;

const admin = async (query: string) => {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
};
const dbName = `prosa_bench_scale_${randomBytes(4).toString('hex')}`;
await admin(`create database ${dbName}`);
const url = new URL(baseUrl);
url.pathname = `/${dbName}`;

let counter = 0;
const nextIp = () => `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter++ & 255}`;
function load(target: string): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${target}${PATH}`,
        connections: CONNECTIONS,
        duration: DURATION,
        setupClient: (client) => {
          client.setHeaders({ 'x-forwarded-for': nextIp() });
          client.on('response', () => client.setHeaders({ 'x-forwarded-for': nextIp() }));
        },
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

const procs: Proc[] = [];
const balancers: Balancer[] = [];
try {
  const ports = async () => ({ apiPort: await freePort(), mcpPort: await freePort(), statsPort: await freePort() });
  const p1 = await ports();
  const p2 = await ports();
  const env = (port: number) => ({
    DATABASE_URL: url.toString(),
    PROSA_SIGNING_SECRET: SIGNING_SECRET,
    BASE_URL: `http://127.0.0.1:${port}`,
    TRUSTED_PROXIES: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...(redis ? { REDIS_URL: redis } : {}),
  });
  // api1 migrates and seeds the demo data; api2 starts on the migrated database.
  procs.push(await serveRole('api1', 'api', { ...env(p2.apiPort), PROSA_DEMO_DATA: 'on' }));
  procs.push(await serveRole('api2', 'api', env(p2.apiPort)));
  const [api1, api2] = procs;
  const one = await startBalancer({ ...p1, api: [{ name: 'api1', url: api1.url }] });
  const two = await startBalancer({
    ...p2,
    api: [
      { name: 'api1', url: api1.url },
      { name: 'api2', url: api2.url },
    ],
  });
  balancers.push(one, two);
  const check = await fetch(`${two.apiUrl}${PATH}`, { headers: { 'x-forwarded-for': nextIp() } });
  if (check.status !== 200) throw new Error(`lookup answered ${check.status}: ${await check.text()}`);
  await load(two.apiUrl); // warm-up (JIT, pools), not counted

  const results: Record<'one' | 'two', autocannon.Result[]> = { one: [], two: [] };
  for (let round = 0; round < ROUNDS; round++) {
    results.one.push(await load(one.apiUrl));
    results.two.push(await load(two.apiUrl));
  }
  const rps = (rs: autocannon.Result[]) => rs.reduce((s, r) => s + r.requests.average, 0) / rs.length;
  const p99 = (rs: autocannon.Result[]) => Math.max(...rs.map((r) => r.latency.p99));
  const errors = (rs: autocannon.Result[]) => rs.reduce((s, r) => s + r.errors + r.non2xx, 0);
  const row = (label: string, rs: autocannon.Result[]) =>
    `${label.padEnd(34)} ${rps(rs).toFixed(0).padStart(8)} req/s   p99 ${String(p99(rs)).padStart(5)} ms   errors/non-2xx ${errors(rs)}`;
  console.log(
    `scale-out: lookup through HAProxy, ${CONNECTIONS} connections, ${ROUNDS} x ${DURATION} s interleaved; rate-limit store: ${redis ? 'Redis' : 'PostgreSQL'}`,
  );
  console.log(row('1 API process behind HAProxy', results.one));
  console.log(row('2 API processes behind HAProxy', results.two));
  console.log(`ratio 2 / 1: ${(rps(results.two) / rps(results.one)).toFixed(2)}`);
} finally {
  for (const b of balancers) await b.stop();
  for (const p of procs) await p.stop();
  await admin(`drop database if exists ${dbName} with (force)`);
}
