import fc from 'fast-check';
import { Tiktoken } from 'js-tiktoken/lite';
import o200k from 'js-tiktoken/ranks/o200k_base';
import { describe, expect, test } from 'vitest';
import { countTokens } from '../../src/analysis/llm/token-count.ts';
import { loadCorpus, loadText } from '../../src/domain/office-action/fixtures/corpus.ts';

/** js-tiktoken's own encoder, the reference the fast counter must agree with. */
let reference: Tiktoken | undefined;
const encodeCount = (s: string) => (reference ??= new Tiktoken(o200k)).encode(s, [], []).length;

function randomLetters(n: number, seed: number): string {
  let x = seed;
  let s = '';
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    s += String.fromCharCode(97 + ((x >>> 16) % 26));
  }
  return s;
}

describe('countTokens (o200k_base)', () => {
  test('known counts', () => {
    expect(countTokens('')).toBe(0);
    expect(countTokens('hello world')).toBe(2); // o200k_base: [24912, 2375]
    expect(countTokens('Hello, world!')).toBe(4);
    expect(countTokens(' ')).toBe(1);
    expect(countTokens('35 U.S.C. 103')).toBe(encodeCount('35 U.S.C. 103'));
  });

  test('special-token text is ordinary data: counted, never thrown on', () => {
    expect(() => countTokens('before <|endoftext|> after')).not.toThrow();
    expect(countTokens('before <|endoftext|> after')).toBe(encodeCount('before <|endoftext|> after'));
  });

  test('agrees with js-tiktoken on every office action in the corpus', () => {
    const texts = [...loadCorpus().map((c) => c.text), loadText('synthetic-non-final.txt'), loadText('synthetic-final.txt')];
    for (const t of texts) expect(countTokens(t)).toBe(encodeCount(t));
  });

  test('agrees with js-tiktoken on arbitrary strings (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 120 }), (s) => countTokens(s) === encodeCount(s)),
      { numRuns: 400 },
    );
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b', ' ', '  ', '\n', '=', '1', 'é', '日', '😀', "'s", 'ing', 'ab'), { maxLength: 80 }), (parts) => {
        const s = parts.join('');
        return countTokens(s) === encodeCount(s);
      }),
      { numRuns: 400 },
    );
  });

  test('agrees on long single pieces (where js-tiktoken is quadratic)', () => {
    for (const s of [randomLetters(1200, 1), 'a'.repeat(2000), ' '.repeat(1500), '='.repeat(1500), `${'ab'.repeat(600)}!`]) {
      expect(countTokens(s)).toBe(encodeCount(s));
    }
  });

  test('1 MB of office-action text: exact and fast', () => {
    countTokens('warm up'); // builds the rank tables (~0.8 s, once per process)
    const base = loadCorpus()
      .map((c) => c.text)
      .join('\n');
    let big = '';
    while (big.length < 1_048_576) big += base;
    big = big.slice(0, 1_048_576);
    const t0 = performance.now();
    const n = countTokens(big);
    const ms = performance.now() - t0;
    console.log(`countTokens: 1 MB of office-action text, ${n} tokens, ${ms.toFixed(0)} ms`);
    expect(n).toBe(encodeCount(big));
    expect(ms).toBeLessThan(3000); // measured ~100 ms
  });

  test('1 MB without a single break (worst case for byte-pair merging) stays bounded', () => {
    const text = randomLetters(1_048_576, 7);
    const t0 = performance.now();
    const n = countTokens(text);
    const ms = performance.now() - t0;
    console.log(`countTokens: 1 MB of random letters in one piece, ${n} tokens, ${ms.toFixed(0)} ms`);
    expect(n).toBeGreaterThan(100_000);
    expect(ms).toBeLessThan(15_000); // measured ~1.5 s; js-tiktoken's encode would take hours
  });
});
