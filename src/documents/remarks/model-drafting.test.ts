import { describe, expect, test } from 'vitest';
import { modelDraftingNotes } from './model-drafting.ts';

describe("page 1 on a language model's part in the remarks", () => {
  test('nothing when no model was asked', () => {
    expect(modelDraftingNotes(undefined, 0)).toEqual([]);
  });

  test('the sentences placed, and those dropped by why', () => {
    expect(modelDraftingNotes({ model: 'm-1', outcome: 'drafted', proposed: 6, dropped: { quotation: 2, pinpoint: 1, absence: 0 } }, 3)).toEqual([
      '3 sentences of the remarks were drafted by a language model (m-1) from the claim chart and are marked by drafting notes; their quotations and pinpoints were checked against the held texts. ' +
        '3 proposed sentences were dropped: 2 quoted words not found verbatim in the claim, the Office Action or the passages given; 1 cited a passage that was not given to the model.',
    ]);
  });

  test('none placed: the paper says so rather than counting zero', () => {
    expect(modelDraftingNotes({ model: 'm-1', outcome: 'drafted', proposed: 1, dropped: { undeclared_quotation: 1 } }, 0)).toEqual([
      'A language model (m-1) was asked to explain the charted limitations; none of its sentences is in this paper. 1 proposed sentence was dropped: 1 put words in quotation marks that it did not declare as a quotation.',
    ]);
  });

  test('no answer, or an answer in another format', () => {
    expect(modelDraftingNotes({ model: 'm-1', outcome: 'unavailable', detail: 'HTTP 503', proposed: 0, dropped: {} }, 0)[0]).toMatch(
      /^The charted limitations were to be explained by a language model \(m-1\), which could not be reached \(HTTP 503\); the explanations are left to the practitioner/,
    );
    expect(modelDraftingNotes({ model: 'm-1', outcome: 'unusable', proposed: 0, dropped: {} }, 0)[0]).toMatch(
      /did not answer in the format asked for; nothing it wrote is in this paper/,
    );
  });
});
