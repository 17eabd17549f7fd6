import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, fsyncSync, openSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * Durable commits for the embedded database (issue 12, "Durability of the embedded database").
 *
 * PGlite as shipped cannot lose an acknowledged write to a process crash (its writes reach the
 * kernel before a query returns) but can lose it to a power loss or a kernel crash, for two
 * reasons, both fixed here:
 *
 * 1. It starts PostgreSQL with `-F` (fsync = off), so PostgreSQL never asks for a sync: not when a
 *    transaction commits (the WAL flush of `synchronous_commit = on`), not at checkpoints.
 *    We start it without `-F`, with `wal_sync_method = fsync`.
 * 2. Even asked, nothing would happen: Emscripten's NODEFS (the file system PGlite mounts on the
 *    data directory in Node) has no `fsync` stream operation, so `fsync()` in the WASM build returns
 *    0 having done nothing, and `fdatasync()` is a no-op in Emscripten whatever the file system
 *    (hence `fsync` rather than the default `fdatasync` as the WAL sync method). We give NODEFS
 *    an `fsync` that calls the kernel's `fsync(2)` on the real file descriptor.
 *
 * The result is PostgreSQL's own guarantee: COMMIT returns only after the WAL up to its commit
 * record is on stable storage, and a checkpoint syncs the data files before it moves the redo
 * point. No group commit: PGlite has one connection, so commits are already serialised and each
 * costs one `fsync` of the WAL segment (measured in bench/embedded-durability.ts).
 *
 * The files `initdb` writes on a fresh data directory are written by a separate WASM module that
 * keeps `-F`: `syncTree` flushes them (and their directory entries) once, before the database is
 * used.
 */
export class DurableNodeFS extends NodeFS {
  /** How many `fsync(2)` calls PostgreSQL has made through this file system (for tests and metrics). */
  syncCount = 0;
  /**
   * While a fresh data directory is being set up (a template or dump loaded, PostgreSQL starting on
   * it, which syncs every file), nothing has been acknowledged: PostgreSQL's syncs are skipped and
   * the caller syncs the whole directory once when the set-up is done (syncDataDirectory).
   */
  deferSyncs = false;

  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]): ReturnType<NodeFS['init']> {
    const result = await super.init(pg, opts);
    const preRun = (result.emscriptenOpts.preRun ?? []) as Array<(module: EmscriptenModule) => void>;
    result.emscriptenOpts.preRun = [
      ...preRun,
      (module) => {
        // stream_ops is one object shared by every NODEFS stream, open now or later.
        module.NODEFS.stream_ops.fsync = (stream: { nfd?: number }) => {
          if (typeof stream.nfd === 'number' && !this.deferSyncs) {
            fsyncSync(stream.nfd);
            this.syncCount += 1;
          }
          return 0;
        };
      },
    ];
    return result;
  }
}

interface EmscriptenModule {
  NODEFS: { stream_ops: Record<string, unknown> };
}

/** PGlite's own start parameters with fsync turned back on and a WAL sync method that reaches the disk. */
export function durableStartParams(): string[] {
  return [...PGlite.defaultStartParams.filter((p) => p !== '-F'), '-c', 'wal_sync_method=fsync'];
}

/** True when `pgdata` holds no cluster yet (PGlite will run initdb). */
export function needsInitdb(pgdata: string): boolean {
  return !existsSync(join(pgdata, 'PG_VERSION'));
}

/**
 * Makes everything under `root` durable once, after initdb or a loaded template: syncfs(2) of the
 * file system that holds it (coreutils' `sync --file-system`), one call where fsync of each file
 * is about 1,300 (the template's files and directories, 0.55 s against 0.1 s measured), and it
 * covers `root`'s own directory entry. Where that command is missing (not Linux coreutils), each
 * file and directory is synced (`syncTree`).
 */
export function syncDataDirectory(root: string): void {
  try {
    execFileSync('sync', ['--file-system', root], { stdio: 'ignore', timeout: 120_000 });
  } catch {
    syncTree(root);
  }
}

/**
 * fsync every file and directory under `root`, then `root`'s parent (so the directory entry of
 * a freshly created `root` is durable too).
 */
function syncTree(root: string): number {
  let count = 0;
  const visit = (path: string): void => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const child = join(path, entry.name);
      if (entry.isDirectory()) visit(child);
      else if (entry.isFile()) count += syncPath(child);
    }
    count += syncPath(path);
  };
  visit(root);
  count += syncPath(dirname(root));
  return count;
}

function syncPath(path: string): number {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
    return 1;
  } finally {
    closeSync(fd);
  }
}
