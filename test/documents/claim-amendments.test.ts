import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BRACKET_DELETION_MAX_CHARS, cleanText, diffWords, markClaimAmendment, tokenize, type MarkedRun } from '../../src/domain/claims/claim-amendments.ts';

const marks = (runs: MarkedRun[]) => runs.map((r) => `${r.mark}:${r.text}`);

describe('tokenize', () => {
  it('splits words, whitespace and single punctuation marks', () => {
    expect(tokenize('a sensor, wherein the sensor’s lens is 5-mm.')).toEqual([
      'a',
      ' ',
      'sensor',
      ',',
      ' ',
      'wherein',
      ' ',
      'the',
      ' ',
      'sensor’s',
      ' ',
      'lens',
      ' ',
      'is',
      ' ',
      '5',
      '-',
      'mm',
      '.',
    ]);
  });
});

describe('diffWords', () => {
  it('reports an unchanged claim as one equal run', () => {
    expect(diffWords('A device.', 'A device.')).toEqual([{ op: 'equal', text: 'A device.' }]);
  });

  it('finds an addition at the end of a claim, before its period', () => {
    expect(diffWords('A device comprising a sensor.', 'A device comprising a sensor, wherein the sensor is optical.')).toEqual([
      { op: 'equal', text: 'A device comprising a sensor' },
      { op: 'insert', text: ', wherein the sensor is optical' },
      { op: 'equal', text: '.' },
    ]);
  });

  it('puts the deletion before the addition in a replacement', () => {
    expect(diffWords('heating the fluid quickly.', 'heating the fluid slowly.')).toEqual([
      { op: 'equal', text: 'heating the fluid ' },
      { op: 'delete', text: 'quickly' },
      { op: 'insert', text: 'slowly' },
      { op: 'equal', text: '.' },
    ]);
  });

  it('folds a short kept word between two long changes into them', () => {
    const ops = diffWords(
      'The device of claim 5, further comprising a display.',
      'A device comprising: a sensor configured to measure a level of an analyte, further comprising a display.',
    );
    expect(ops.filter((o) => o.op === 'delete').map((o) => o.text)).toEqual(['The', 'of claim 5']);
  });

  it('always reconstructs both texts: equal + delete gives the old text, equal + insert the new', () => {
    const word = fc.constantFrom('a', 'the', 'sensor', 'claim', '1', '5', ',', ';', 'wherein', 'processor', 'optical');
    const claim = fc.array(word, { maxLength: 25 }).map((ws) => ws.join(' '));
    fc.assert(
      fc.property(claim, claim, (a, b) => {
        const ops = diffWords(a, b);
        expect(
          ops
            .filter((o) => o.op !== 'insert')
            .map((o) => o.text)
            .join(''),
        ).toBe(a);
        expect(
          ops
            .filter((o) => o.op !== 'delete')
            .map((o) => o.text)
            .join(''),
        ).toBe(b);
      }),
    );
  });
});

describe('markClaimAmendment (37 CFR 1.121(c)(2))', () => {
  it('underlines additions', () => {
    expect(marks(markClaimAmendment('A device.', 'A device, wherein the device is portable.'))).toEqual([
      'none:A device',
      'added:, wherein the device is portable',
      'none:.',
    ]);
  });

  it('shows a deletion of five or fewer characters in double brackets, not struck through', () => {
    expect(marks(markClaimAmendment('The device of claim 5, further', 'The device of claim 1, further'))).toEqual([
      'none:The device of claim ',
      'deleted_bracketed:[[5]]',
      'separator: ',
      'added:1',
      'none:, further',
    ]);
    expect(BRACKET_DELETION_MAX_CHARS).toBe(5);
  });

  it('brackets exactly five characters and strikes through six', () => {
    expect(marks(markClaimAmendment('a large sensor', 'a sensor'))).toEqual(['none:a ', 'deleted_bracketed:[[large]]', 'none: sensor']);
    expect(marks(markClaimAmendment('a larger sensor', 'a sensor'))).toEqual(['none:a ', 'deleted:larger', 'none: sensor']);
  });

  it('counts the characters of a multi-word deletion, spaces included', () => {
    expect(marks(markClaimAmendment('x at a b y', 'x y'))).toEqual(['none:x ', 'deleted:at a b', 'none: y']);
    expect(marks(markClaimAmendment('x a b y', 'x y'))).toEqual(['none:x ', 'deleted_bracketed:[[a b]]', 'none: y']);
  });

  it('keeps whitespace at the edges of a change unmarked', () => {
    expect(marks(markClaimAmendment('a sensor and a lens', 'a sensor'))).toEqual(['none:a sensor ', 'deleted:and a lens']);
    expect(marks(markClaimAmendment('a sensor', 'a sensor and a lens'))).toEqual(['none:a sensor ', 'added:and a lens']);
  });

  it('does not mark a change of whitespace alone', () => {
    expect(markClaimAmendment('a  sensor', 'a sensor').every((r) => r.mark === 'none')).toBe(true);
  });

  it('reads as the new text once the amendment is entered', () => {
    const old = 'A method of heating the said fluid quickly.';
    const next = 'A method of heating a fluid slowly and quietly.';
    expect(cleanText(markClaimAmendment(old, next))).toBe(next);
  });
});
