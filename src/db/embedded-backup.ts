import { closeSync, existsSync, fsyncSync, openSync, renameSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/**
 * Online backup and restore of the embedded database (docs/operations.md, "Backups").
 *
 * A backup is PGlite's own data-directory dump (a gzipped tar of `pgdata`), taken after a
 * CHECKPOINT and while PGlite runs no other query (dumpDataDir holds its query lock), so it is
 * a crash-consistent image: PostgreSQL replays its WAL on first start, exactly as after a power
 * loss, and every transaction committed before the dump is in it. The file is written beside its
 * final name, synced, then renamed, so a backup that exists is whole.
 */
export async function writeEmbeddedBackup(pglite: PGlite, path: string): Promise<{ path: string; bytes: number }> {
  await pglite.exec('CHECKPOINT');
  const dump = await pglite.dumpDataDir('gzip');
  const bytes = Buffer.from(await dump.arrayBuffer());
  const partial = `${path}.partial`;
  const fd = openSync(partial, 'w', 0o600);
  try {
    writeSync(fd, bytes);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(partial, path);
  syncDirectory(dirname(path));
  return { path, bytes: bytes.length };
}

/** The pgdata directory of an embedded data directory, and whether it holds a database. */
export function embeddedCluster(dataDir: string): { pgdata: string; exists: boolean } {
  const pgdata = join(dataDir, 'pgdata');
  return { pgdata, exists: existsSync(join(pgdata, 'PG_VERSION')) };
}

/**
 * Moves an existing pgdata aside (never deletes it: a restore over the wrong directory must be
 * undoable) and returns where it went.
 */
export function setAsideCluster(pgdata: string, now: Date): string {
  const aside = `${pgdata}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
  renameSync(pgdata, aside);
  syncDirectory(dirname(pgdata));
  return aside;
}

function syncDirectory(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
