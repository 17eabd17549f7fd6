import { expect, test } from 'vitest';
import pg from 'pg';
import { sql } from 'kysely';
import { createTestDatabaseUrl } from './support/db.ts';
import { openDatabase } from '../src/db/connect.ts';

/**
 * PostgreSQL may end an idle pooled connection at any time (restart, failover, an administrator).
 * The pool must recover on the next query instead of the process dying on an uncaught error.
 * Only meaningful against PostgreSQL: vitest.config.ts includes *.pg.test.ts files only when
 * DATABASE_URL is set.
 */
test('an idle connection terminated by the server is reported and replaced, never an uncaught error', async () => {
  const { url, drop } = await createTestDatabaseUrl();
  const errors: Error[] = [];
  const database = await openDatabase({ databaseUrl: url, onIdleError: (err) => errors.push(err) });
  try {
    await sql`select 1`.execute(database.db);
    const dbName = new URL(url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [dbName]);
    await admin.end();
    await new Promise((r) => setTimeout(r, 200));
    expect(errors.length).toBeGreaterThan(0);
    const again = await sql<{ ok: number }>`select 1 as ok`.execute(database.db);
    expect(again.rows[0].ok).toBe(1);
  } finally {
    await database.close();
    await drop();
  }
});
