/**
 * The scale-out deployment with real processes (issue 12 "Scale-out"): `prosa serve --role api`
 * replicas, a `--role mcp` process and `--role worker` processes against one PostgreSQL database,
 * behind Debian's HAProxy, configured here (generated config in /tmp, ephemeral ports, health
 * checks on /health, round robin, retries on connection failure). Used by the tests in this folder
 * and by bench/scale-out.ts. Everything is awaited on a condition (a banner, a health check, the
 * balancer's view of its servers), never on a fixed sleep.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The pinned Node 24 the npm scripts run on. */
export const NODE = `${ROOT}node_modules/node/bin/node`;
export const HAPROXY = '/usr/sbin/haproxy';
export const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
export const SIGNING_SECRET = 'scale-out-shared-signing-secret-0123456789abcdef';
/** Test-only request header that pins a request to one API replica (a `use-server` rule). */
export const PIN_HEADER = 'x-scale-out-replica';

export interface Proc {
  name: string;
  child: ChildProcess;
  /** Its own address (http://127.0.0.1:port), from its banner. */
  url: string;
  output(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** A free loopback port for HAProxy's own listeners (the app processes bind port 0 themselves). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

/** Child environment: vitest's BASE_URL (Vite's base path) and DATABASE_URL are not ours. */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const { BASE_URL: _vite, DATABASE_URL: _db, REDIS_URL: _redis, ...rest } = process.env;
  return { ...rest, LOG_LEVEL: 'warn', PORT: '0', HOST: '127.0.0.1', PROSA_DEMO_DATA: 'off', ...env };
}

/** Starts `node <args>` and resolves once it prints "listening on http://...". */
export function startProcess(name: string, args: string[], env: Record<string, string>): Promise<Proc> {
  const child = spawn(NODE, args, { cwd: ROOT, env: childEnv(env) });
  let out = '';
  const onData = (d: Buffer) => (out += d.toString());
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let started = false;
    const timer = setTimeout(() => reject(new Error(`${name} did not start within 90 s:\n${out}`)), 90_000);
    void exited.then((code) => {
      if (started) return;
      clearTimeout(timer);
      clearInterval(poll);
      reject(new Error(`${name} exited ${code}:\n${out}`));
    });
    const poll = setInterval(() => {
      const m = /listening on (http:\/\/[\d.:]+)/.exec(out);
      if (!m) return;
      started = true;
      clearInterval(poll);
      clearTimeout(timer);
      resolve({
        name,
        child,
        url: m[1],
        output: () => out,
        exited,
        async stop(signal = 'SIGTERM') {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
          // A worker drains its running job on SIGTERM; a test's held job would keep it 5 minutes.
          const late = setTimeout(() => child.kill('SIGKILL'), 15_000);
          try {
            return await exited;
          } finally {
            clearTimeout(late);
          }
        },
      });
    }, 50);
  });
}

/** `prosa serve --role <role>`. */
export const serveRole = (name: string, role: 'api' | 'mcp' | 'worker', env: Record<string, string>): Promise<Proc> =>
  startProcess(name, [`${ROOT}src/main.ts`, 'serve', '--role', role], env);

