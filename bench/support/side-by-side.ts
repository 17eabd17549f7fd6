// How the throughput benchmarks compare Prosa with bare Fastify (bench/speed-goals.ts,
// lookup-ratio.ts, auth-read.ts): autocannon with 50 connections, the same requests to both servers
// (the bare one ignores the client address and the key), a warm-up run on Prosa, then Prosa and
// bare alternated twice so both see the same machine load. Each run also reads the server's CPU
// time from /proc, which a busy load generator moves less than req/s.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { nextClientIp } from './processes.ts';

export interface LoadOptions {
  seconds: number;
  headers?: Record<string, string>;
  /** A new client address per request through X-Forwarded-For (the free tier's subject). */
  perRequestIp?: boolean;
}

/** A server under test: its process id (for its CPU time) and the URL to load. */
export interface Target {
  pid: number;
  url: string;
}

export interface Comparison {
  prosaRps: number;
  bareRps: number;
  /** Prosa's req/s over bare Fastify's. */
  ratio: number;
  /** Server CPU per answered request, in microseconds. */
  prosaCpuUs: number;
  bareCpuUs: number;
  /** Prosa's answers that were not 2xx, over both rounds. */
  non2xx: number;
  /** Prosa's worst p99 latency of the two rounds, ms. */
  p99: number;
}

function loadRun(url: string, opts: LoadOptions): Promise<autocannon.Result> {
  const headers = opts.headers ?? {};
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: 50,
        duration: opts.seconds,
        headers,
        setupClient: opts.perRequestIp
          ? (c) => {
              c.setHeaders({ ...headers, 'x-forwarded-for': nextClientIp() });
              c.on('response', () => c.setHeaders({ ...headers, 'x-forwarded-for': nextClientIp() }));
            }
          : undefined,
      },
      (err, r) => (err ? reject(err) : resolve(r)),
    );
  });
}

/** CPU seconds (user + system) a process has used so far (/proc; Linux). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
}

async function measured(target: Target, opts: LoadOptions): Promise<{ r: autocannon.Result; cpuUs: number }> {
  const before = cpuSeconds(target.pid);
  const r = await loadRun(target.url, opts);
  return { r, cpuUs: ((cpuSeconds(target.pid) - before) * 1e6) / Math.max(1, r.requests.total) };
}

/** The warm-up, then two alternated rounds; figures are the rounds' means. */
export async function compareSideBySide(prosa: Target, bare: Target, opts: LoadOptions): Promise<Comparison> {
  await loadRun(prosa.url, opts); // warm-up (JIT, pools, caches)
  const c: Comparison = { prosaRps: 0, bareRps: 0, ratio: 0, prosaCpuUs: 0, bareCpuUs: 0, non2xx: 0, p99: 0 };
  for (let round = 0; round < 2; round++) {
    const p = await measured(prosa, opts);
    const b = await measured(bare, opts);
    c.prosaRps += p.r.requests.average / 2;
    c.bareRps += b.r.requests.average / 2;
    c.prosaCpuUs += p.cpuUs / 2;
    c.bareCpuUs += b.cpuUs / 2;
    c.non2xx += p.r.non2xx;
    c.p99 = Math.max(c.p99, p.r.latency.p99);
  }
  c.ratio = c.prosaRps / c.bareRps;
  return c;
}

export function describeComparison(c: Comparison): string {
  return `${Math.round(c.prosaRps)} req/s vs bare Fastify ${Math.round(c.bareRps)} req/s = ${c.ratio.toFixed(3)}x (p99 ${c.p99} ms, non-2xx ${c.non2xx}); server CPU per request ${c.prosaCpuUs.toFixed(0)} us vs ${c.bareCpuUs.toFixed(0)} us = ${(c.bareCpuUs / c.prosaCpuUs).toFixed(3)}x`;
}
