import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../support/cli.ts';

/**
 * Issue 12, "Durability of the embedded database": every write acknowledged to a client is on
 * stable storage before its response leaves. Proven from the outside: the real server runs on an
 * on-disk PGlite data directory under `strace`, and for every acknowledged write the trace must
 * show PostgreSQL's WAL write followed by an fsync(2) of that WAL file before the response's bytes
 * are written to the socket. The child always uses the embedded database, so this runs in the
 * embedded pass only.
 * @database embedded
 */

const dir = mkdtempSync(join(tmpdir(), 'prosa-fsync-'));
const traceFile = join(dir, 'strace.txt');
let server: ServerProcess;

beforeAll(async () => {
  server = await startServerProcess(
    { PROSA_DATA_DIR: join(dir, 'data'), PROSA_DEMO_DATA: 'off' },
    [],
    // -f: every thread; -y: file descriptors with their paths; --seccomp-bpf: stop only on these calls.
    { wrap: ['strace', '-f', '--seccomp-bpf', '-y', '-s', '40', '-e', 'trace=fsync,fdatasync,syncfs,pwrite64,write,writev', '-o', traceFile] },
  );
}, 120_000);

afterAll(async () => {
  // Stop the traced server itself: strace, sent SIGTERM, would detach and leave it running.
  const serverPid = execFileSync('pgrep', ['-P', String(server.child.pid)], { encoding: 'utf8' })
    .trim()
    .split('\n')[0];
  if (serverPid) process.kill(Number(serverPid), 'SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
  rmSync(dir, { recursive: true, force: true });
});

interface Call {
  kind: 'wal-write' | 'wal-sync' | 'response';
  line: number;
  status?: number;
}

/** The calls that matter, in trace order: WAL writes, WAL syncs, and HTTP responses written to sockets. */
function readTrace(): Call[] {
  const calls: Call[] = [];
  readFileSync(traceFile, 'utf8')
    .split('\n')
    .forEach((text, line) => {
      const wal = /\/pg_wal\/[0-9A-F]{24}>/.test(text);
      if (wal && /\b(pwrite64|write)\(/.test(text)) calls.push({ kind: 'wal-write', line });
      else if (wal && /\b(fsync|fdatasync)\(/.test(text)) calls.push({ kind: 'wal-sync', line });
      const response = /\b(write|writev)\(\d+<(TCP|socket)[^>]*>.*HTTP\/1\.1 (\d{3})/.exec(text);
      if (response) calls.push({ kind: 'response', line, status: Number(response[3]) });
    });
  return calls;
}

describe('embedded database: an acknowledged write is synced before its response', () => {
  it('every 2xx response to a write follows an fsync of the WAL written for it', async () => {
    const signup = await fetch(`${server.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'durable@example.com', password: 'correct horse battery staple', display_name: 'Durable' }),
    });
    expect(signup.status).toBe(201);
    const cookie = signup.headers.get('set-cookie')!.split(';')[0]!;
    const writes = 5;
    for (let i = 0; i < writes; i += 1) {
      const key = await fetch(`${server.url}/api/keys`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin: server.url },
        body: JSON.stringify({ name: `durable key ${i}` }),
      });
      expect(key.status).toBe(201);
    }

    const calls = readTrace();
    const responses = calls.filter((c) => c.kind === 'response' && c.status === 201);
    expect(responses).toHaveLength(1 + writes);
    let previous = -1;
    for (const response of responses) {
      // The calls between the previous acknowledged write's response and this one.
      const window = calls.filter((c) => c.line > previous && c.line < response.line);
      const lastWalWrite = window.filter((c) => c.kind === 'wal-write').at(-1);
      expect(lastWalWrite, `a WAL write before the response on trace line ${response.line}`).toBeDefined();
      const syncAfter = window.find((c) => c.kind === 'wal-sync' && c.line > lastWalWrite!.line);
      expect(syncAfter, `an fsync of the WAL between trace lines ${lastWalWrite!.line} and ${response.line}`).toBeDefined();
      previous = response.line;
    }
  }, 120_000);

  it('a fresh data directory is synced as a whole (syncfs of its file system) before the first response', () => {
    const lines = readFileSync(traceFile, 'utf8').split('\n');
    const syncfs = lines.findIndex((l) => new RegExp(`\\bsyncfs\\(\\d+<${join(dir, 'data', 'pgdata')}>\\) = 0`).test(l));
    const firstResponse = lines.findIndex((l) => /\b(write|writev)\(\d+<(TCP|socket)[^>]*>.*HTTP\/1\.1 \d{3}/.test(l));
    expect(syncfs, 'a syncfs(2) of the data directory in the trace').toBeGreaterThanOrEqual(0);
    expect(syncfs).toBeLessThan(firstResponse);
  });
});
