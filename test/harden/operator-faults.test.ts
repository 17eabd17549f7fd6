import { afterAll, describe, expect, test } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmdirSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, startServerProcess } from '../support/cli.ts';

/**
 * Issue 12, item 8, the operator's side: a start that fails after seeding (port in use) has
 * already printed the demo credentials; `prosa accounts reset-password` sets a password, directly
 * and through the admin socket of a running server; a read-only data directory is one line and
 * exit code 4, not a stack trace. Embedded database (the data directory is the point).
 * @database embedded
 */
const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const c of cleanups.reverse()) c();
});

function busyPort(): Promise<{ port: number; server: Server }> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => resolve({ port: (server.address() as { port: number }).port, server }));
  });
}

describe('demo credentials and password reset', () => {
  test('port in use: the demo credentials were printed before the failure; the next start can reset the password', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'prosa-demo-'));
    const { port, server } = await busyPort();
    const first = await runCli(['serve'], { PROSA_DATA_DIR: dir, PROSA_DEMO_DATA: 'on', PORT: String(port), HOST: '127.0.0.1' });
    server.close();
    expect(first.code).toBe(5);
    expect(first.stdout).toMatch(/sign in: +demo@prosa\.example \/ demo-\w+/);
    expect(first.stdout).toMatch(/demo API key: +prosa_sk_/);
    expect(first.stderr.trim().split('\n')).toHaveLength(1);
    expect(first.stderr).toMatch(/port \d+ .*already in use/);
    const password = /demo@prosa\.example \/ (demo-\w+)/.exec(first.stdout)![1];

    // Without a server: in-process.
    const reset = await runCli(['accounts', 'reset-password', '--email', 'demo@prosa.example', '--password', 'a-new-password-1', '--json'], {
      PROSA_DATA_DIR: dir,
    });
    expect(reset.code, reset.stderr).toBe(0);
    expect(JSON.parse(reset.stdout)).toMatchObject({ email: 'demo@prosa.example' });

    // With the server holding the data directory: through its admin socket.
    const srv = await startServerProcess({ PROSA_DATA_DIR: dir, PROSA_DEMO_DATA: 'on' });
    try {
      const signin = (pw: string) =>
        fetch(`${srv.url}/api/auth/signin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'demo@prosa.example', password: pw }),
        });
      expect((await signin(password)).status).toBe(401);
      expect((await signin('a-new-password-1')).status).toBe(200);
      const generated = await runCli(['accounts', 'reset-password', '--email', 'demo@prosa.example', '--json'], { PROSA_DATA_DIR: dir });
      expect(generated.code, generated.stderr).toBe(0);
      const out = JSON.parse(generated.stdout);
      expect(out.password).toMatch(/^prosa-\w{16}$/);
      expect(out.sessions_ended).toBe(1);
      expect((await signin(out.password)).status).toBe(200);
      const bad = await runCli(['accounts', 'reset-password', '--email', 'nobody@firm.example', '--json'], { PROSA_DATA_DIR: dir });
      expect(bad.code).not.toBe(0);
      expect(JSON.parse(bad.stderr)).toMatchObject({ error_code: 'account_not_found' });
    } finally {
      await srv.stop();
    }
  }, 90_000);
});

/** A read-only directory: a read-only tmpfs mount when we are root and may mount, else chmod 555. */
function readOnlyDir(): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'prosa-ro-'));
  if (process.getuid?.() !== 0) {
    execFileSync('chmod', ['555', dir]);
    return dir;
  }
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'prosa-ro', dir], { stdio: 'ignore', timeout: 5000 });
    cleanups.push(() => {
      try {
        execFileSync('umount', [dir], { stdio: 'ignore' });
        rmdirSync(dir);
      } catch {
        // left for the temp cleaner
      }
    });
    return dir;
  } catch {
    return null;
  }
}

describe('read-only data directory', () => {
  const dir = readOnlyDir();
  test.skipIf(!dir)(
    'one line on stderr, no stack trace, exit code 4',
    async () => {
      const res = await runCli(['serve'], { PROSA_DATA_DIR: dir!, PROSA_DEMO_DATA: 'off', PORT: '0', HOST: '127.0.0.1' });
      expect(res.code).toBe(4);
      const lines = res.stderr.trim().split('\n');
      expect(lines, res.stderr).toHaveLength(1);
      expect(lines[0]).toMatch(/^error: the data directory .* (read-only|not writable)/);
      expect(res.stderr).not.toMatch(/\n\s+at /);
    },
    60_000,
  );
});
