/**
 * A bound on what one tool result puts into an assistant's context (issue 20, context budget).
 * Lists are paged by the tools themselves (limit and next_cursor, offset and next_offset, claim
 * filters); this is the backstop for the results that are not, such as an analysis or a claim
 * chart of a very long action: when the structured result serialises to more than
 * MAX_RESULT_CHARACTERS, its longest texts are cut (each keeps at least MIN_KEPT characters and
 * ends with a note of what was cut), then, if that is not enough, its longest lists keep their
 * first items. The result still matches the tool's output schema; the summary says what was cut
 * and how to read the rest.
 */

/** 48,000 characters of JSON: 12,000 to 16,000 tokens (o200k_base reads 3 to 4 characters a token of these results). */
export const MAX_RESULT_CHARACTERS = 48_000;
const MIN_KEPT = 400;

export interface Bounded<T> {
  data: T;
  /** For the summary: what was cut, or null when nothing was. */
  note: string | null;
}

type Json = unknown;

function size(v: Json): number {
  return JSON.stringify(v)?.length ?? 0;
}

function strings(v: Json, out: number[]): void {
  if (typeof v === 'string') out.push(v.length);
  else if (Array.isArray(v)) for (const x of v) strings(x, out);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) strings(x, out);
}

function cutStrings(v: Json, limit: number, counter: { n: number }): Json {
  if (typeof v === 'string') {
    if (v.length <= limit) return v;
    counter.n += 1;
    return `${v.slice(0, limit)} … [cut: ${v.length - limit} more characters]`;
  }
  if (Array.isArray(v)) return v.map((x) => cutStrings(x, limit, counter));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, cutStrings(x, limit, counter)]));
  return v;
}

/** The longest array in the value (by serialised size), with a way to replace it. */
function longestArray(
  v: Json,
  path: string,
  best: { path: string; size: number; set: ((a: Json[]) => void) | null; items: Json[] | null },
  set: ((a: Json[]) => void) | null,
): void {
  if (Array.isArray(v)) {
    const s = size(v);
    if (v.length > 1 && s > best.size) Object.assign(best, { path, size: s, set, items: v });
    for (const [i, x] of v.entries()) longestArray(x, `${path}[${i}]`, best, (a) => (v[i] = a));
  } else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) longestArray(x, path ? `${path}.${k}` : k, best, (a) => ((v as Record<string, Json>)[k] = a));
  }
}

export function boundResult<T>(data: T, max = MAX_RESULT_CHARACTERS): Bounded<T> {
  if (size(data) <= max) return { data, note: null };
  const notes: string[] = [];
  // 1. Texts: the largest per-string limit that fits, found by bisection over the lengths.
  const lengths: number[] = [];
  strings(data, lengths);
  let lo = MIN_KEPT;
  let hi = Math.max(MIN_KEPT, ...lengths);
  let out = cutStrings(data, lo, { n: 0 });
  if (size(out) <= max) {
    while (hi - lo > 50) {
      const mid = Math.floor((lo + hi) / 2);
      if (size(cutStrings(data, mid, { n: 0 })) <= max) lo = mid;
      else hi = mid;
    }
  }
  const counter = { n: 0 };
  out = cutStrings(data, lo, counter);
  if (counter.n > 0) notes.push(`${counter.n} long text(s) were cut to ${lo} characters`);
  // 2. Lists: the longest keeps its first items until the result fits.
  const copy = structuredClone(out) as Json;
  for (let round = 0; round < 20 && size(copy) > max; round++) {
    const best = { path: '', size: 0, set: null as ((a: Json[]) => void) | null, items: null as Json[] | null };
    longestArray(copy, '', best, null);
    if (!best.items || !best.set) break;
    const items = best.items;
    let keep = items.length - 1;
    const over = size(copy) - max;
    // Drop roughly as many items as the excess needs, at least one.
    const per = best.size / items.length;
    keep = Math.max(1, Math.min(keep, items.length - Math.ceil(over / Math.max(per, 1))));
    best.set(items.slice(0, keep));
    notes.push(`${best.path || 'the list'} keeps its first ${keep} of ${items.length} items`);
  }
  return {
    data: copy as T,
    note: `This result was cut to ${max.toLocaleString('en-US')} characters: ${notes.join('; ')}. Narrow the call (fewer claims, a filter, a smaller limit, or the offset and cursor the tool offers) to read the rest.`,
  };
}
