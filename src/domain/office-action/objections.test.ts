import { describe, expect, test } from 'vitest';
import { parseOfficeAction } from './parse.ts';

describe('objections (MPEP 7.29, 7.43, 7.75, 7.05.05)', () => {
  test('informalities (7.29), with the reason quoted', () => {
    const p = parseOfficeAction(
      'Claims 1, 11 and 17 are objected to because of the following informalities:  the word “mirco” is an error; it should be replaced with --micro--.  Appropriate correction is required.',
    );
    expect(p.objections).toHaveLength(1);
    expect(p.objections[0]).toMatchObject({ claims: [1, 11, 17], type: 'informality', allowable_if_rewritten: false });
    expect(p.objections[0].detail?.text).toBe('the word “mirco” is an error; it should be replaced with --micro--.');
  });

  test('dependent on a rejected base claim but allowable if rewritten (7.43)', () => {
    const p = parseOfficeAction(
      'Claims 3-6 are objected to as being dependent upon a rejected base claim, but would be allowable if rewritten in independent form including all of the limitations of the base claim and any intervening claims.',
    );
    expect(p.objections[0]).toMatchObject({ claims: [3, 4, 5, 6], type: 'dependent_on_rejected_base', allowable_if_rewritten: true });
    expect(p.rejections).toEqual([]);
  });

  test('objected to by dependency, with the parent', () => {
    const p = parseOfficeAction('Claims 5-8 are objected based upon their dependency from claim 4.');
    expect(p.objections[0]).toMatchObject({ claims: [5, 6, 7, 8], type: 'dependency', parent_claims: [4] });
  });

  test('improper multiple dependent claim (37 CFR 1.75(c)) and substantial duplicate', () => {
    const p = parseOfficeAction(
      'Claim 17 is objected to under 37 CFR 1.75(c) as being in improper form because a multiple dependent claim should refer to other claims in the alternative only. Claims 12 and 13 are objected to under 37 CFR 1.75 as being a substantial duplicate of claims 10 and 11.',
    );
    expect(p.objections.map((o) => [o.claims, o.type])).toEqual([
      [[17], 'improper_multiple_dependent'],
      [[12, 13], 'duplicate'],
    ]);
  });

  test('objections to the specification, abstract and drawings are not claim objections', () => {
    const p = parseOfficeAction(
      'The abstract of the disclosure is objected to because the word “mirco” is an error. The drawings are objected to because Fig. 2 lacks reference numeral 12. The disclosure is objected to because of the following informalities: typo.',
    );
    expect(p.objections).toEqual([]);
    expect(p.document_objections.map((d) => d.target)).toEqual(['abstract', 'drawings', 'disclosure']);
  });

  test('"The objection to claim 3 is withdrawn" is not an objection', () => {
    expect(parseOfficeAction('The objection to claim 3 has been withdrawn.').objections).toEqual([]);
  });
});

describe('allowed, allowable, cancelled, withdrawn and pending claims', () => {
  test.each([
    ['Claims 19 and 20 are allowed.', [19, 20], 'allowed'],
    ['Claim s 3-5 are allowed.', [3, 4, 5], 'allowed'],
    ['Claims 1, 4, 6-10 are allowed over the prior art of record.', [1, 4, 6, 7, 8, 9, 10], 'allowed'],
    ['The allowed claim(s) is/are 1, 4 and 6-10.', [1, 4, 6, 7, 8, 9, 10], 'allowed'],
    ['Claims 7-8 appear to contain allowable subject matter.', [7, 8], 'allowable_subject_matter'],
    ['Claims 2-9 are considered allowable based on their respective dependence on allowed claim 1.', [2, 3, 4, 5, 6, 7, 8, 9], 'allowed'],
    [
      'Claim 8 would be allowable if rewritten to overcome the rejection(s) under 35 U.S.C. 112(b) set forth in this Office action and to include all of the limitations of the base claim and any intervening claims.',
      [8],
      'allowable_if_rewritten',
    ],
  ])('%s', (text, claims, kind) => {
    const p = parseOfficeAction(text);
    expect(p.allowability.map((a) => [a.claims, a.kind])).toContainEqual([claims, kind]);
  });

  test.each([
    'No claims are allowed.',
    'Claims 21-25 are withdrawn from further consideration, there being no allowable generic or linking claim.',
    'The indicated allowability of claims 5-7 is withdrawn in view of the newly discovered reference.',
  ])('not an allowance: %s', (text) => {
    expect(parseOfficeAction(text).allowability).toEqual([]);
  });

  test.each([
    ['Claims 26-30 have been cancelled.', [26, 27, 28, 29, 30], 'cancelled'],
    ['Accordingly, claim s 11-21 been cancelled.', [11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21], 'cancelled'],
    ['The application has been amended as follows: Cancel claims 11-21.', [11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21], 'cancelled'],
    ["Applicant's cancellation of claims 2, 3 and 5 is acknowledged.", [2, 3, 5], 'cancelled'],
    [
      'Claims 21-25 are withdrawn from further consideration pursuant to 37 CFR 1.142(b) as being drawn to a nonelected invention.',
      [21, 22, 23, 24, 25],
      'withdrawn',
    ],
    ['Claims 1-26 are pending and ready for examination.', Array.from({ length: 26 }, (_, i) => i + 1), 'pending'],
    ['Claims 1-12 are presented for examination.', Array.from({ length: 12 }, (_, i) => i + 1), 'pending'],
  ])('%s', (text, claims, disposition) => {
    const p = parseOfficeAction(text);
    expect(p.dispositions.map((d) => [d.claims, d.disposition])).toContainEqual([claims, disposition]);
  });

  test.each([
    'Applicant is required to cancel claims 5-9 if the election is made.',
    'The rejection of claims 1-5 under 35 U.S.C. 112 is withdrawn.',
    'In claim 1, line 3, cancel "the".',
  ])('no disposition: %s', (text) => {
    expect(parseOfficeAction(text).dispositions).toEqual([]);
  });
});

describe('conditional statements are not dispositions', () => {
  test('duplicate-claim warning (7.05.05)', () => {
    const p = parseOfficeAction(
      'Applicant is advised that should claim 1 be found allowable, claim 2 will be objected to under 37 CFR 1.75 as being a substantial duplicate thereof.',
    );
    expect(p.objections).toEqual([]);
    expect(p.allowability).toEqual([]);
  });
});
