import { describe, expect, test } from 'vitest';
import { STRATEGY_CODES } from '../../src/domain/response-plan/strategies.ts';
import { STRATEGY_NAMES } from '../../src/domain/response-plan/words.ts';
import {
  AMENDING,
  STRATEGIES,
  answeredWords,
  argumentLabel,
  claimList,
  claimNeedWords,
  claimStatusWords,
  editErrorWords,
  exportKindWords,
  fieldMessage,
  forPeople,
  jobStateWords,
  paperKindWords,
  placesWords,
  strategyName,
  words,
} from '../../web/src/response/words.ts';

// Issue 19: every message a person sees is written for a person; codes stay in the API.
const NO_CODE = /_|\b[roxi]\d+-[a-z0-9]+\b|\/api\/|\bPUT\b|"[a-z]+"/;

describe('strategies in words', () => {
  test('the wizard offers every strategy code of the API, each by the name the server uses in its own sentences', () => {
    expect(STRATEGIES.map(([code]) => code).sort()).toEqual([...STRATEGY_CODES].sort());
    for (const [code, name] of STRATEGIES) {
      expect(name).toBe(STRATEGY_NAMES[code]);
      expect(name).not.toMatch(NO_CODE);
    }
    expect(strategyName('amend_narrow')).toBe('Amend to narrow');
    expect(strategyName('argue_distinction')).toBe('Argue the rejection');
    expect(strategyName('rewrite_independent')).toBe('Rewrite in independent form');
    expect(strategyName(null)).toBe('No strategy chosen');
    // A code no table knows yet is still never shown as a code.
    expect(strategyName('file_appeal_brief')).toBe('File appeal brief');
    expect([...AMENDING].sort()).toEqual(['amend_clarify', 'amend_narrow', 'rewrite_independent']);
  });
});

describe('kinds of paper, claim statuses, exports and job states in words', () => {
  test('paper kinds from the plan (non_final) and from an analysis type code (CTNF)', () => {
    expect(paperKindWords('non_final')).toBe('non-final rejection');
    expect(paperKindWords('final')).toBe('final rejection');
    expect(paperKindWords('restriction')).toBe('restriction requirement');
    expect(paperKindWords('requirement_for_information')).toBe('requirement for information');
    expect(paperKindWords('quayle')).toBe('Ex parte Quayle action');
    expect(paperKindWords('notice_of_allowance')).toBe('notice of allowance');
    expect(paperKindWords('CTNF')).toBe('non-final rejection');
    expect(paperKindWords('CTFR')).toBe('final rejection');
    // The interface's vocabulary: CTED a restriction, CTRS a requirement for information.
    expect(paperKindWords('CTED')).toBe('restriction requirement');
    expect(paperKindWords('CTRS')).toBe('requirement for information');
    expect(paperKindWords('XYZ')).toBe('office action');
    expect(paperKindWords(null)).toBe('office action');
  });

  test('claim statuses, exports, job states, codes of no table', () => {
    expect(claimStatusWords('objected')).toBe('objected to');
    expect(claimStatusWords('rejected')).toBe('rejected');
    expect(claimStatusWords('some_new_status')).toBe('some new status');
    expect(exportKindWords('oa_response')).toBe('the response to the office action');
    expect(exportKindWords('unknown_kind')).toBe('the document');
    expect(jobStateWords({ status: 'queued' })).toBe('Waiting to start');
    expect(jobStateWords({ status: 'in_progress', current_step: 'Writing remarks' })).toBe('Writing remarks');
    expect(jobStateWords({ status: 'in_progress' })).toBe('In progress');
    expect(words('in_progress')).toBe('In progress');
  });
});

