import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/connect.ts';
import { lockHolder } from '../db/data-dir-lock.ts';
import { embeddedCluster, setAsideCluster, writeEmbeddedBackup } from '../db/embedded-backup.ts';
import { AppError, validationError } from '../errors.ts';
import { runOnServer } from './operator.ts';
import { printResult } from './output.ts';

/**
 * `prosa backup <file>` and `prosa restore <file>`: the embedded database's backup (see
 * src/db/embedded-backup.ts). PostgreSQL has its own tools, named in the refusal.
 */
const PG_DUMP = 'pg_dump --format=custom --file=prosa.dump "$DATABASE_URL"';
const PG_RESTORE = 'pg_restore --no-owner --dbname="$DATABASE_URL" prosa.dump (into an empty database)';

export async function backupCommand(config: Config, file: string, json: boolean): Promise<void> {
  if (config.databaseUrl) {
    throw new AppError(
      400,
      'use_pg_dump',
      '`prosa backup` copies the embedded database; this configuration uses PostgreSQL (DATABASE_URL).',
      `Back up PostgreSQL with its own tool: ${PG_DUMP} (docs/operations.md, Backups).`,
    );
  }
  const path = resolve(file);
  if (!existsSync(dirname(path))) throw validationError('file', `names a directory that does not exist: ${dirname(path)}`);
  if (lockHolder(config.dataDir) !== null) {
    // A server holds the directory: it writes the backup itself, between two queries.
    printResult(await runOnServer(config.dataDir, 'backup.write', { path }), json);
    return;
  }
  if (!embeddedCluster(config.dataDir).exists) {
    throw new AppError(
      404,
      'no_database',
      `There is no embedded database in ${resolve(config.dataDir)}.`,
      'Set PROSA_DATA_DIR to the data directory to back up.',
    );
  }
  const database = await openDatabase({ dataDir: config.dataDir });
  try {
    printResult(await writeEmbeddedBackup(database.pglite!, path), json);
  } finally {
    await database.close();
  }
}

export async function restoreCommand(config: Config, file: string, opts: { force: boolean }, json: boolean): Promise<void> {
  if (config.databaseUrl) {
    throw new AppError(
      400,
      'use_pg_restore',
      '`prosa restore` restores the embedded database; this configuration uses PostgreSQL (DATABASE_URL).',
      `Restore PostgreSQL with its own tool: ${PG_RESTORE} (docs/operations.md, Backups).`,
    );
  }
  const path = resolve(file);
  if (!existsSync(path)) throw validationError('file', `does not exist: ${path}`);
  const holder = lockHolder(config.dataDir);
  if (holder !== null) {
    throw new AppError(
      409,
      'data_dir_in_use',
      `A server (pid ${holder}) is using ${resolve(config.dataDir)}.`,
      'Stop the server first: a restore replaces the database it is using.',
    );
  }
  const { pgdata, exists } = embeddedCluster(config.dataDir);
  if (exists && !opts.force) {
    throw new AppError(
      409,
      'database_exists',
      `${resolve(config.dataDir)} already holds a database.`,
      'Restore into an empty PROSA_DATA_DIR, or add --force: the current database is moved aside (pgdata.before-restore-<time>), not deleted.',
    );
  }
  const aside = exists ? setAsideCluster(pgdata, new Date()) : null;
  try {
    const database = await openDatabase({ dataDir: config.dataDir, loadDataDir: new Blob([readFileSync(path)]) });
    try {
      const accounts = await database.pglite!.query<{ n: number }>('select count(*)::int as n from accounts');
      printResult({ restored_from: path, data_dir: resolve(config.dataDir), accounts: accounts.rows[0]!.n, previous_database_moved_to: aside }, json);
    } finally {
      await database.close();
    }
  } catch (err) {
    // Leave the directory as it was: drop what was half restored, put the old database back.
    rmSync(pgdata, { recursive: true, force: true });
    if (aside) renameSync(aside, pgdata);
    throw new AppError(
      400,
      'invalid_backup',
      `${path} is not a Prosa backup that can be restored: ${err instanceof Error ? err.message : String(err)}`,
      'Use a file written by `prosa backup`.',
    );
  }
}
