import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, startServerProcess } from '../support/cli.ts';

/**
 * The embedded database's backup and restore, as docs/operations.md tells an operator to run
 * them: `prosa backup` while the server runs (through its admin socket), `prosa restore` into
 * another data directory, and the restored server signs the same user in. Always the embedded
 * database, so it runs in the embedded pass only.
 * @database embedded
 */
const root = mkdtempSync(join(tmpdir(), 'prosa-backup-'));
const original = join(root, 'original');
const restored = join(root, 'restored');
const backup = join(root, 'prosa-backup.tgz');
const base = { PROSA_DEMO_DATA: 'off' };
const user = { email: 'backup@example.com', password: 'correct horse battery staple' };

afterAll(() => rmSync(root, { recursive: true, force: true }));

async function signIn(url: string): Promise<number> {
  const res = await fetch(`${url}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(user) });
  return res.status;
}

describe('embedded backup and restore', () => {
  it('backs up a running server online and restores it into another data directory', async () => {
    const server = await startServerProcess({ ...base, PROSA_DATA_DIR: original });
    try {
      const signup = await fetch(`${server.url}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...user, display_name: 'Backup' }),
      });
      expect(signup.status).toBe(201);
      const made = await runCli(['backup', backup, '--json'], { ...base, PROSA_DATA_DIR: original });
      expect(made.code, made.stderr).toBe(0);
      expect(JSON.parse(made.stdout)).toMatchObject({ path: backup, bytes: expect.any(Number) });

      // Restoring over the directory a server is using is refused.
      const busy = await runCli(['restore', backup, '--force', '--json'], { ...base, PROSA_DATA_DIR: original });
      expect(busy.code).toBe(2);
      expect(JSON.parse(busy.stderr).error_code).toBe('data_dir_in_use');
    } finally {
      await server.stop();
    }

    const restore = await runCli(['restore', backup, '--json'], { ...base, PROSA_DATA_DIR: restored });
    expect(restore.code, restore.stderr).toBe(0);
    expect(JSON.parse(restore.stdout)).toMatchObject({ accounts: 1, previous_database_moved_to: null });

    const again = await startServerProcess({ ...base, PROSA_DATA_DIR: restored });
    try {
      expect(await signIn(again.url)).toBe(200);
    } finally {
      await again.stop();
    }
  }, 240_000);

  it('never overwrites a database without --force, and a bad file leaves the old one in place', async () => {
    const refused = await runCli(['restore', backup, '--json'], { ...base, PROSA_DATA_DIR: restored });
    expect(refused.code).toBe(2);
    expect(JSON.parse(refused.stderr).error_code).toBe('database_exists');

    const junk = join(root, 'not-a-backup.tgz');
    writeFileSync(junk, 'this is not a data directory dump');
    const bad = await runCli(['restore', junk, '--force', '--json'], { ...base, PROSA_DATA_DIR: restored });
    expect(bad.code).toBe(2);
    expect(JSON.parse(bad.stderr).error_code).toBe('invalid_backup');
    expect(readdirSync(restored).filter((f) => f.startsWith('pgdata'))).toEqual(['pgdata']);

    // --force moves the current database aside and restores.
    const forced = await runCli(['restore', backup, '--force', '--json'], { ...base, PROSA_DATA_DIR: restored });
    expect(forced.code, forced.stderr).toBe(0);
    const aside = JSON.parse(forced.stdout).previous_database_moved_to as string;
    expect(existsSync(join(aside, 'PG_VERSION'))).toBe(true);
  }, 240_000);

  it('points PostgreSQL deployments to pg_dump and pg_restore', async () => {
    const dump = await runCli(['backup', backup, '--json'], { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' });
    expect(dump.code).toBe(2);
    expect(JSON.parse(dump.stderr)).toMatchObject({ error_code: 'use_pg_dump', agent_suggestion: expect.stringContaining('pg_dump --format=custom') });
  });
});
