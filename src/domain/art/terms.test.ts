import { describe, expect, it } from 'vitest';
import { containsTerm, distinguishingTerms, indexTerms, missingTerms } from './terms.ts';

const surfaces = (text: string) => distinguishingTerms(text).map((t) => t.surface);

describe('distinguishing terms', () => {
  it('leaves out claim drafting words, articles, ordinals and bare numbers', () => {
    expect(
      surfaces(
        'wherein the first bandwidth region and the second bandwidth region are receivable by a WLAN device operating in approximately the 5GHz bandwidth region',
      ),
    ).toEqual(['bandwidth', 'region', 'receivable', 'WLAN', 'operating', '5GHz']);
  });

  it('reads a number and its unit as one term however it is written', () => {
    const a = distinguishingTerms('a band above 5400MHz').find((t) => t.quantity)!;
    expect(a.surface).toBe('5400MHz');
    expect(containsTerm(indexTerms('rejects signals above 5,400 MHz'), a)).toBe(true);
    expect(containsTerm(indexTerms('rejects signals above 5 GHz'), a)).toBe(false);
  });
});

describe('presence of terms in a passage', () => {
  it('matches words by stem', () => {
    const terms = distinguishingTerms('signals receivable at frequencies');
    expect(missingTerms(terms, indexTerms('a receiver tuned to the frequency of a signal'))).toEqual([]);
  });

  it('matches an acronym to the words whose initials spell it, and not otherwise', () => {
    const [wlan] = distinguishingTerms('a WLAN');
    expect(containsTerm(indexTerms('over a wireless local area network'), wlan)).toBe(true);
    expect(containsTerm(indexTerms('over a wide area network'), wlan)).toBe(false);
  });

  it('undoes the USPTO full-text markup before comparing', () => {
    const terms = distinguishingTerms('a subcarrier f1');
    expect(missingTerms(terms, indexTerms('subcarrier f.sub.1 of the system'))).toEqual([]);
  });

  it('finds hyphenated compounds written closed or in parts', () => {
    const terms = distinguishingTerms('non-overlapping subdivisions');
    expect(missingTerms(terms, indexTerms('nonoverlapping subdivisions')).map((t) => t.surface)).toEqual([]);
  });
});

describe('abbreviations the claim defines', () => {
  it('finds "bandpass filter (BPF)" where the reference writes the words out', () => {
    const claim = 'applying a bandpass filter (BPF) to at least a portion of the dataset';
    const bpf = distinguishingTerms('wherein the BPF rejects a band', claim).find((t) => t.surface === 'BPF')!;
    expect(bpf.expansion).toBeDefined();
    expect(containsTerm(indexTerms('the filters are implemented as bandpass filters'), bpf)).toBe(true);
    expect(containsTerm(indexTerms('the filters are implemented as lowpass filters'), bpf)).toBe(false);
  });
});
