// bench/idle-memory: where the idle RSS of an embedded `prosa serve` goes (issue 12 goal: < 300 MB).
// Starts `bin/prosa.js serve` on a new data directory (as bench/speed-goals.ts freshStart() does),
// waits 5 s after "listening", and prints VmRSS / VmHWM with the largest memory regions from
// /proc/PID/smaps, each named by what it is known to hold:
// - the WASM memory of PGlite (the anonymous region that is a multiple of 64 KiB pages, >= 128 MiB);
// - glibc thread arenas (64 MiB-aligned anonymous regions: V8's background compiler, libuv);
// - [heap] (the main thread's malloc arena), the node binary (file-backed).
//
//   ./node_modules/.bin/node bench/idle-memory.ts        BENCH_RUNS=3 (default 1)
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const MB = 1024;

interface Region {
  start: bigint;
  end: bigint;
  name: string;
  rssKb: number;
}

function regions(pid: number): Region[] {
  const out: Region[] = [];
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const m = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (m) out.push({ start: BigInt(`0x${m[1]}`), end: BigInt(`0x${m[2]}`), name: m[3], rssKb: 0 });
    else if (line.startsWith('Rss:')) out[out.length - 1]!.rssKb = Number(line.split(/\s+/)[1]);
  }
  return out;
}

function label(r: Region): string {
  const size = r.end - r.start;
  if (r.name) return r.name.includes('/node') ? 'node binary' : r.name;
  if (r.start % (64n << 20n) === 0n && size <= 64n << 20n) return 'glibc thread arena';
  if (size >= 128n << 20n && size % 65536n === 0n) return 'WASM memory (PGlite)';
  return 'anonymous (V8 heap pages, mmapped buffers, ...)';
}

async function once(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'prosa-idle-memory-'));
  const child = spawn(process.execPath, ['bin/prosa.js', 'serve'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', PROSA_DATA_DIR: dir, LOG_LEVEL: 'warn', BASE_URL: 'http://localhost:8080', DATABASE_URL: '' },
  });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => ((out += d.toString()), /listening on/.test(out) && resolve());
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${out}`)));
  });
  await new Promise((r) => setTimeout(r, 5000));
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)![1]);
  const byLabel = new Map<string, number>();
  for (const r of regions(child.pid!)) byLabel.set(label(r), (byLabel.get(label(r)) ?? 0) + r.rssKb);
  child.removeAllListeners('exit');
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  rmSync(dir, { recursive: true, force: true });
  console.log(
    `idle RSS ${(kb('VmRSS') / MB).toFixed(0)} MB (peak ${(kb('VmHWM') / MB).toFixed(0)} MB), load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  for (const [name, rss] of [...byLabel].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`  ${(rss / MB).toFixed(1).padStart(7)} MB  ${name}`);
}

for (let i = 0; i < RUNS; i++) await once();
