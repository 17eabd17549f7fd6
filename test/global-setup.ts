import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { TEMPLATE_DB, withDatabase } from './support/pg-urls.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite runs: path of a gzipped, migrated data directory each test file starts from. */
    pgliteTemplate: string;
    /** PostgreSQL runs: the DATABASE_URL under test (each test file gets a copy of the template database). */
    databaseUrl: string;
  }
}

/**
 * Migrates one template database per run; test files clone it (PGlite: loadDataDir from a
 * dump; PostgreSQL: CREATE DATABASE ... TEMPLATE), which is far faster than migrating each.
 */
export default async function setup(project: TestProject): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
    await admin.query(`create database ${TEMPLATE_DB}`);
    await admin.end();
    const d = await openDatabase({ databaseUrl: withDatabase(url, TEMPLATE_DB) });
    await migrateToLatest(d.db);
    await d.close();
    project.provide('databaseUrl', url);
    project.provide('pgliteTemplate', '');
  } else {
    const d = await openDatabase({ dataDir: 'memory://' });
    await migrateToLatest(d.db);
    const dump = await d.pglite!.dumpDataDir('gzip');
    await d.close();
    const path = join(mkdtempSync(join(tmpdir(), 'prosa-test-')), 'template.tar.gz');
    writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplate', path);
    project.provide('databaseUrl', '');
  }
}
