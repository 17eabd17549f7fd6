/**
 * The verifier of sentences drafted from the claim chart (issue 18 item 7), on the limitation of
 * claim 1 of 15/091,542 the examiner mapped to Laroia ¶¶ [0031] and [0034], with Laroia's own
 * text: what may enter a paper and what is dropped, with the reason.
 */
import { describe, expect, test } from 'vitest';
import { checkSentence, type HeldSources } from '../../src/analysis/llm/chart-argument-check.ts';
import type { CandidateSentence } from '../../src/analysis/llm/chart-argument-reply.ts';
import { LAROIA } from '../file/support.ts';

const paragraph = (n: string) => new RegExp(`^\\[${n}\\] (.*)$`, 'm').exec(LAROIA)![1];

const HELD: HeldSources = {
  limitation: 'reassigning at least a portion of the first communication subchannel based on the assessment of the load',
  assertion:
    'reassigning at least a portion of the first communication subchannel based on the assessment of the load {¶0031 wherein frequency control module 318 selectively controls generator 320 so that subcarrier frequency fx.sub.1 will remain within the acceptable frequency passband corresponding to the range of fixed filter 1 322}',
  // Held texts break lines where a model writes a space.
  passages: [
    {
      label: '[0031]',
      text: paragraph('0031').replace('frequency control module 318 selectively controls', 'frequency control module 318\nselectively  controls'),
    },
    { label: '[0034]', text: paragraph('0034') },
  ],
  examiner_pinpoints: ['¶0031', '¶0034', 'FIG. 4'],
  missing_terms: ['reassigning', 'subchannel', 'assessment', 'load', 'communication'],
  absent_terms: ['reassigning', 'subchannel', 'assessment', 'load'],
};

const sentence = (text: string, quotations: CandidateSentence['quotations'] = [], pinpoints: string[] = []): CandidateSentence => ({
  text,
  quotations,
  pinpoints,
});

describe('a drafted sentence is kept', () => {
  test('with an exact quotation of the passage it cites', () => {
    const s = sentence(
      "Laroia ¶ [0031] describes that “frequency control module 318 selectively controls generator 320” to keep a subcarrier within a fixed filter's passband, which is not a reassignment based on an assessment of load.",
      [{ text: 'frequency control module 318 selectively controls generator 320', source: '¶ [0031]' }],
      ['¶ [0031]'],
    );
    expect(checkSentence(s, HELD)).toEqual({ ok: true });
  });

  test('when the model wrote a space where the held text breaks the line or doubles a space', () => {
    const s = sentence('The passage says “frequency control module 318 selectively controls generator 320”.', [
      { text: 'frequency control module 318 selectively controls generator 320', source: '[0031]' },
    ]);
    expect(checkSentence(s, HELD)).toEqual({ ok: true });
  });

  test("with a quotation of the claim, a period inside the closing mark, and the examiner's pinpoint as written", () => {
    const s = sentence('Nothing in ¶0031 addresses “the assessment of the load.”', [{ text: 'the assessment of the load', source: 'claim' }]);
    expect(checkSentence(s, HELD)).toEqual({ ok: true });
  });

  test('saying the reference never uses a term the chart found absent from it', () => {
    const s = sentence('Laroia does not use the terms “load” or “subchannel” anywhere.', [
      { text: 'load', source: 'claim' },
      { text: 'subchannel', source: 'claim' },
    ]);
    expect(checkSentence(s, HELD)).toEqual({ ok: true });
  });

  test('saying the passages lack a term the chart found missing from them only', () => {
    const s = sentence('The cited passages do not mention “communication”.', [{ text: 'communication', source: 'claim' }]);
    expect(checkSentence(s, HELD)).toEqual({ ok: true });
  });
});

