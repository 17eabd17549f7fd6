// bench/lookup: REST #1 lookup throughput and p99 latency at 50 concurrent connections, side by
// side in one run with a bare node:http server answering the same JSON; prints the ratios.
//
//   npm run bench:lookup                  (embedded PGlite, as `npm start` runs)
//   DATABASE_URL=postgres://... npm run bench:lookup
//
// Both servers run in child processes (the load generator must not share their event loop).
// Prosa runs its real path: routing, rate limiting (each request carries its own client address
// through X-Forwarded-For from a trusted proxy, so the limiter is exercised but not tripped),
// the database read, the deadline computation and response serialization.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const PATH = '/v1/prosa/lookup/17200011';

function start(args: string[], env: Record<string, string>, ready: RegExp): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env } });
  let out = '';
  return new Promise((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = ready.exec(out);
      if (m) resolve({ child, url: m[1] });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
}

let clientCounter = 0;
function run(url: string): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${url}${PATH}`,
        connections: CONNECTIONS,
        duration: DURATION,
        setupClient: (client) => {
          client.setHeaders({ 'x-forwarded-for': `10.${(clientCounter >> 16) & 255}.${(clientCounter >> 8) & 255}.${clientCounter++ & 255}` });
          client.on('response', () =>
            client.setHeaders({ 'x-forwarded-for': `10.${(clientCounter >> 16) & 255}.${(clientCounter >> 8) & 255}.${clientCounter++ & 255}` }),
          );
        },
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

const dataDir = mkdtempSync(join(tmpdir(), 'prosa-bench-'));
const prosa = await start(
  ['src/main.ts', 'serve'],
  { PORT: '0', HOST: '127.0.0.1', PROSA_DATA_DIR: dataDir, LOG_LEVEL: 'warn', TRUSTED_PROXIES: '127.0.0.1', BASE_URL: 'http://localhost:8080' },
  /listening on (http:\/\/[\d.:]+)/,
);
const body = await (await fetch(`${prosa.url}${PATH}`)).text();
if (!body.includes('17200011')) throw new Error(`unexpected lookup answer: ${body}`);
const bare = await start(['bench/bare-server.ts'], { BODY: body }, /bare listening on (http:\/\/[\d.:]+)/);

try {
  await run(prosa.url); // warm-up: JIT, caches, connection pools
  const p = await run(prosa.url);
  const b = await run(bare.url);
  const row = (name: string, r: autocannon.Result) => ({
    server: name,
    'req/s': Math.round(r.requests.average),
    'p50 ms': r.latency.p50,
    'p99 ms': r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  });
  console.log(
    `\nlookup ${PATH}: ${CONNECTIONS} connections, ${DURATION} s each, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}, Node ${process.version}`,
  );
  console.table([row('prosa', p), row('bare node:http', b)]);
  console.log(`throughput ratio prosa/bare: ${(p.requests.average / b.requests.average).toFixed(3)}`);
  console.log(`p99 latency ratio prosa/bare: ${(p.latency.p99 / Math.max(b.latency.p99, 1)).toFixed(2)}`);
} finally {
  prosa.child.kill('SIGTERM');
  bare.child.kill('SIGTERM');
  await new Promise((r) => prosa.child.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
