import { setFlagsFromString } from 'node:v8';

/**
 * Keeps the WebAssembly code V8 compiles for the embedded PostgreSQL for as long as the process
 * lives: V8's garbage collection of dead WebAssembly code is turned off before the first PGlite
 * starts.
 *
 * Why: under PGlite, V8 13 (Node 24) can abort the whole process with
 * `Check failed: jit_page_->allocations_.erase(addr) == 1` in
 * `ThreadIsolation::UnregisterWasmAllocation`, the call that frees dead WebAssembly code (an
 * upstream bug, nodejs/node#64500, open). It has aborted a test worker in CI and would abort
 * `prosa serve` the same way. Code only becomes dead when V8 replaces a function's baseline code
 * with its optimized code, so what is kept is bounded by one baseline copy of the functions that
 * were optimized; PGlite already keeps the compiled module itself for the process's life (it
 * caches it by URL), so nothing else of it is ever freed.
 *
 * `node --wasm-code-gc` (or NODE_OPTIONS) cannot turn it back on: the flag is set at run time, on
 * purpose, so that every way of starting Prosa (the CLI, the test workers, the benchmarks) gets it.
 */
let applied = false;

export function retainWasmCode(): void {
  if (applied) return;
  setFlagsFromString('--no-wasm-code-gc');
  applied = true;
}
