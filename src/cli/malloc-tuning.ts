/**
 * glibc's allocator keeps freed memory in per-thread arenas, and V8's background compiler threads
 * (optimising PGlite's WASM: one function needs hundreds of MB of compiler memory) leave about
 * 100 MB there that an idle server never returns (issue 12: idle RSS < 300 MB embedded, measured
 * 341-372 MB without this, 260-265 MB with it; bench/idle-memory.ts). With a fixed mmap threshold
 * large blocks are mmap'ed and unmapped when freed instead. glibc reads MALLOC_MMAP_THRESHOLD_ only
 * when the process starts, so `serve` re-executes itself once with it set (process.execve keeps
 * the PID, so supervisors and `kill` see one process; about 40 ms). An operator's own value is
 * kept; PROSA_MALLOC_TUNING=off turns this off; other C libraries ignore the variable.
 */
export const MMAP_THRESHOLD_BYTES = 131_072;

export function reexecWithMallocTuning(argv: string[] = process.argv, env: NodeJS.ProcessEnv = process.env): void {
  if (process.platform !== 'linux' || typeof process.execve !== 'function') return;
  if (env.MALLOC_MMAP_THRESHOLD_ !== undefined || env.PROSA_MALLOC_TUNING === 'off') return;
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...argv.slice(1)], { ...env, MALLOC_MMAP_THRESHOLD_: String(MMAP_THRESHOLD_BYTES) });
}
