import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { ensurePgliteTemplate } from '../src/db/pglite-template-build.ts';
import { withDatabase } from './support/pg-urls.ts';
import { ensureWebBuild } from './support/web-build.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite runs: path of a migrated data-directory dump (uncompressed tar) each test file starts from. */
    pgliteTemplate: string;
    /** PostgreSQL runs: the DATABASE_URL under test (each test file gets a copy of the template database). */
    databaseUrl: string;
    /** PostgreSQL runs: this run's template database (unique, so concurrent runs do not collide). */
    templateDb: string;
  }
}

/**
 * Migrates one template database per run; test files clone it (PGlite: loadDataDir from a
 * dump; PostgreSQL: CREATE DATABASE ... TEMPLATE), which is far faster than migrating each.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  // The web app the backend serves at `/` (browser tests and static-serving tests need it).
  await ensureWebBuild();
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `prosa_test_template_${process.pid}`;
    await adminQuery(url, `drop database if exists ${template} with (force)`);
    await adminQuery(url, `create database ${template}`);
    const d = await openDatabase({ databaseUrl: withDatabase(url, template) });
    await migrateToLatest(d.db);
    await d.close();
    project.provide('databaseUrl', url);
    project.provide('templateDb', template);
    project.provide('pgliteTemplate', '');
    return () => adminQuery(url, `drop database if exists ${template} with (force)`);
  } else {
    // The CLI and server processes the tests start on fresh data directories begin from the
    // checkout's template in dist/ (as `npm start` does) instead of initdb and every migration.
    await ensurePgliteTemplate();
    const d = await openDatabase({ dataDir: 'memory://' });
    await migrateToLatest(d.db);
    // Uncompressed: every test database loads it, and a gunzip doubled the CPU of that load.
    const dump = await d.pglite!.dumpDataDir('none');
    await d.close();
    const path = join(mkdtempSync(join(tmpdir(), 'prosa-test-')), 'template.tar');
    writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplate', path);
    project.provide('databaseUrl', '');
    project.provide('templateDb', '');
  }
}

async function adminQuery(url: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}
