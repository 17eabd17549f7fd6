import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Exclusive lock on an embedded (PGlite) data directory.
 *
 * PGlite itself takes no lock: two processes that open one directory both succeed, and the
 * second one's committed rows are silently lost when the first closes (measured; see
 * shared/reference/stack.md §1). So every process that opens the directory must hold this lock.
 * A lock whose recorded process no longer exists is stale and taken over.
 */
export class DataDirLockedError extends Error {
  readonly pid: number;
  constructor(dir: string, pid: number) {
    super(
      `The data directory ${dir} is in use by another Prosa process (pid ${pid}). ` +
        'Stop that process, or point PROSA_DATA_DIR at another directory. ' +
        'Operator commands (prosa accounts/keys/credits/import) reach a running server through its admin socket.',
    );
    this.pid = pid;
  }
}

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

const LOCK_FILE = 'prosa.lock';

/** The pid holding the lock, or null when the directory is free (or the holder is gone). */
export function lockHolder(dir: string): number | null {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(join(dir, LOCK_FILE), 'utf8').trim(), 10);
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0) return null;
  return processExists(pid) ? pid : null;
}

export function acquireDataDirLock(dir: string): DataDirLock {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const path = join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      let released = false;
      return {
        path,
        release() {
          if (released) return;
          released = true;
          rmSync(path, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = lockHolder(dir);
      if (holder !== null && holder !== process.pid) throw new DataDirLockedError(dir, holder);
      // Stale lock (holder died without cleaning up): remove it and try once more.
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}`);
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
