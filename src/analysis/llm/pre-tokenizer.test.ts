import fc from 'fast-check';
import o200k from 'js-tiktoken/ranks/o200k_base';
import { expect, test } from 'vitest';
import { loadCorpus } from '../../domain/office-action/fixtures/corpus.ts';
import { preTokenizer } from './pre-tokenizer.ts';

/** The pieces as tiktoken's own expression cuts them (the `u` flag, Unicode classes). */
const reference = (text: string) => [...text.matchAll(new RegExp(o200k.pat_str, 'gu'))].map((m) => m[0]);
const pieces = (text: string) => {
  const out: string[] = [];
  preTokenizer(o200k.pat_str).forEachPiece(text, (p) => out.push(p));
  return out;
};

test('the same pieces as the Unicode expression on every office action of the corpus (non-ASCII punctuation included)', () => {
  const texts = loadCorpus().map((c) => c.text);
  expect(texts.some((t) => /[^\x00-\x7f]/.test(t))).toBe(true);
  for (const t of texts) expect(pieces(t)).toEqual(reference(t));
});

test('the same pieces on strings mixing every class a stand-in maps and the characters the expression names (property)', () => {
  const parts = [
    // ASCII: letters of both cases, the contractions' letters, digits, space, tab, breaks, slash, apostrophe, punctuation.
    'a',
    'S',
    's',
    't',
    'l',
    'D',
    'x',
    '1',
    '12',
    ' ',
    '  ',
    '\t',
    '\n',
    '\r\n',
    '/',
    "'",
    "'s",
    "'LL",
    '.',
    '=',
    '(',
    // Stand-ins: upper, title-case, lower, numbers, white space, symbols and punctuation.
    'É',
    'ǅ',
    'é',
    'ß',
    '½',
    '²',
    'Ⅻ',
    '٣',
    '\u00a0',
    '\u2028',
    '\u3000',
    '§',
    '’',
    '“',
    '—',
    '…',
    '¶',
    '©',
    '\u0085',
    // No stand-in (the whole text takes the Unicode path): other letters, marks, astral characters.
    'ª',
    '日',
    '\u0301',
    '😀',
    '𝐀',
  ];
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...parts), { maxLength: 60 }), (ps) => {
      const s = ps.join('');
      expect(pieces(s)).toEqual(reference(s));
    }),
    { numRuns: 2000 },
  );
  fc.assert(
    fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (s) => {
      expect(pieces(s)).toEqual(reference(s));
    }),
    { numRuns: 500 },
  );
});

test('an expression naming a class the ASCII classes do not cover is refused at start', () => {
  expect(() => preTokenizer(String.raw`\p{Sc}+|\s+`)).toThrow(/does not map/);
});