describe('a drafted sentence is dropped, with the reason', () => {
  test('a paraphrase in quotation marks', () => {
    const s = sentence(
      'Laroia states that “the frequency control module reassigns subcarriers based on load”.',
      [{ text: 'the frequency control module reassigns subcarriers based on load', source: '¶ [0031]' }],
      ['¶ [0031]'],
    );
    expect(checkSentence(s, HELD)).toMatchObject({ ok: false, code: 'quotation', reason: expect.stringContaining('not in ¶ [0031]') });
  });

  test('a quotation found in the reference but not in the source it names', () => {
    const s = sentence("The Office Action relies on “programmable filters 422, 422'”.", [{ text: "programmable filters 422, 422'", source: 'office_action' }]);
    expect(checkSentence(s, HELD)).toMatchObject({ ok: false, code: 'quotation' });
  });

  test('words in quotation marks that were not declared as a quotation', () => {
    const s = sentence('Laroia merely teaches "fixed filters" and never balances load.', [], []);
    expect(checkSentence(s, HELD)).toMatchObject({ ok: false, code: 'undeclared_quotation', reason: expect.stringContaining('fixed filters') });
    expect(checkSentence(sentence('Laroia’s filters are ‘fixed in advance’.'), HELD)).toMatchObject({ ok: false, code: 'undeclared_quotation' });
    // An apostrophe is not a quotation mark.
    expect(checkSentence(sentence('Laroia’s frequency control module keeps each subcarrier within its filter’s passband.'), HELD)).toEqual({ ok: true });
  });

  test('an invented pinpoint, declared or written in the sentence', () => {
    expect(checkSentence(sentence('Laroia ¶ [0099] discusses filter control only.', [], ['¶ [0099]']), HELD)).toMatchObject({
      ok: false,
      code: 'pinpoint',
      reason: 'cites ¶ [0099], which is not a passage given',
    });
    expect(checkSentence(sentence('Laroia ¶ [0099] discusses filter control only.'), HELD)).toMatchObject({ ok: false, code: 'pinpoint' });
    expect(checkSentence(sentence('See also Laroia, col. 4, ll. 10-20.'), HELD)).toMatchObject({ ok: false, code: 'pinpoint' });
    expect(checkSentence(sentence('FIG. 7 of Laroia shows no load.'), HELD)).toMatchObject({ ok: false, code: 'pinpoint' });
  });

  test('a range of paragraphs reaching past those given', () => {
    expect(checkSentence(sentence('Laroia ¶¶ [0031]-[0034] concern filters.'), HELD)).toMatchObject({ ok: false, code: 'pinpoint' });
  });

  test('a quotation of one passage attributed to another', () => {
    const s = sentence(
      'Laroia ¶ [0034] states “frequency control module 318 selectively controls generator 320”.',
      [{ text: 'frequency control module 318 selectively controls generator 320', source: '[0031]' }],
      ['¶ [0034]'],
    );
    expect(checkSentence(s, HELD)).toMatchObject({ ok: false, code: 'pinpoint', reason: expect.stringContaining('quotes [0031]') });
  });

  test('saying the reference lacks a term the chart shows only missing from the passages', () => {
    const s = sentence('Laroia does not mention “communication”.', [{ text: 'communication', source: 'claim' }]);
    expect(checkSentence(s, HELD)).toMatchObject({ ok: false, code: 'absence', reason: expect.stringContaining('“communication”') });
    // The passage named earlier in the sentence is not the subject of the absence.
    const later = sentence(
      'Laroia ¶ [0031] concerns filters, and Laroia does not mention “communication”.',
      [{ text: 'communication', source: 'claim' }],
      ['¶ [0031]'],
    );
    expect(checkSentence(later, HELD)).toMatchObject({ ok: false, code: 'absence' });
  });

  test('saying words are missing that the chart lists nowhere, or without saying which', () => {
    expect(checkSentence(sentence('Laroia does not mention “filter”.', [{ text: 'filter', source: '[0031]' }]), HELD)).toMatchObject({
      ok: false,
      code: 'absence',
    });
    expect(checkSentence(sentence('Laroia does not mention load balancing.'), HELD)).toMatchObject({ ok: false, code: 'absence' });
  });

  test('naming a claim, or an unpaired quotation mark', () => {
    expect(checkSentence(sentence('Claim 1 is therefore novel.'), HELD)).toMatchObject({ ok: false, code: 'names_claim' });
    expect(checkSentence(sentence('Laroia says “filters.'), HELD)).toMatchObject({ ok: false, code: 'malformed' });
  });
});
