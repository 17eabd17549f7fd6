import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { readTemplate, templateIsCurrent, writeTemplate } from '../../src/db/pglite-template.ts';

/**
 * Issue 12, fresh embedded start: a new data directory starts from the migrated template that
 * `prestart` builds (src/db/build-template.ts), and only from a template that matches this
 * checkout (PGlite, pg-boss and every migration); otherwise initdb and the migrations run.
 * @database embedded
 */
const root = mkdtempSync(join(tmpdir(), 'prosa-template-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function migratedDump(): Promise<Buffer> {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await migrateToLatest(database.db);
    return Buffer.from(await (await database.pglite!.dumpDataDir('none')).arrayBuffer());
  } finally {
    await database.close();
  }
}

async function appliedMigrations(dataDir: string, useTemplate: boolean, templateDir: string): Promise<number> {
  const database = await openDatabase({ dataDir, useTemplate, templateDir });
  try {
    const exists = await sql<{ t: string | null }>`select to_regclass('prosa_migrations')::text as t`.execute(database.db);
    if (!exists.rows[0]!.t) return 0;
    return (await sql<{ n: number }>`select count(*)::int as n from prosa_migrations`.execute(database.db)).rows[0]!.n;
  } finally {
    await database.close();
  }
}

describe('the migrated template of the embedded database', () => {
  const templates = join(root, 'dist');

  it('a current template is read; a stale or missing one is not', async () => {
    expect(readTemplate(templates)).toBeUndefined();
    writeTemplate(await migratedDump(), templates);
    expect(templateIsCurrent(templates)).toBe(true);
    expect(readTemplate(templates)).toBeInstanceOf(Blob);
    writeFileSync(join(templates, 'pglite-template.stamp'), 'a checkout with other migrations\n');
    expect(templateIsCurrent(templates)).toBe(false);
    expect(readTemplate(templates)).toBeUndefined();
  }, 120_000);

  it('a fresh data directory opens already migrated from it; without it, empty', async () => {
    writeTemplate(await migratedDump(), templates);
    expect(await appliedMigrations(join(root, 'from-template'), true, templates)).toBeGreaterThanOrEqual(17);
    expect(await appliedMigrations(join(root, 'initdb'), false, templates)).toBe(0);
  }, 120_000);
});