describe('how a ground is answered, and what a claim still needs', () => {
  test('answers, claim by claim, with no code', () => {
    expect(answeredWords([{ claims: [1], how: 'amended' }])).toBe('Claim 1 is amended.');
    expect(answeredWords([{ claims: [3, 4, 5, 6], how: 'abeyance' }])).toBe(
      'Claims 3-6: the response asks that the objection be held in abeyance until allowable subject matter is agreed (37 CFR 1.111(b)); no text is needed.',
    );
    expect(
      answeredWords([
        { claims: [2], how: 'through_amended_base', base: 1 },
        { claims: [5], how: 'cancelled' },
      ]),
    ).toBe('Claim 2 stands or falls with amended claim 1; claim 5 is cancelled.');
    expect(answeredWords([{ claims: [2], how: 'terminal_disclaimer' }])).toBe('Claim 2: a terminal disclaimer is filed.');
    expect(answeredWords([])).toBe('');
    for (const how of [
      'cancelled',
      'previously_cancelled',
      'amended',
      'through_amended_base',
      'argued',
      'terminal_disclaimer',
      'abeyance',
      'election',
      'information',
      'replied',
      'a_new_way',
    ]) {
      expect(answeredWords([{ claims: [1, 2], how, base: 1 }])).not.toMatch(NO_CODE);
    }
  });

  test('the text box of a ground: an argument on a rejection, a reply to an objection', () => {
    expect(argumentLabel({ kind: 'rejection', title: 'Rejection of claims 1-2 under 35 U.S.C. 103' })).toBe(
      'Argument on the rejection of claims 1-2 under 35 U.S.C. 103',
    );
    expect(argumentLabel({ kind: 'claim_objection', title: 'Objection to claims 3-6' })).toBe('Reply to the objection to claims 3-6');
    expect(argumentLabel({ kind: 'document_objection', title: 'Objection to the abstract' })).toBe('Reply to the objection to the abstract');
  });

  test('each missing item of a claim, said beside the claim, without the API text', () => {
    const grounds = [{ ground_id: 'r1-101', kind: 'rejection', title: 'Rejection of claims 1-20 under 35 U.S.C. 101' }];
    expect(
      claimNeedWords(
        { code: 'amended_text_missing', claim: 1, message: 'Claim 1 (amend_narrow): the amended text is not given (PUT .../claims/1/text with "text").' },
        grounds,
      ),
    ).toBe("Claim 1's amended text is missing: type it in the box “Claim 1 as amended”.");
    expect(
      claimNeedWords(
        { code: 'argument_missing', claim: 3, ground_id: 'r1-101', message: 'Claim 3 (argue_distinction): no argument on ground r1-101 (...).' },
        grounds,
      ),
    ).toBe('Argued: write the argument on the rejection of claims 1-20 under 35 U.S.C. 101 in step 1.');
    for (const code of [
      'amended_text_missing',
      'original_text_missing',
      'amendment_unchanged',
      'argument_missing',
      'information_missing',
      'depends_on_cancelled',
      'strategy_not_applicable',
    ]) {
      const said = claimNeedWords(
        {
          code,
          claim: 4,
          ground_id: 'r1-101',
          message: `Claim 4 (amend_narrow): PUT .../claims/4/text with "original_text" ${code}`,
          plain: 'Claim 4 depends from claim 2, which this reply cancels.',
        },
        grounds,
      );
      expect(said, code).not.toMatch(NO_CODE);
    }
  });

  test('the places to fill, as the paper will have them', () => {
    expect(placesWords(14, 'paper')).toBe('The paper will have 14 highlighted, bracketed places for you to fill.');
    expect(placesWords(1, 'paper')).toBe('The paper will have 1 highlighted, bracketed place for you to fill.');
    expect(placesWords(9, 'paper_before_model')).toMatch(/^The paper will have at most 9 highlighted, bracketed places/);
    expect(placesWords(9, 'outline')).toMatch(/^The paper will have about 9 /);
    expect(placesWords(0, 'paper')).toBe('The paper will have no highlighted, bracketed places left for you to fill.');
    expect(placesWords(14, 'paper', true)).toBe('The paper has 14 highlighted, bracketed places for you to fill.');
  });

  test('claim lists with ranges', () => {
    expect(claimList([6, 1, 2, 3, 5, 9])).toBe('1-3, 5-6, 9');
    expect(claimList([])).toBe('');
  });
});

describe('refusals in words', () => {
  test('a field path in words, suggestions naming API calls kept from people, plan edits refused', () => {
    expect(fieldMessage('input.timing: the docket puts it in 1.97(d)')).toBe('Timing: the docket puts it in 1.97(d)');
    expect(fieldMessage('documents.1.publication_number: must be a publication number')).toBe(
      'Documents, row 2, publication number: must be a publication number',
    );
    expect(fieldMessage('body.input.us_patents.0.patentee_or_applicant: Too big: expected string to have <=200 characters')).toBe(
      'U.S. patents, row 1, patentee or applicant: at most 200 characters',
    );
    expect(fieldMessage('Prosecution is not closed.')).toBe('Prosecution is not closed.');
    expect(forPeople('Reply to the pending action under 37 CFR 1.111 instead.')).toBe(true);
    expect(forPeople('Check GET /api/applications/17200011/ids-timing, then send the timing it gives.')).toBe(false);
    expect(forPeople('Send "group" with one of I, II.')).toBe(false);
    expect(forPeople('Set it to no_action.')).toBe(false);
    expect(editErrorWords('plan_submitted', 'Response plan rp_x was submitted (draft job dj_y) and can no longer be changed.')).toBe(
      'This response was already submitted; it can no longer be changed.',
    );
    expect(editErrorWords('validation_error', 'text: at most 100000 characters')).toBe('Not saved: at most 100000 characters');
  });
});
