import type { Config } from '../config.ts';
import { openDatabase, type Db } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { lockHolder } from '../db/data-dir-lock.ts';
import { AppError } from '../errors.ts';
import { callAdminSocket } from './admin-socket.ts';
import { runAdminOp } from './admin-ops.ts';

/**
 * Runs an operator operation against the configured database. PostgreSQL: directly. Embedded:
 * through the running server's admin socket when a server holds the data directory, otherwise
 * by opening the directory itself (taking its lock).
 */
export async function runOperatorOp(config: Config, op: string, args: Record<string, unknown>): Promise<unknown> {
  if (!config.databaseUrl && lockHolder(config.dataDir) !== null) return runOnServer(config.dataDir, op, args);
  return withDatabase(config, (db) => runAdminOp(db, op, args));
}

/** Runs an operation inside the server that holds the embedded data directory; its error object becomes an AppError. */
export async function runOnServer(dataDir: string, op: string, args: Record<string, unknown>): Promise<unknown> {
  const { status, body } = await callAdminSocket(dataDir, op, args);
  if (status >= 400) {
    const e = body as { error_code: string; message: string; agent_suggestion: string };
    throw new AppError(status, e.error_code, e.message, e.agent_suggestion);
  }
  return body;
}

/** Opens, migrates, runs, closes: for commands that work on the database in-process. */
export async function withDatabase<T>(config: Config, fn: (db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  try {
    await migrateToLatest(database.db);
    return await fn(database.db);
  } finally {
    await database.close();
  }
}
