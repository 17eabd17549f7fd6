import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { retainWasmCode } from './wasm-code-retention.ts';

/**
 * How much memory the embedded PostgreSQL holds (issue 12 goal: idle RSS of `prosa serve` under
 * 300 MB).
 *
 * PGlite allocates PostgreSQL's shared memory inside its WebAssembly heap and writes all of it at
 * start, so every megabyte of `shared_buffers` is resident from the first second whether or not a
 * page is ever cached: PostgreSQL's default 128 MB made 151 MB of the 189 MB WASM heap resident
 * (measured: /proc/PID/smaps, 2026-11-24). PostgreSQL's own cache is a second copy here: every
 * page it misses is read from the kernel's page cache (NODEFS reads the data directory with
 * pread), which already holds the recently used pages of the data directory. 16 MB (2048 pages)
 * holds the hot rows of a single-process deployment (accounts, keys, public records, the rate
 * and usage rows) and a 1 MB analysis record with room to spare.
 *
 * `wal_buffers` stays at the 4 MB it had with 128 MB of shared buffers (by default it is 1/32 of
 * them): a transaction that writes a 1 MB jsonb record then still fits in the WAL buffers, so the
 * WAL is written once at commit, not in pieces mid-transaction.
 *
 * Durability is unchanged: commits still flush and fsync the WAL (durable-pglite.ts); a smaller
 * cache only evicts dirty pages earlier, and PostgreSQL flushes the WAL up to a page's LSN before
 * it writes that page out.
 */
const EMBEDDED_MEMORY_PARAMS: readonly string[] = ['-c', 'shared_buffers=16MB', '-c', 'wal_buffers=4MB'];

/** PGlite's start parameters with the embedded memory settings appended (later settings win). */
export function withEmbeddedMemory(startParams: readonly string[] = PGlite.defaultStartParams): string[] {
  return [...startParams, ...EMBEDDED_MEMORY_PARAMS];
}

/**
 * `PGlite.create(options)`, then drops `options.loadDataDir`. PGlite keeps the options object it
 * was given for as long as the database is open (its runtime callbacks close over it), so a dump
 * it was started from (the 42 MB template, a restored backup) would stay in memory until the
 * process ends. The dump has been written to the data directory by the time create() resolves.
 * Every embedded database of the process starts here, so this is also where V8's WebAssembly code
 * collection is turned off first (wasm-code-retention.ts).
 */
export async function createReleasingDump(options: PGliteOptions): Promise<PGlite> {
  retainWasmCode();
  try {
    return await PGlite.create(options);
  } finally {
    options.loadDataDir = undefined;
  }
}
