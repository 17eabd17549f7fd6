// wrk, the external load generator (Debian package `wrk`), driven from the benchmarks: one run
// against a URL with fixed headers, optionally a fresh client address per request (a Lua
// `request` hook), parsed from wrk's own report (`--latency`). wrk runs as its own process, so it
// does not share the server's event loop; on a 2-core machine it still shares the cores, which is
// why each row also reports the server's CPU per request (from /proc), the figure load moves least.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface WrkRun {
  requests: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers that were not 2xx or 3xx (wrk's "Non-2xx or 3xx responses"). */
  non2xx: number;
  /** Socket errors wrk counted (connect, read, write, timeout). */
  errors: number;
}

export interface WrkOptions {
  seconds: number;
  connections?: number;
  headers?: Record<string, string>;
  /** Each request from its own client address (X-Forwarded-For through the trusted loopback proxy). */
  perRequestIp?: boolean;
  /** Paths requested in turn, one per request (the URL's own path is then not used); implies perRequestIp. */
  paths?: string[];
}

const PER_IP_SCRIPT = `
local n = 0
request = function()
  n = n + 1
  wrk.headers["X-Forwarded-For"] = string.format("10.%d.%d.%d", math.floor(n / 65536) % 256, math.floor(n / 256) % 256, n % 256)
  return wrk.format(nil, nil)
end
`;

let scriptPath: string | undefined;
function perIpScript(): string {
  scriptPath ??= join(mkdtempSync(join(tmpdir(), 'prosa-wrk-')), 'per-ip.lua');
  writeFileSync(scriptPath, PER_IP_SCRIPT);
  return scriptPath;
}

/** wrk's duration figures ("1.23ms", "850.00us", "2.01s") in milliseconds. */
function ms(text: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!m) throw new Error(`wrk latency not understood: ${text}`);
  const v = Number(m[1]);
  return m[2] === 'us' ? v / 1000 : m[2] === 'ms' ? v : m[2] === 's' ? v * 1000 : v * 60_000;
}

function parseWrk(out: string): WrkRun {
  const num = (re: RegExp) => Number(re.exec(out)?.[1] ?? 0);
  const requests = num(/(\d+) requests in /);
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    requests,
    rps: num(/Requests\/sec:\s+([\d.]+)/),
    p50Ms: ms(/^\s+50%\s+(\S+)/m.exec(out)?.[1] ?? '0ms'),
    p99Ms: ms(/^\s+99%\s+(\S+)/m.exec(out)?.[1] ?? '0ms'),
    non2xx: num(/Non-2xx or 3xx responses: (\d+)/),
    errors: errors ? errors.slice(1).reduce((a, b) => a + Number(b), 0) : 0,
  };
}

/** A script requesting `paths` in turn, each request from its own client address. */
function pathsScript(paths: string[]): string {
  const file = join(mkdtempSync(join(tmpdir(), 'prosa-wrk-')), 'paths.lua');
  const list = paths.map((p) => `"${p.replace(/[\\"]/g, '')}"`).join(',\n');
  writeFileSync(
    file,
    `local paths = {\n${list}\n}
local n = 0
request = function()
  n = n + 1
  wrk.headers["X-Forwarded-For"] = string.format("10.%d.%d.%d", math.floor(n / 65536) % 256, math.floor(n / 256) % 256, n % 256)
  return wrk.format(nil, paths[(n - 1) % #paths + 1])
end
`,
  );
  return file;
}

export function wrk(url: string, opts: WrkOptions): Promise<WrkRun> {
  const args = ['-t1', `-c${opts.connections ?? 50}`, `-d${opts.seconds}s`, '--latency'];
  for (const [k, v] of Object.entries(opts.headers ?? {})) args.push('-H', `${k}: ${v}`);
  if (opts.paths) args.push('-s', pathsScript(opts.paths));
  else if (opts.perRequestIp) args.push('-s', perIpScript());
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args);
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', (err) => reject(new Error(`wrk could not start (apt-get install wrk): ${err.message}`)));
    child.on('exit', (code) => (code === 0 ? resolve(parseWrk(out)) : reject(new Error(`wrk exited ${code}: ${out}`))));
  });
}

/** CPU seconds (user + system) a process has used so far (/proc; Linux, USER_HZ 100). */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds the PostgreSQL backends serving `database` have used so far (their process titles name it); null when none runs. */
export function backendCpuSeconds(database: string): number | null {
  let total = 0;
  let found = false;
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmd.startsWith('postgres: ') || !cmd.includes(` ${database} `)) continue;
      total += cpuSeconds(Number(pid));
      found = true;
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return found ? total : null;
}
