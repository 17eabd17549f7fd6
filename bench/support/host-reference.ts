// How fast the host is running right now, as a figure the benchmarks print beside their own.
//
// This machine's speed moves by up to 2x between hours (on 2026-11-29 the same code's draft-burst
// median was 135-178 ms between 05:00 and 07:00 UTC and 51-64 ms at 08:10), so a figure alone
// cannot say whether a change or the hour moved it. The reference is fixed work that no Prosa change
// touches: a JSON round trip of a fixed 40 kB document, its deflate and its SHA-256, timed in the
// bench's own process. Two runs whose references differ by 1.5x ran on hosts of different speed;
// side-by-side runs (alternating the two commits) remain the way to compare code.
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';

const DOCUMENT = {
  claims: Array.from({ length: 200 }, (_, i) => ({
    number: i + 1,
    text: `A method comprising step ${i} of receiving a signal, determining a value from the signal and storing the value, wherein the value is ${i * 7}.`,
    refs: [`US ${10_000_000 + i}`, `US 2020/0${100_000 + i}`],
  })),
};
const ROUNDS = 40;

function unitsOfWork(n: number): void {
  for (let i = 0; i < n; i++) {
    const text = JSON.stringify(DOCUMENT);
    JSON.parse(text);
    deflateSync(text);
    createHash('sha256').update(text).digest();
  }
}

/**
 * The median of `samples` timings of ROUNDS units of the fixed work, in milliseconds per unit,
 * after a warm-up of as many units (a first call otherwise times V8's compilation of this code).
 */
function hostReferenceMs(samples = 9): number {
  unitsOfWork(ROUNDS * samples);
  const times: number[] = [];
  for (let s = 0; s < samples; s++) {
    const start = performance.now();
    unitsOfWork(ROUNDS);
    times.push((performance.now() - start) / ROUNDS);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

/** "host reference 1.23 ms" for a bench's output. */
export function hostReferenceLine(label: string): string {
  return `host reference (${label}): ${hostReferenceMs().toFixed(3)} ms per unit of fixed work (bench/support/host-reference.ts)`;
}
