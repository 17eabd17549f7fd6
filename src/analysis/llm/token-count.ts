import { Tiktoken } from 'js-tiktoken/lite';
import o200k from 'js-tiktoken/ranks/o200k_base';
import { bytePairCount } from './byte-pair-count.ts';
import { preTokenizer, type PreTokenizer } from './pre-tokenizer.ts';

/**
 * Token counts for billing when no provider reports usage: OpenAI's o200k_base encoding (GPT-4o
 * and later), from the ranks bundled in js-tiktoken, so nothing is fetched at run time.
 *
 * Counting is js-tiktoken's algorithm (same pre-tokeniser regex, same ranks, same merge order)
 * with three changes for speed, all checked against `Tiktoken.encode` in
 * test/llm/token-count.test.ts: the pieces are found through ASCII classes where the text allows
 * (pre-tokenizer.ts), they are merged with a heap (byte-pair-count.ts) instead of the quadratic
 * rescan, and counts of repeated pieces (words recur) are cached. Special-token text such as `<|endoftext|>` is
 * counted as ordinary text: it is data here, and `encode` would throw on it by default.
 *
 * The ranks module is imported eagerly (~40 ms, 2.3 MB); the rank tables are built on the first
 * call (~0.8 s, held for the life of the process).
 */
interface Encoder {
  pieces: PreTokenizer;
  rankMap: Map<string, number>;
}

let encoder: Encoder | null = null;

function getEncoder(): Encoder {
  if (encoder) return encoder;
  const tiktoken = new Tiktoken(o200k);
  // The rank table is an internal of js-tiktoken (pinned at 1.0.21 in package.json): a Map from
  // comma-joined byte values to rank. Fail loudly if an upgrade moves it, rather than miscount.
  const rankMap = (tiktoken as unknown as { rankMap?: unknown }).rankMap;
  if (!(rankMap instanceof Map) || rankMap.size < 100_000) {
    throw new Error('js-tiktoken internals changed: Tiktoken.rankMap is not the rank table; review src/analysis/llm/token-count.ts');
  }
  encoder = { pieces: preTokenizer(o200k.pat_str), rankMap: rankMap as Map<string, number> };
  return encoder;
}

const utf8 = new TextEncoder();
const MAX_CACHED_PIECE = 64;
const MAX_CACHE_ENTRIES = 100_000;
const cache = new Map<string, number>();

export function countTokens(text: string): number {
  if (text.length === 0) return 0;
  const { pieces, rankMap } = getEncoder();
  const rankOf = (bytes: Uint8Array, start: number, end: number) => rankMap.get(bytes.subarray(start, end).join(','));
  let total = 0;
  pieces.forEachPiece(text, (piece) => {
    if (piece.length > MAX_CACHED_PIECE) {
      total += bytePairCount(utf8.encode(piece), rankOf);
      return;
    }
    let n = cache.get(piece);
    if (n === undefined) {
      n = bytePairCount(utf8.encode(piece), rankOf);
      // A bounded cache: clearing it now and then is cheaper than LRU bookkeeping per piece.
      if (cache.size >= MAX_CACHE_ENTRIES) cache.clear();
      cache.set(piece, n);
    }
    total += n;
  });
  return total;
}
