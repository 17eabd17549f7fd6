// bench/mcp-overhead: what the MCP layer costs. A tool call through MCP (bearer check, cached
// RFC 8693 exchange, the /api call in process, result shaping, the audit report) against the
// same /api call made directly with the exchanged API token, side by side and interleaved in one
// run; prints latency (1 connection), the server's CPU per call (from /proc, steadier than wall
// time on a loaded machine) and throughput (10 connections) with the MCP/direct ratios, and the
// load average. bench/speed-goals.ts holds it to MCP p50 <= 1.5 x direct; issue 24 aims at 1.25 x.
//
//   node bench/mcp-overhead.ts            (BENCH_SECONDS=5 by default per round;
//                                          BENCH_SAMPLES=400 latency pairs, BENCH_CPU_CALLS=300 per CPU block)
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { keyringFromSecret } from '../src/auth/keyring.ts';
import { autoApprovedToken, CHECKS_SIGNING_SECRET } from '../test/external/serve-for-checks.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

const child = spawn(process.execPath, ['bench/mcp-bench-server.ts'], { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'warn' } });
const url = await new Promise<string>((resolve, reject) => {
  let out = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    const m = /listening on (http:\/\/[\d.:]+)/.exec(out);
    if (m) resolve(m[1]);
  });
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  child.on('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
});

const mcpToken = await autoApprovedToken(url);
const secret = keyringFromSecret(CHECKS_SIGNING_SECRET).mcpClientSecret;
const exchanged = (await (
  await fetch(`${url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`prosa-mcp:${secret}`).toString('base64')}` },
    body: new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
      subject_token: mcpToken,
      subject_token_type: 'urn:ietf:params:oauth:token-type:access_token',
      resource: `${url}/api`,
    }),
  })
).json()) as { access_token: string };
await fetch(`${url}/api/docket`, {
  method: 'POST',
  headers: { authorization: `Bearer ${exchanged.access_token}`, 'content-type': 'application/json' },
  body: JSON.stringify({ application_number: '17200011' }),
});

interface Case {
  name: string;
  direct: autocannon.Options;
  mcp: autocannon.Options;
}
const mcpCall = (name: string, args: Record<string, unknown>): Partial<autocannon.Options> => ({
  url: `${url}/mcp`,
  method: 'POST',
  headers: {
    authorization: `Bearer ${mcpToken}`,
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2025-11-25',
  },
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
});
const direct = (path: string): Partial<autocannon.Options> => ({ url: `${url}${path}`, headers: { authorization: `Bearer ${exchanged.access_token}` } });
const cases: Case[] = [
  {
    name: 'lookup_application vs GET /api/applications/17200011',
    mcp: mcpCall('lookup_application', { application_number: '17200011' }) as autocannon.Options,
    direct: direct('/api/applications/17200011') as autocannon.Options,
  },
  {
    name: 'check_credits vs GET /api/credits?limit=1',
    mcp: mcpCall('check_credits', {}) as autocannon.Options,
    direct: direct('/api/credits?limit=1') as autocannon.Options,
  },
];

// Sanity: both paths answer 200 with a real result before anything is timed.
for (const c of cases) {
  const r1 = await fetch(c.direct.url as string, { headers: c.direct.headers as Record<string, string> });
  const r2 = await fetch(c.mcp.url as string, { method: 'POST', headers: c.mcp.headers as Record<string, string>, body: c.mcp.body as string });
  const text = await r2.text();
  if (r1.status !== 200 || r2.status !== 200 || text.includes('"isError":true'))
    throw new Error(`${c.name}: direct ${r1.status}, mcp ${r2.status} ${text.slice(0, 300)}`);
}

const run = (o: autocannon.Options, connections: number) =>
  new Promise<autocannon.Result>((resolve, reject) => autocannon({ ...o, connections, duration: SECONDS }, (err, r) => (err ? reject(err) : resolve(r))));
const fmt = (n: number) => n.toFixed(2);
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
/** One request, timed with sub-millisecond precision. */
async function timed(o: autocannon.Options): Promise<number> {
  const t = performance.now();
  const res = await fetch(o.url as string, {
    method: (o.method as string) ?? 'GET',
    headers: o.headers as Record<string, string>,
    body: o.body as string | undefined,
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${o.url}: ${res.status}`);
  return performance.now() - t;
}
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 400);
const CPU_CALLS = Number(process.env.BENCH_CPU_CALLS ?? 300);
/** The server process's user + system CPU so far, in ms (/proc/<pid>/stat fields 14 and 15, in clock ticks of 10 ms). */
function serverCpuMs(): number {
  const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
/** Server CPU per call, ms: `CPU_CALLS` sequential calls, in two halves around the other path's, so both see the same machine. */
async function cpuPerCall(a: autocannon.Options, b: autocannon.Options): Promise<[number, number]> {
  const spent = [0, 0];
  for (let round = 0; round < 2; round++) {
    for (const [i, o] of [a, b].entries()) {
      const before = serverCpuMs();
      for (let n = 0; n < CPU_CALLS / 2; n++) await timed(o);
      spent[i] += serverCpuMs() - before;
    }
  }
  return [spent[0] / CPU_CALLS, spent[1] / CPU_CALLS];
}
const rows: string[] = [];
const loadBefore = loadavg()[0];
for (const c of cases) {
  // Latency: one request at a time, direct and MCP alternating, so both see the same machine.
  const d: number[] = [];
  const m: number[] = [];
  for (let i = 0; i < 30; i++) {
    await timed(c.direct);
    await timed(c.mcp);
  }
  for (let i = 0; i < SAMPLES; i++) {
    d.push(await timed(c.direct));
    m.push(await timed(c.mcp));
  }
  const [dCpu, mCpu] = await cpuPerCall(c.direct, c.mcp);
  // Throughput: 10 connections, direct then MCP, twice, the better round of each kept.
  const better = (a: autocannon.Result, b: autocannon.Result) => (a.requests.average >= b.requests.average ? a : b);
  const d10a = await run(c.direct, 10);
  const m10a = await run(c.mcp, 10);
  const d10 = better(d10a, await run(c.direct, 10));
  const m10 = better(m10a, await run(c.mcp, 10));
  for (const r of [d10, m10]) if (r.non2xx > 0 || r.errors > 0) throw new Error(`${c.name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  rows.push(
    `| ${c.name} | ${fmt(quantile(d, 0.5))} / ${fmt(quantile(d, 0.99))} | ${fmt(quantile(m, 0.5))} / ${fmt(quantile(m, 0.99))} | ${fmt(quantile(m, 0.5) / quantile(d, 0.5))} | ${Math.round(d10.requests.average)} | ${Math.round(m10.requests.average)} | ${fmt(m10.requests.average / d10.requests.average)} | ${fmt(dCpu)} | ${fmt(mCpu)} | ${fmt(mCpu / dCpu)} |`,
  );
}
process.stdout.write(
  [
    `MCP overhead, ${SAMPLES} sequential samples each, ${CPU_CALLS} calls per CPU figure and ${SECONDS} s throughput rounds, one process, embedded PGlite (${new Date().toISOString().slice(0, 16)} UTC, load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after)`,
    '',
    '| call | direct p50 / p99 ms (sequential) | MCP p50 / p99 ms (sequential) | p50 ratio MCP/direct | direct req/s (10 conn) | MCP req/s (10 conn) | throughput ratio | direct server CPU ms/call | MCP server CPU ms/call | CPU ratio MCP/direct |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n'),
);
child.kill('SIGTERM');