export interface Balancer {
  /** The public address of the API replicas (BASE_URL). */
  apiUrl: string;
  /** The public address of the MCP process (MCP_URL), when one is behind it. */
  mcpUrl: string;
  configFile: string;
  /** Server name -> status (UP, DOWN, ...) as HAProxy's statistics report it. */
  servers(): Promise<Record<string, string>>;
  /** Server name -> connections open to it now (the statistics' `scur`). */
  connections(): Promise<Record<string, number>>;
  /** Waits until every named server has the status. */
  waitFor(status: 'UP' | 'DOWN', names: string[], timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The HAProxy configuration of the deployment (docs/operations.md shows the same): health checks on
 * /health every 500 ms (a replica is down after two checks unanswered for 2 s each: a check
 * waiting behind a busy event loop is not a dead replica), round robin, a connection failure retried on the other replica (only
 * connection failures: a request that reached a replica is never sent twice, since a POST may
 * have been processed), X-Forwarded-For added (the replicas trust it from the balancer only:
 * TRUSTED_PROXIES), and an idle keep-alive to the replicas shorter than theirs (5 s).
 */
export function haproxyConfig(p: {
  apiPort: number;
  mcpPort: number;
  statsPort: number;
  api: { name: string; url: string }[];
  mcp?: { name: string; url: string };
}): string {
  const hostPort = (url: string) => new URL(url).host;
  return `global
  maxconn 4000

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-keep-alive 4s
  timeout http-request 10s
  timeout check 2s
  option forwardfor
  retries 3
  retry-on conn-failure
  option redispatch 1
  default-server inter 500ms fall 2 rise 2

frontend api_in
  bind 127.0.0.1:${p.apiPort}
  default_backend api

backend api
  balance roundrobin
  option httpchk
  http-check send meth GET uri /health
  http-check expect status 200
  # Test-only: a request carrying ${PIN_HEADER} goes to the replica it names (while that one is up).
${p.api.map((s) => `  use-server ${s.name} if { req.hdr(${PIN_HEADER}) -m str ${s.name} }`).join('\n')}
  http-response set-header X-Served-By %[srv_name]
${p.api.map((s) => `  server ${s.name} ${hostPort(s.url)} check`).join('\n')}

frontend mcp_in
  bind 127.0.0.1:${p.mcpPort}
  default_backend mcp

backend mcp
  option httpchk
  http-check send meth GET uri /health
  http-check expect status 200
${p.mcp ? `  server ${p.mcp.name} ${hostPort(p.mcp.url)} check` : ''}

listen stats
  bind 127.0.0.1:${p.statsPort}
  stats enable
  stats uri /stats
`;
}

/** Starts HAProxy (foreground, -db) with a generated config and waits until every server is UP. */
export async function startBalancer(p: Parameters<typeof haproxyConfig>[0]): Promise<Balancer> {
  const dir = mkdtempSync(join(tmpdir(), 'scale-out-haproxy-'));
  const configFile = join(dir, 'haproxy.cfg');
  writeFileSync(configFile, haproxyConfig(p));
  const child = spawn(HAPROXY, ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const statsUrl = `http://127.0.0.1:${p.statsPort}/stats;csv`;
  // CSV columns (HAProxy management guide, "show stat"): 1 svname, 4 scur, 17 status.
  const column = async (index: number): Promise<Record<string, string>> => {
    const csv = await (await fetch(statsUrl)).text();
    const out: Record<string, string> = {};
    for (const line of csv.split('\n').slice(1)) {
      const cols = line.split(',');
      if (cols.length > 17 && cols[1] !== 'FRONTEND' && cols[1] !== 'BACKEND') out[cols[1]] = cols[index];
    }
    return out;
  };
  const servers = () => column(17);
  const balancer: Balancer = {
    apiUrl: `http://127.0.0.1:${p.apiPort}`,
    mcpUrl: `http://127.0.0.1:${p.mcpPort}`,
    configFile,
    servers,
    async connections() {
      return Object.fromEntries(Object.entries(await column(4)).map(([k, v]) => [k, Number(v)]));
    },
    async waitFor(status, names, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      let seen: Record<string, string> = {};
      while (Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`haproxy exited ${child.exitCode}:\n${out}`);
        seen = await servers().catch(() => ({}));
        if (names.every((n) => seen[n]?.startsWith(status))) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`servers ${names.join(', ')} not ${status} within ${timeoutMs} ms: ${JSON.stringify(seen)}\n${out}`);
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await balancer.waitFor('UP', [...p.api.map((s) => s.name), ...(p.mcp ? [p.mcp.name] : [])]);
  return balancer;
}

export interface Stack {
  balancer: Balancer;
  apis: Proc[];
  mcp?: Proc;
  workers: Proc[];
  stop(): Promise<void>;
}

/**
 * The deployment: `apis` API replicas (with REDIS_URL when `redis`), optionally one MCP process
 * and workers (`workers` are started by the caller's factory so a test can use a reporting one),
 * behind one HAProxy. The API replicas share PROSA_SIGNING_SECRET (sessions, OAuth keys and
 * download links are derived from it) and trust X-Forwarded-For from the balancer (127.0.0.1).
 */
export async function startStack(opts: {
  databaseUrl: string;
  apis: number;
  redis?: boolean;
  mcp?: boolean;
  workers?: ((env: Record<string, string>, i: number) => Promise<Proc>)[];
  env?: Record<string, string>;
}): Promise<Stack> {
  const [apiPort, mcpPort, statsPort] = [await freePort(), await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const mcpUrl = `http://127.0.0.1:${mcpPort}`;
  const common = { DATABASE_URL: opts.databaseUrl, PROSA_SIGNING_SECRET: SIGNING_SECRET, BASE_URL: apiUrl, MCP_URL: mcpUrl, ...opts.env };
  const started: Proc[] = [];
  const track = async (p: Promise<Proc>) => {
    const proc = await p;
    started.push(proc);
    return proc;
  };
  try {
    // All at once: concurrent migrations are serialised by Kysely's lock (a test database is a
    // migrated copy of the template anyway).
    const apiEnv = { ...common, TRUSTED_PROXIES: '127.0.0.1', ...(opts.redis ? { REDIS_URL } : {}) };
    const rest = [
      ...Array.from({ length: opts.apis }, (_, i) => track(serveRole(`api${i + 1}`, 'api', apiEnv))),
      ...(opts.mcp ? [track(serveRole('mcp1', 'mcp', { ...common, API_URL: apiUrl, PROSA_DATA_DIR: join(tmpdir(), 'scale-out-mcp-never-created') }))] : []),
      ...(opts.workers ?? []).map((start, i) => track(start({ DATABASE_URL: opts.databaseUrl, BASE_URL: apiUrl, ...opts.env }, i))),
    ];
    const results = await Promise.allSettled(rest);
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
    const procs = results.map((r) => (r as PromiseFulfilledResult<Proc>).value);
    const apis = procs.filter((p) => p.name.startsWith('api'));
    const mcp = procs.find((p) => p.name.startsWith('mcp'));
    const workers = procs.filter((p) => p.name.startsWith('worker'));
    const balancer = await startBalancer({
      apiPort,
      mcpPort,
      statsPort,
      api: apis.map((a) => ({ name: a.name, url: a.url })),
      mcp: mcp && { name: mcp.name, url: mcp.url },
    });
    return {
      balancer,
      apis,
      mcp,
      workers,
      async stop() {
        await balancer.stop();
        await Promise.all(started.map((p) => p.stop()));
      },
    };
  } catch (err) {
    await Promise.all(started.map((p) => p.stop('SIGKILL')));
    throw err;
  }
}

/** Polls `probe` until it returns a value (not undefined), or fails after `timeoutMs`. */
export async function waitUntil<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000, everyMs = 200): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** A client address of its own (X-Forwarded-For, believed from the balancer). */
export function clientIp(): string {
  const b = () => Math.floor(Math.random() * 254) + 1;
  return `10.${b()}.${b()}.${b()}`;
}

/** Signs up through the balancer and creates an API key: returns the session cookie and the key. */
export async function accountWithKey(
  apiUrl: string,
  headers: Record<string, string> = {},
): Promise<{ accountId: string; cookie: string; key: string; email: string; password: string }> {
  const email = `scale-${Math.random().toString(36).slice(2, 10)}@firm.example`;
  const password = 'correct horse battery';
  const ip = clientIp();
  const signup = await fetch(`${apiUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...headers },
    body: JSON.stringify({ email, password }),
  });
  if (signup.status !== 201) throw new Error(`signup: ${signup.status} ${await signup.text()}`);
  const cookie = signup.headers
    .getSetCookie()
    .find((c) => c.startsWith('prosa_session='))!
    .split(';')[0];
  const accountId = ((await signup.json()) as { account: { id: string } }).account.id;
  const created = await fetch(`${apiUrl}/api/keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-forwarded-for': ip, ...headers },
    body: JSON.stringify({ name: 'scale-out' }),
  });
  if (created.status !== 201) throw new Error(`key: ${created.status} ${await created.text()}`);
  return { accountId, cookie, email, password, key: ((await created.json()) as { key: string }).key };
}

export interface PerKeyRun {
  admitted: number;
  refused: number;
  /** X-RateLimit-Remaining of the admitted requests, sorted. */
  remaining: number[];
  /** Admitted requests per replica (X-Served-By). */
  servedBy: Record<string, number>;
  refusedCodes: string[];
}

/**
 * The spec's per-key limit (120 per minute, bursts of 20 per second) through the balancer: batches
 * of 10 requests, one batch a second (under the burst even if two batches share a second window),
 * 13 batches = 130 requests within one minute window. One shared counter admits exactly 120; a
 * counter per replica would admit all 130.
 */
export async function perKeyRun(apiUrl: string, key: string): Promise<PerKeyRun> {
  const run: PerKeyRun = { admitted: 0, refused: 0, remaining: [], servedBy: {}, refusedCodes: [] };
  for (let batch = 0; batch < 13; batch++) {
    const started = Date.now();
    const responses = await Promise.all(Array.from({ length: 10 }, () => fetch(`${apiUrl}/api/docket`, { headers: { 'x-api-key': key } })));
    for (const res of responses) {
      const body = (await res.json()) as { error_code?: string };
      if (res.status === 200) {
        run.admitted++;
        run.remaining.push(Number(res.headers.get('x-ratelimit-remaining')));
        const by = res.headers.get('x-served-by') ?? '?';
        run.servedBy[by] = (run.servedBy[by] ?? 0) + 1;
      } else {
        run.refused++;
        run.refusedCodes.push(`${res.status} ${body.error_code}`);
      }
    }
    // Pacing is the point of this loop (a rate), not a wait for a condition.
    await new Promise((r) => setTimeout(r, Math.max(0, 1_000 - (Date.now() - started))));
  }
  run.remaining.sort((a, b) => a - b);
  return run;
}
