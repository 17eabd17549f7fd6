import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabaseUrl } from '../support/db.ts';
import { runCli } from '../support/cli.ts';
import { withDatabase } from '../support/pg-urls.ts';

/**
 * docs/operations.md's PostgreSQL backup and restore commands, run as written: pg_dump in the
 * custom format, pg_restore into an empty database, and Prosa reads the restored data.
 */
const dir = mkdtempSync(join(tmpdir(), 'prosa-pgdump-'));
const cleanups: Array<() => Promise<void> | void> = [() => rmSync(dir, { recursive: true, force: true })];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe('PostgreSQL backup and restore (pg_dump / pg_restore)', () => {
  it('restores an account and its balance into an empty database', async () => {
    const source = await createTestDatabaseUrl();
    cleanups.push(source.drop);
    const created = await runCli(['accounts', 'create', '--email', 'pg-backup@example.com', '--json'], { DATABASE_URL: source.url, PROSA_DEMO_DATA: 'off' });
    expect(created.code, created.stderr).toBe(0);
    const granted = await runCli(['credits', 'grant', '--email', 'pg-backup@example.com', '--amount', '12.50', '--json'], { DATABASE_URL: source.url });
    expect(granted.code, granted.stderr).toBe(0);

    const dump = join(dir, 'prosa.dump');
    execFileSync('pg_dump', ['--format=custom', `--file=${dump}`, source.url]);

    const admin = inject('databaseUrl');
    const name = `prosa_restore_${randomBytes(5).toString('hex')}`;
    execFileSync('psql', [admin, '-qc', `create database ${name}`]);
    cleanups.push(() => void execFileSync('psql', [admin, '-qc', `drop database if exists ${name} with (force)`]));
    const target = withDatabase(admin, name);
    execFileSync('pg_restore', ['--no-owner', `--dbname=${target}`, dump]);

    const balance = await runCli(['credits', 'balance', '--email', 'pg-backup@example.com', '--json'], { DATABASE_URL: target });
    expect(balance.code, balance.stderr).toBe(0);
    expect(JSON.parse(balance.stdout).balance).toBe('37.50');
  }, 180_000);
});
