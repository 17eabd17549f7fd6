import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { analyzeOfficeAction } from './analyze.ts';
import { loadCorpus, loadText } from './fixtures/corpus.ts';
import { countEvidence, verifyEvidence } from './spans.ts';

/** The hard invariant: every evidence span quotes the ORIGINAL input exactly. */
function check(text: string): number {
  const a = analyzeOfficeAction(text);
  const failures = verifyEvidence(text, a);
  expect(failures).toEqual([]);
  expect(a.citations_verified).toBe(true);
  return countEvidence(a);
}

const texts = [
  ...loadCorpus().map((c) => [c.id, c.text] as const),
  ['synthetic-non-final', loadText('synthetic-non-final.txt')] as const,
  ['synthetic-final', loadText('synthetic-final.txt')] as const,
  ['synthetic-other-papers', loadText('synthetic-other-papers.txt')] as const,
];

describe('evidence spans quote the original input', () => {
  test.each(texts)('%s', (_id, text) => {
    expect(check(text)).toBeGreaterThan(0);
  });

  test.each(texts)('%s with CRLF line ends, tabs and no-break spaces', (_id, text) => {
    check(text.replace(/\n/g, '\r\n').replace(/ {2}/g, '\u00a0 ').replace(/\t/g, '\t\u200b'));
  });

  test('any mix of real fragments and noise', () => {
    const pool = texts.map(([, t]) => t);
    const fragment = fc
      .tuple(fc.nat({ max: pool.length - 1 }), fc.nat({ max: 30_000 }), fc.nat({ max: 2_000 }))
      .map(([i, at, len]) => pool[i].slice(at % pool[i].length, (at % pool[i].length) + len));
    const noise = fc.string({ unit: 'binary', maxLength: 200 });
    fc.assert(
      fc.property(fc.array(fc.oneof(fragment, noise), { maxLength: 8 }), (parts) => {
        const text = parts.join('');
        expect(verifyEvidence(text, analyzeOfficeAction(text))).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });
});
