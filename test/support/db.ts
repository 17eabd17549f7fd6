import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/db/connect.ts';
import { withDatabase } from './pg-urls.ts';

export const onPostgres = (): boolean => inject('databaseUrl') !== '';

/**
 * A fresh, migrated database for one test file: in-memory PGlite loaded from the template
 * dump, or a new PostgreSQL database copied from the template database (dropped on close).
 */
export async function createTestDatabase(): Promise<Database> {
  const url = inject('databaseUrl');
  if (!url) {
    const dump = readFileSync(inject('pgliteTemplate'));
    return openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([dump]) });
  }
  const name = `prosa_t_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `create database ${name} template ${inject('templateDb')}`);
  const database = await openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 20 });
  return {
    ...database,
    async close() {
      await database.close();
      await adminQuery(url, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * An empty database (not the migrated template), for the migration tests: PGlite in memory, or a
 * new PostgreSQL database dropped on close.
 */
export async function createEmptyDatabase(): Promise<Database> {
  const url = inject('databaseUrl');
  if (!url) return openDatabase({ dataDir: 'memory://' });
  const name = `prosa_m_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `create database ${name}`);
  const database = await openDatabase({ databaseUrl: withDatabase(url, name) });
  return {
    ...database,
    async close() {
      await database.close();
      await adminQuery(url, `drop database if exists ${name} with (force)`);
    },
  };
}

/** A connection string for a fresh copy of the template (for child processes such as the CLI). */
export async function createTestDatabaseUrl(): Promise<{ url: string; drop: () => Promise<void> }> {
  const url = inject('databaseUrl');
  const name = `prosa_t_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `create database ${name} template ${inject('templateDb')}`);
  return { url: withDatabase(url, name), drop: () => adminQuery(url, `drop database if exists ${name} with (force)`) };
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
