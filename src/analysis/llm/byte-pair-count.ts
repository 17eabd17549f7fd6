/**
 * How many tokens byte-pair encoding turns one pre-tokenised piece into, with tiktoken's merge
 * order (lowest rank first, leftmost on ties) and the same whole-piece shortcut.
 *
 * js-tiktoken's own merge rescans and re-joins every pair after each merge, which is quadratic
 * in the piece length with a large constant: a 16 KB run of letters takes about a minute, and a
 * 1 MB one would take hours. Ordinary prose never has such pieces, but the office-action text
 * is untrusted input; a heap makes every piece O(n log n) and gives the same count.
 */
export type RankOf = (bytes: Uint8Array, start: number, end: number) => number | undefined;

export function bytePairCount(bytes: Uint8Array, rankOf: RankOf): number {
  const n = bytes.length;
  if (n <= 1) return n;
  if (rankOf(bytes, 0, n) !== undefined) return 1;

  // Parts form a linked list over byte offsets: the part starting at i ends at next[i].
  const next = new Int32Array(n);
  const prev = new Int32Array(n);
  const alive = new Uint8Array(n).fill(1);
  for (let i = 0; i < n; i++) {
    next[i] = i + 1;
    prev[i] = i - 1;
  }

  const heap = new PairHeap();
  const offer = (start: number) => {
    const mid = next[start];
    if (mid >= n) return;
    const end = next[mid];
    const rank = rankOf(bytes, start, end);
    if (rank !== undefined) heap.push(rank, start, end);
  };
  for (let i = 0; i < n - 1; i++) offer(i);

  let parts = n;
  while (heap.size > 0) {
    const { start, end } = heap.pop();
    // Stale entry: one side has merged with something else since it was queued.
    if (!alive[start] || next[start] >= n || next[next[start]] !== end) continue;
    const mid = next[start];
    alive[mid] = 0;
    next[start] = end;
    if (end < n) prev[end] = start;
    parts--;
    if (prev[start] >= 0) offer(prev[start]);
    offer(start);
  }
  return parts;
}

/**
 * Min-heap of (rank, start, end) ordered by rank then start. Rank < 2^21 and start < 2^32, so
 * `rank * 2^32 + start` is an exact double and one comparison orders both.
 */
class PairHeap {
  private keys: number[] = [];
  private ends: number[] = [];

  get size(): number {
    return this.keys.length;
  }

  push(rank: number, start: number, end: number): void {
    const keys = this.keys;
    const ends = this.ends;
    const key = rank * 4294967296 + start;
    let i = keys.length;
    keys.push(key);
    ends.push(end);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (keys[parent] <= key) break;
      keys[i] = keys[parent];
      ends[i] = ends[parent];
      i = parent;
    }
    keys[i] = key;
    ends[i] = end;
  }

  pop(): { start: number; end: number } {
    const keys = this.keys;
    const ends = this.ends;
    const topKey = keys[0];
    const top = { start: topKey % 4294967296, end: ends[0] };
    const lastKey = keys.pop()!;
    const lastEnd = ends.pop()!;
    const size = keys.length;
    if (size > 0) {
      let i = 0;
      for (;;) {
        let child = 2 * i + 1;
        if (child >= size) break;
        if (child + 1 < size && keys[child + 1] < keys[child]) child++;
        if (keys[child] >= lastKey) break;
        keys[i] = keys[child];
        ends[i] = ends[child];
        i = child;
      }
      keys[i] = lastKey;
      ends[i] = lastEnd;
    }
    return top;
  }
}
