import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * One full, memory-reducing garbage collection shortly after `prosa serve` starts listening
 * (issue 12 goal: idle RSS under 300 MB).
 *
 * A start leaves well over 100 MB of garbage: copies of the embedded database's 42 MB template
 * (the file, its Blob, the ArrayBuffer PGlite untars), the migrations' and the demo seeding's
 * temporaries, the sources compiled while loading ~2,200 modules. V8 only collects when the
 * program allocates, and an idle server hardly does, so that garbage stayed resident for as long
 * as the server was idle (measured: 599 MB before a full collection, 461 MB after, 2026-11-24).
 *
 * The collection is V8's "last resort" flavour, the one it runs under memory pressure: it also
 * compacts the heap and shrinks the young generation, so the freed pages go back to the system.
 * It pauses the event loop once, for about 50-100 ms, before any real traffic is likely.
 *
 * Node offers no API for this: `--expose-gc` is switched on at run time and the `gc` function
 * taken from a fresh context (the flag only adds it to contexts created afterwards).
 */
export function collectStartGarbage(): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

/** Delay after listening: the start's last asynchronous steps (the job queue's first maintenance, the first health probes) finish first. */
export const START_GARBAGE_DELAY_MS = 1_000;
